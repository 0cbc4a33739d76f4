/// Where a value was found in the document it was read from.
///
/// Parsers stamp every value they produce with a position so that an error found
/// later, for example while mapping a config file into a model, can still point at
/// the line and column the user has to fix. Text formats record a line and a column;
/// binary formats record a byte offset. Values built in code carry ``unknown``.
///
/// The position is eight bytes, kept inside every ``SupportedType``; it takes no part
/// in equality or hashing.
public struct SourcePosition: Sendable, Hashable {
    // `first == 0` means unknown; `first == .max` means `second` is a byte offset;
    // otherwise `first` is the 1-based line and `second` the 1-based column.
    @usableFromInline let first: UInt32
    @usableFromInline let second: UInt32

    @inlinable init(first: UInt32, second: UInt32) {
        self.first = first
        self.second = second
    }

    /// A value that did not come from a document.
    ///
    /// Computed rather than stored: every value made without a position uses it, and
    /// a stored static would be reached through a lazy-initialisation check each time.
    @inlinable public static var unknown: SourcePosition { SourcePosition(first: 0, second: 0) }

    /// A position in a text document.
    /// - Parameters:
    ///   - line: The line, counted from 1.
    ///   - column: The column, counted from 1, in bytes of UTF-8 unless the format says otherwise.
    @inlinable
    public static func text(line: Int, column: Int) -> SourcePosition {
        SourcePosition(first: clamp(line, upTo: UInt32.max - 1), second: clamp(column, upTo: UInt32.max))
    }

    /// A position in a binary document, as the offset of the value's first byte.
    @inlinable
    public static func byteOffset(_ offset: Int) -> SourcePosition {
        SourcePosition(first: .max, second: clamp(offset, upTo: UInt32.max))
    }

    @inlinable
    static func clamp(_ value: Int, upTo limit: UInt32) -> UInt32 {
        value <= 0 ? 0 : (value >= Int(limit) ? limit : UInt32(truncatingIfNeeded: value))
    }

    /// Whether the position says anything at all.
    public var isKnown: Bool { first != 0 }

    /// The 1-based line for a text position, `nil` otherwise.
    public var line: Int? { first != 0 && first != .max ? Int(first) : nil }

    /// The 1-based column for a text position, `nil` otherwise.
    public var column: Int? { first != 0 && first != .max ? Int(second) : nil }

    /// The byte offset for a binary position, `nil` otherwise.
    public var byteOffset: Int? { first == .max ? Int(second) : nil }
}

extension SourcePosition: CustomStringConvertible {
    /// `line:column`, `byte N`, or `unknown`.
    public var description: String {
        if let line, let column { return "\(line):\(column)" }
        if let byteOffset { return "byte \(byteOffset)" }
        return "unknown"
    }
}
