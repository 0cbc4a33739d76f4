import DataMapperCore

/// Reads and writes `Int`.
///
/// Number rule: integers of every kind are read when they fit `Int`. A floating-point
/// value is read only when it is a whole number that fits exactly (`3.0` gives `3`,
/// `2.5` is a type mismatch), so no fraction is ever dropped in silence. A number too
/// large for `Int` is an ``DataMapperError/Kind/invalidValue`` error. Strings are not
/// numbers, except under ``TextScalars``. Writes ``SupportedType/Kind/int(_:)``.
public struct IntTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads an `Int` under the number rule above.
    @inlinable
    public func transform(from value: SupportedType) throws -> Int {
        switch value.kind {
        case .int(let integer), .intOrDouble(let integer):
            return integer
        default:
            return try Self.slowTransform(from: value)
        }
    }

    @usableFromInline
    static func slowTransform(from value: SupportedType) throws -> Int {
        switch value.kind {
        case .uint(let integer):
            throw DataMapperError.invalidValue("the integer \(integer) does not fit Int", at: value)
        case .bigNumber(let text):
            if let integer = Int(text) { return integer }
            throw DataMapperError.invalidValue("the number \(text) is not an integer that fits Int", at: value)
        case .double(let number):
            if let integer = Int(exactly: number) { return integer }
            throw DataMapperError.typeMismatch(expected: "an integer", found: value)
        case .string(let text):
            if let integer = ConversionPolicy.current.int(from: text) { return integer }
            throw DataMapperError.typeMismatch(expected: "an integer", found: value)
        default:
            throw DataMapperError.typeMismatch(expected: "an integer", found: value)
        }
    }

    /// Writes `object` as an integer.
    @inlinable
    public func transform(object: Int) -> SupportedType { .int(object) }
}
