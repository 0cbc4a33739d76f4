import DataMapperCore

/// Reads and writes a fixed-width integer type other than `Int`: `Int64`, `Int32`,
/// `UInt8`, … — the default transformation of each.
///
/// The number rule of ``IntTransformation``, with the type's own range: integers,
/// whole floating-point numbers and exact big numbers are read when they fit
/// `Value`; one that does not fit is an ``DataMapperError/Kind/invalidValue`` error
/// naming the type, and a fraction is a type mismatch. Strings are not numbers,
/// except under ``TextScalars``. Writes ``SupportedType/Kind/int(_:)``, or
/// ``SupportedType/Kind/uint(_:)`` above `Int.max`.
public struct IntegerTransformation<Value: FixedWidthInteger & Sendable>: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads a `Value` under the number rule above.
    public func transform(from value: SupportedType) throws -> Value {
        let converted: Value?
        switch value.kind {
        case .int(let integer), .intOrDouble(let integer):
            converted = Value(exactly: integer)
        case .uint(let integer):
            converted = Value(exactly: integer)
        case .bigNumber(let text):
            converted = Value(text)
        case .double(let number):
            guard number.rounded(.towardZero) == number else {
                throw DataMapperError.typeMismatch(expected: "an integer", found: value)
            }
            converted = Value(exactly: number)
        case .string(let text):
            guard let integer = ConversionPolicy.current.int(from: text) else {
                throw DataMapperError.typeMismatch(expected: "an integer", found: value)
            }
            converted = Value(exactly: integer)
        default:
            throw DataMapperError.typeMismatch(expected: "an integer", found: value)
        }
        guard let converted else {
            throw DataMapperError.invalidValue("the number \(value.numberText) does not fit \(Value.self)", at: value)
        }
        return converted
    }

    /// Writes `object` as an integer.
    public func transform(object: Value) -> SupportedType {
        if let integer = Int(exactly: object) { return .int(integer) }
        return .uint64(UInt64(truncatingIfNeeded: object))
    }
}

extension SupportedType {
    /// A number as it reads in a message.
    fileprivate var numberText: String {
        switch kind {
        case .int(let integer), .intOrDouble(let integer): String(integer)
        case .uint(let integer): String(integer)
        case .double(let number): String(number)
        case .bigNumber(let text), .string(let text): text
        default: kindDescription
        }
    }
}
