/// The place an error points at: a file (when known) and a position in it.
///
/// ``SourcePosition`` is what a parser stamps on each value; a `SourceLocation` adds
/// the file name, which only the caller that opened the file knows. Tools print it as
/// `file:line:column`, the form editors and terminals turn into links.
public struct SourceLocation: Sendable, Hashable {
    /// The file the document was read from, or `nil` for in-memory input.
    public var file: String?
    /// The position inside the document.
    public var position: SourcePosition

    /// Creates a location from an optional file name and a position.
    public init(file: String? = nil, position: SourcePosition) {
        self.file = file
        self.position = position
    }

    /// The 1-based line, when the document is text.
    public var line: Int? { position.line }
    /// The 1-based column, when the document is text.
    public var column: Int? { position.column }
    /// The byte offset, when the document is binary.
    public var byteOffset: Int? { position.byteOffset }
}

extension SourceLocation: CustomStringConvertible {
    /// `file:line:column`, dropping whatever is unknown (`file:byte 12` for binary input).
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if position.isKnown { parts.append(position.description) }
        return parts.joined(separator: ":")
    }
}
