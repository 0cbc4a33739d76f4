import DataMapperCore

/// Reads and writes `Bool` from ``SupportedType/Kind/bool(_:)`` only.
///
/// Numbers and strings such as `1` or `"true"` are type mismatches: guessing would
/// hide mistakes in the data. A ``ConversionPolicy`` can relax this: under
/// ``TextScalars`` (for formats without types such as XML) the strings `"true"`,
/// `"false"`, `"1"` and `"0"` are read; under ``ConversionPolicy/compatible`` also
/// `"yes"`, `"no"` and the numbers `1` and `0`.
public struct BoolTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads a boolean.
    @inlinable
    public func transform(from value: SupportedType) throws -> Bool {
        if case .bool(let flag) = value.kind { return flag }
        return try Self.lenientTransform(from: value)
    }

    /// What the ``ConversionPolicy`` in force makes of a value that is not a boolean.
    @usableFromInline @inline(never)
    static func lenientTransform(from value: SupportedType) throws -> Bool {
        let policy = ConversionPolicy.current
        if case .string(let text) = value.kind, let flag = policy.bool(from: text) { return flag }
        if let flag = policy.bool(fromNumber: value) { return flag }
        throw DataMapperError.typeMismatch(expected: "a boolean", found: value)
    }

    /// Writes `object` as a boolean.
    @inlinable
    public func transform(object: Bool) -> SupportedType { .bool(object) }
}
