import DataMapperCore

// `map` in its three forms for enums and other `RawRepresentable` types whose raw value
// maps by itself (`String`, `Int`, ...), so that they need no
// `using: EnumTransformation()`. The overloads are disfavoured: a raw-value type
// that also conforms to `Deserializable` and `Serializable` itself is mapped by that
// conformance, as before.

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional case (`nil` when missing, null or failing), or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout T?) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional array of cases (`nil` when missing, null or failing), or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [T]?) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional dictionary of cases (`nil` when missing, null or failing), or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [String: T]?) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional array of cases with `nil` elements (`nil` when missing, null or failing), or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [T?]?) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional dictionary of cases with `nil` values (`nil` when missing, null or failing), or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [String: T?]?) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional set of cases (`nil` when missing, null or failing), or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable & Hashable>(_ field: inout Set<T>?) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    // MARK: - Throwing

    /// Reads the field as a required case, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout T) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required array of cases, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [T]) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required dictionary of cases, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [String: T]) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required array of cases with `nil` elements, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [T?]) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required dictionary of cases with `nil` values, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [String: T?]) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required set of cases, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable & Hashable>(_ field: inout Set<T>) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    // MARK: - Default

    /// Reads the field as a case, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout T, or defaultValue: @autoclosure () -> T) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a array of cases, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [T], or defaultValue: @autoclosure () -> [T]) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a dictionary of cases, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [String: T], or defaultValue: @autoclosure () -> [String: T]) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a array of cases with `nil` elements, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [T?], or defaultValue: @autoclosure () -> [T?]) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a dictionary of cases with `nil` values, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable>(_ field: inout [String: T?], or defaultValue: @autoclosure () -> [String: T?]) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a set of cases, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable @_disfavoredOverload
    public mutating func map<T: RawRepresentable & Hashable>(_ field: inout Set<T>, or defaultValue: @autoclosure () -> Set<T>) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }
}
