import DataMapperCore

// `set` for enums and other `RawRepresentable` types whose raw value
// maps by itself (`String`, `Int`, ...), so that they need no
// `using: EnumTransformation()`. The overloads are disfavoured: a raw-value type
// that also conforms to `Serializable` itself is mapped by that
// conformance, as before.

extension SerializableData {
    /// Writes the case's raw value; `nil` writes null.
    @inlinable @_disfavoredOverload
    public mutating func set<T: RawRepresentable>(_ object: T?) where T.RawValue: SerializableSupportedTypeConvertible {
        value = ShapeWriter.single(object, EnumTransformation<T>())
    }

    /// Writes an array of raw values; `nil` writes null.
    @inlinable @_disfavoredOverload
    public mutating func set<T: RawRepresentable>(_ objects: [T]?) where T.RawValue: SerializableSupportedTypeConvertible {
        value = ShapeWriter.array(objects, EnumTransformation<T>())
    }

    /// Writes a dictionary of raw values, keys sorted; `nil` writes null.
    @inlinable @_disfavoredOverload
    public mutating func set<T: RawRepresentable>(_ objects: [String: T]?) where T.RawValue: SerializableSupportedTypeConvertible {
        value = ShapeWriter.dictionary(objects, EnumTransformation<T>())
    }

    /// Writes an array of raw values with `nil` elements as null.
    @inlinable @_disfavoredOverload
    public mutating func set<T: RawRepresentable>(_ objects: [T?]?) where T.RawValue: SerializableSupportedTypeConvertible {
        value = ShapeWriter.optionalArray(objects, EnumTransformation<T>())
    }

    /// Writes a dictionary of raw values with `nil` values as null, keys sorted.
    @inlinable @_disfavoredOverload
    public mutating func set<T: RawRepresentable>(_ objects: [String: T?]?) where T.RawValue: SerializableSupportedTypeConvertible {
        value = ShapeWriter.optionalDictionary(objects, EnumTransformation<T>())
    }

    /// Writes a set of cases as an array of raw values in a fixed order; `nil` writes null.
    @inlinable @_disfavoredOverload
    public mutating func set<T: RawRepresentable & Hashable>(_ objects: Set<T>?) where T.RawValue: SerializableSupportedTypeConvertible {
        value = ShapeWriter.set(objects, EnumTransformation<T>())
    }
}
