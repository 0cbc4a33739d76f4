import DataMapperCore

/// Reads and writes `Double`.
///
/// Number rule: a floating-point value is read as is, and so is any integer, because
/// text formats write `1` for a price of one (`"price": 1` reads as `1.0`). Integers
/// beyond 2⁵³ and numbers kept as ``SupportedType/Kind/bigNumber(_:)`` are rounded to
/// the nearest `Double`; one beyond `Double`'s range is an
/// ``DataMapperError/Kind/invalidValue`` error. Strings are not numbers (except under ``TextScalars``). Writes
/// ``SupportedType/Kind/double(_:)``.
public struct DoubleTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads a `Double` under the number rule above.
    @inlinable
    public func transform(from value: SupportedType) throws -> Double {
        if let number = value.nearestDouble { return number }
        switch value.kind {
        case .bigNumber(let text):
            throw DataMapperError.invalidValue("the number \(text) is outside the range of Double", at: value)
        case .string(let text):
            if let number = ConversionPolicy.current.double(from: text) { return number }
            throw DataMapperError.typeMismatch(expected: "a number", found: value)
        default:
            throw DataMapperError.typeMismatch(expected: "a number", found: value)
        }
    }

    /// Writes `object` as a floating-point number.
    @inlinable
    public func transform(object: Double) -> SupportedType { .double(object) }
}
