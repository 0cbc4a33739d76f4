import DataMapperCore

/// Reads and writes a `RawRepresentable` type, typically an enum, through its raw value.
///
/// The raw value is read with its own default transformation; a raw value that names
/// no case is an ``DataMapperError/Kind/invalidValue`` error (`null` for the optional
/// forms of `get`).
///
/// ```swift
/// enum Genre: String { case fiction, poetry }
/// let genre: Genre? = data["genre"].get(using: EnumTransformation())
/// ```
public struct EnumTransformation<Object: RawRepresentable>: Transformation
where Object.RawValue: SupportedTypeConvertible {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Reads the raw value and makes the case it names.
    @inlinable
    public func transform(from value: SupportedType) throws -> Object {
        let raw = try Object.RawValue.defaultTransformation.transform(from: value)
        guard let object = Object(rawValue: raw) else {
            throw DataMapperError.invalidValue("\(value.mismatchDescription) is not a raw value of \(Object.self)", at: value)
        }
        return object
    }

    /// Writes the case's raw value.
    @inlinable
    public func transform(object: Object) -> SupportedType {
        Object.RawValue.defaultTransformation.transform(object: object.rawValue)
    }
}
