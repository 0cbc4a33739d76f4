import DataMapperCore

// `deserialize` and `serialize` for enums and other `RawRepresentable` types whose raw value
// maps by itself (`String`, `Int`, ...), so that they need no
// `using: EnumTransformation()`. The overloads are disfavoured: a raw-value type
// that also conforms to `Deserializable` or `Serializable` itself is mapped by that
// conformance, as before.

extension ObjectMapper {
    // MARK: - Reading, optional

    /// Reads a case, or `nil` when `value` is null or no raw value of `T`.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType) -> T? where T.RawValue: DeserializableSupportedTypeConvertible {
        value.isNull ? nil : try? underPolicy { try EnumTransformation<T>().transform(from: value) }
    }

    /// Reads an array of cases, or `nil` when `value` is not an array or any element fails.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType) -> [T]? where T.RawValue: DeserializableSupportedTypeConvertible {
        try? underPolicy { try ShapeReader.array(value, EnumTransformation<T>()) }
    }

    /// Reads a dictionary of cases, or `nil` when `value` is not a dictionary or any entry fails.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType) -> [String: T]? where T.RawValue: DeserializableSupportedTypeConvertible {
        try? underPolicy { try ShapeReader.dictionary(value, EnumTransformation<T>()) }
    }

    /// Reads an array of cases whose failing or null elements become `nil`.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType) -> [T?]? where T.RawValue: DeserializableSupportedTypeConvertible {
        try? underPolicy { try ShapeReader.optionalArray(value, EnumTransformation<T>()) }
    }

    /// Reads a dictionary of cases whose failing or null entries become `nil`.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType) -> [String: T?]? where T.RawValue: DeserializableSupportedTypeConvertible {
        try? underPolicy { try ShapeReader.optionalDictionary(value, EnumTransformation<T>()) }
    }

    /// Reads a set of cases from an array, or `nil` when `value` is not an array or any element fails.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable & Hashable>(_ value: SupportedType) -> Set<T>? where T.RawValue: DeserializableSupportedTypeConvertible {
        try? underPolicy { try ShapeReader.set(value, EnumTransformation<T>()) }
    }

    // MARK: - Reading, throwing

    /// Reads a case, or throws why it cannot: the value and, for a `CaseIterable` type, the allowed raw values.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType, as type: T.Type) throws -> T where T.RawValue: DeserializableSupportedTypeConvertible {
        try underPolicy { try ShapeReader.single(value, EnumTransformation<T>()) }
    }

    /// Reads an array of cases, or throws the first element's failure (its path starts with the index).
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType, as type: [T].Type) throws -> [T] where T.RawValue: DeserializableSupportedTypeConvertible {
        try underPolicy { try ShapeReader.array(value, EnumTransformation<T>()) }
    }

    /// Reads a dictionary of cases, or throws the first entry's failure (its path starts with the key).
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType, as type: [String: T].Type) throws -> [String: T] where T.RawValue: DeserializableSupportedTypeConvertible {
        try underPolicy { try ShapeReader.dictionary(value, EnumTransformation<T>()) }
    }

    /// Reads an array whose failing or null elements become `nil`; throws only when `value` is not an array.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType, as type: [T?].Type) throws -> [T?] where T.RawValue: DeserializableSupportedTypeConvertible {
        try underPolicy { try ShapeReader.optionalArray(value, EnumTransformation<T>()) }
    }

    /// Reads a dictionary whose failing or null entries become `nil`; throws only when `value` is not a dictionary.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable>(_ value: SupportedType, as type: [String: T?].Type) throws -> [String: T?] where T.RawValue: DeserializableSupportedTypeConvertible {
        try underPolicy { try ShapeReader.optionalDictionary(value, EnumTransformation<T>()) }
    }

    /// Reads a set of cases from an array, or throws the first element's failure.
    @inlinable @_disfavoredOverload
    public func deserialize<T: RawRepresentable & Hashable>(_ value: SupportedType, as type: Set<T>.Type) throws -> Set<T> where T.RawValue: DeserializableSupportedTypeConvertible {
        try underPolicy { try ShapeReader.set(value, EnumTransformation<T>()) }
    }

    // MARK: - Writing

    /// Writes a case's raw value; `nil` gives ``SupportedType/null``.
    @inlinable @_disfavoredOverload
    public func serialize<T: RawRepresentable>(_ object: T?) -> SupportedType where T.RawValue: SerializableSupportedTypeConvertible {
        ShapeWriter.single(object, EnumTransformation<T>())
    }

    /// Writes an array of raw values; `nil` gives ``SupportedType/null``.
    @inlinable @_disfavoredOverload
    public func serialize<T: RawRepresentable>(_ objects: [T]?) -> SupportedType where T.RawValue: SerializableSupportedTypeConvertible {
        ShapeWriter.array(objects, EnumTransformation<T>())
    }

    /// Writes a dictionary of raw values, keys sorted; `nil` gives ``SupportedType/null``.
    @inlinable @_disfavoredOverload
    public func serialize<T: RawRepresentable>(_ objects: [String: T]?) -> SupportedType where T.RawValue: SerializableSupportedTypeConvertible {
        ShapeWriter.dictionary(objects, EnumTransformation<T>())
    }

    /// Writes an array of raw values with `nil` elements as ``SupportedType/null``.
    @inlinable @_disfavoredOverload
    public func serialize<T: RawRepresentable>(_ objects: [T?]?) -> SupportedType where T.RawValue: SerializableSupportedTypeConvertible {
        ShapeWriter.optionalArray(objects, EnumTransformation<T>())
    }

    /// Writes a dictionary of raw values with `nil` values as ``SupportedType/null``, keys sorted.
    @inlinable @_disfavoredOverload
    public func serialize<T: RawRepresentable>(_ objects: [String: T?]?) -> SupportedType where T.RawValue: SerializableSupportedTypeConvertible {
        ShapeWriter.optionalDictionary(objects, EnumTransformation<T>())
    }

    /// Writes a set of cases as an array of raw values in a fixed order; `nil` gives ``SupportedType/null``.
    @inlinable @_disfavoredOverload
    public func serialize<T: RawRepresentable & Hashable>(_ objects: Set<T>?) -> SupportedType where T.RawValue: SerializableSupportedTypeConvertible {
        ShapeWriter.set(objects, EnumTransformation<T>())
    }
}
