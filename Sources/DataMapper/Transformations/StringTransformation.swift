import DataMapperCore

/// Reads and writes `String` from ``SupportedType/Kind/string(_:)`` only.
///
/// Numbers are not turned into text: a number where a string was expected is a type
/// mismatch that names both, except under ``ConversionPolicy/textFromNumbers``.
public struct StringTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads a string.
    @inlinable
    public func transform(from value: SupportedType) throws -> String {
        if case .string(let text) = value.kind { return text }
        return try Self.lenientTransform(from: value)
    }

    /// What the ``ConversionPolicy`` in force makes of a value that is not a string.
    @usableFromInline @inline(never)
    static func lenientTransform(from value: SupportedType) throws -> String {
        if let text = ConversionPolicy.current.text(fromNumber: value) { return text }
        throw DataMapperError.stringExpected(found: value)
    }

    /// Writes `object` as a string.
    @inlinable
    public func transform(object: String) -> SupportedType { .string(object) }
}
