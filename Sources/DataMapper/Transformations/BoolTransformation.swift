import DataMapperCore

/// Reads and writes `Bool` from ``SupportedType/Kind/bool(_:)`` only.
///
/// Numbers and strings such as `1` or `"true"` are type mismatches: guessing would
/// hide mistakes in the data. Under the opt-in ``TextScalars`` policy, for formats
/// without types such as XML, the strings `"true"`, `"false"`, `"1"` and `"0"` are read.
public struct BoolTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads a boolean.
    @inlinable
    public func transform(from value: SupportedType) throws -> Bool {
        if case .bool(let flag) = value.kind { return flag }
        if case .string(let text) = value.kind, let flag = TextScalars.bool(from: text) { return flag }
        throw DataMapperError.typeMismatch(expected: "a boolean", found: value)
    }

    /// Writes `object` as a boolean.
    @inlinable
    public func transform(object: Bool) -> SupportedType { .bool(object) }
}
