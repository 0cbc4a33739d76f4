import DataMapper

// The shorthands of `addAttribute(_:)`: each adds the `MappedAttribute` built by the
// initializer of the same shape.
extension EntityMapping {
    /// Adds the attribute of a property whose type converts itself.
    public mutating func addAttribute<Value>(_ keyPath: WritableKeyPath<Model, Value> & Sendable, at path: DataPath?)
    where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        addAttribute(MappedAttribute(keyPath, at: path))
    }

    /// Adds the attribute of an optional property whose type converts itself.
    public mutating func addAttribute<Value>(_ keyPath: WritableKeyPath<Model, Value?> & Sendable, at path: DataPath?)
    where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        addAttribute(MappedAttribute(keyPath, at: path))
    }

    /// Adds the attribute of a property converted by `transformation`.
    public mutating func addAttribute<T: Transformation>(_ keyPath: WritableKeyPath<Model, T.Object> & Sendable, at path: DataPath?, using transformation: T) {
        addAttribute(MappedAttribute(keyPath, at: path, using: transformation))
    }

    /// Adds the attribute of an optional property converted by `transformation`.
    public mutating func addAttribute<T: Transformation>(_ keyPath: WritableKeyPath<Model, T.Object?> & Sendable, at path: DataPath?, using transformation: T) {
        addAttribute(MappedAttribute(keyPath, at: path, using: transformation))
    }

    /// Adds the attribute of a property converted by two closures; see
    /// ``MappedAttribute`` for when each is called.
    @_disfavoredOverload
    public mutating func addAttribute<Value>(
        _ keyPath: WritableKeyPath<Model, Value> & Sendable,
        at path: DataPath?,
        map: @escaping @Sendable (SupportedType) throws -> Value,
        reverseMap: @escaping @Sendable (Value) throws -> SupportedType?
    ) {
        addAttribute(MappedAttribute(keyPath, at: path, map: map, reverseMap: reverseMap))
    }

    /// Adds the attribute of an optional property converted by two closures.
    public mutating func addAttribute<Value>(
        _ keyPath: WritableKeyPath<Model, Value?> & Sendable,
        at path: DataPath?,
        map: @escaping @Sendable (SupportedType) throws -> Value?,
        reverseMap: @escaping @Sendable (Value) throws -> SupportedType?
    ) {
        addAttribute(MappedAttribute(keyPath, at: path, map: map, reverseMap: reverseMap))
    }

    /// Adds one attribute per pair of property and path, in order, all of one value type:
    /// `person.addAttributes([\.name: "name", \.email: "user_email"])`.
    public mutating func addAttributes<Value>(_ pairs: KeyValuePairs<WritableKeyPath<Model, Value> & Sendable, DataPath>)
    where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        for (keyPath, path) in pairs { addAttribute(keyPath, at: path) }
    }

    /// Adds one attribute per pair of optional property and path, in order.
    public mutating func addAttributes<Value>(_ pairs: KeyValuePairs<WritableKeyPath<Model, Value?> & Sendable, DataPath>)
    where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        for (keyPath, path) in pairs { addAttribute(keyPath, at: path) }
    }
}
