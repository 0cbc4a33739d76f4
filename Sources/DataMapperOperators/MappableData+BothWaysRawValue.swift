import DataMapper

// `<~>` over `map(&field)` for enums and other `RawRepresentable` types whose raw
// value maps by itself, and sets of them. Disfavoured, as the `map` overloads are, so
// that a raw-value type with map protocol conformances of its own is mapped by them.

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional case (`nil` when missing, null or failing) while
    /// deserializing, or writes it: `data.map(&field)`.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout T?, data: inout MappableData) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        data.map(&field)
    }

    /// Reads the field as an optional array of cases (`nil` when missing, null or failing) while
    /// deserializing, or writes it: `data.map(&field)`.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [T]?, data: inout MappableData) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        data.map(&field)
    }

    /// Reads the field as an optional dictionary of cases (`nil` when missing, null or failing)
    /// while deserializing, or writes it: `data.map(&field)`.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [String: T]?, data: inout MappableData) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        data.map(&field)
    }

    /// Reads the field as an optional array of cases with `nil` elements (`nil` when missing, null
    /// or failing) while deserializing, or writes it: `data.map(&field)`.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [T?]?, data: inout MappableData) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        data.map(&field)
    }

    /// Reads the field as an optional dictionary of cases with `nil` values (`nil` when missing,
    /// null or failing) while deserializing, or writes it: `data.map(&field)`.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [String: T?]?, data: inout MappableData) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        data.map(&field)
    }

    /// Reads the field as an optional set of cases (`nil` when missing, null or failing) while
    /// deserializing, or writes it: `data.map(&field)`.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable & Hashable>(field: inout Set<T>?, data: inout MappableData) where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        data.map(&field)
    }

    // MARK: - Throwing

    /// Reads the field as a required case while deserializing, or writes it: `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout T, data: inout MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try data.map(&field)
    }

    /// Reads the field as a required array of cases while deserializing, or writes it:
    /// `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [T], data: inout MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try data.map(&field)
    }

    /// Reads the field as a required dictionary of cases while deserializing, or writes it:
    /// `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [String: T], data: inout MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try data.map(&field)
    }

    /// Reads the field as a required array of cases with `nil` elements while deserializing, or
    /// writes it: `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [T?], data: inout MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try data.map(&field)
    }

    /// Reads the field as a required dictionary of cases with `nil` values while deserializing, or
    /// writes it: `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable>(field: inout [String: T?], data: inout MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try data.map(&field)
    }

    /// Reads the field as a required set of cases while deserializing, or writes it:
    /// `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~> <T: RawRepresentable & Hashable>(field: inout Set<T>, data: inout MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        try data.map(&field)
    }
}
