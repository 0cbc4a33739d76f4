import DataMapperCore

// `map` in its three forms for the five shapes of map protocol types.

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional object (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout T?) {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional array (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [T]?) {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional dictionary (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [String: T]?) {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional array with `nil` elements (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [T?]?) {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as an optional dictionary with `nil` values (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [String: T?]?) {
        apply(read: { field = $0.get() }, write: { $0.set(field) })
    }

    // MARK: - Throwing

    /// Reads the field as a required object, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout T) throws {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required array, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [T]) throws {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required dictionary, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [String: T]) throws {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required array with `nil` elements, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [T?]) throws {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    /// Reads the field as a required dictionary with `nil` values, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [String: T?]) throws {
        try apply(read: { field = try $0.get() }, write: { $0.set(field) })
    }

    // MARK: - Default

    /// Reads the field as an object, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout T, or defaultValue: @autoclosure () -> T) {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as an array, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [T], or defaultValue: @autoclosure () -> [T]) {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a dictionary, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [String: T], or defaultValue: @autoclosure () -> [String: T]) {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as an array with `nil` elements, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [T?], or defaultValue: @autoclosure () -> [T?]) {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }

    /// Reads the field as a dictionary with `nil` values, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<T: Deserializable & Serializable>(_ field: inout [String: T?], or defaultValue: @autoclosure () -> [String: T?]) {
        apply(read: { field = $0.get(or: defaultValue()) }, write: { $0.set(field) })
    }
}
