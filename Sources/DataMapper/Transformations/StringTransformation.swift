import DataMapperCore

/// Reads and writes `String` from ``SupportedType/Kind/string(_:)`` only.
///
/// Numbers are not turned into text: a number where a string was expected is a type
/// mismatch that names both.
public struct StringTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads a string.
    @inlinable
    public func transform(from value: SupportedType) throws -> String {
        if case .string(let text) = value.kind { return text }
        throw DataMapperError.stringExpected(found: value)
    }

    /// Writes `object` as a string.
    @inlinable
    public func transform(object: String) -> SupportedType { .string(object) }
}
