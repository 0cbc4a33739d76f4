import DataMapper

// `<~>` over `map(&field)` for the five shapes of map protocol types, optional
// (never throws) and required (throws while deserializing, as `map` does).

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional object (`nil` when missing, null or failing) while
    /// deserializing, or writes it: `data.map(&field)`.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout T?, data: inout MappableData) {
        data.map(&field)
    }

    /// Reads the field as an optional array (`nil` when missing, null or failing) while
    /// deserializing, or writes it: `data.map(&field)`.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [T]?, data: inout MappableData) {
        data.map(&field)
    }

    /// Reads the field as an optional dictionary (`nil` when missing, null or failing) while
    /// deserializing, or writes it: `data.map(&field)`.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [String: T]?, data: inout MappableData) {
        data.map(&field)
    }

    /// Reads the field as an optional array with `nil` elements (`nil` when missing, null or
    /// failing) while deserializing, or writes it: `data.map(&field)`.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [T?]?, data: inout MappableData) {
        data.map(&field)
    }

    /// Reads the field as an optional dictionary with `nil` values (`nil` when missing, null or
    /// failing) while deserializing, or writes it: `data.map(&field)`.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [String: T?]?, data: inout MappableData) {
        data.map(&field)
    }

    // MARK: - Throwing

    /// Reads the field as a required object while deserializing, or writes it: `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout T, data: inout MappableData) throws {
        try data.map(&field)
    }

    /// Reads the field as a required array while deserializing, or writes it: `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [T], data: inout MappableData) throws {
        try data.map(&field)
    }

    /// Reads the field as a required dictionary while deserializing, or writes it:
    /// `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [String: T], data: inout MappableData) throws {
        try data.map(&field)
    }

    /// Reads the field as a required array with `nil` elements while deserializing, or writes it:
    /// `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [T?], data: inout MappableData) throws {
        try data.map(&field)
    }

    /// Reads the field as a required dictionary with `nil` values while deserializing, or writes
    /// it: `data.map(&field)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> <T: Deserializable & Serializable>(field: inout [String: T?], data: inout MappableData) throws {
        try data.map(&field)
    }
}
