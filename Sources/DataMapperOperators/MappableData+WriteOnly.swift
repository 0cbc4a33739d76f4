import DataMapper

// `~>` writes as `map(&field)` writes (through `set`) and does nothing while
// deserializing. The field is taken by value, so constants can be written; a
// required field is passed to the optional parameter, which writes it the same way.

extension MappableData {
    /// Writes the field, an object or `nil` (written as null), while serializing; does nothing
    /// while deserializing.
    @inlinable
    public static func ~> <T: Serializable>(field: T?, data: inout MappableData) {
        data.write { $0.set(field) }
    }

    /// Writes the field, an array or `nil` (written as null), while serializing; does nothing while
    /// deserializing.
    @inlinable
    public static func ~> <T: Serializable>(field: [T]?, data: inout MappableData) {
        data.write { $0.set(field) }
    }

    /// Writes the field, a dictionary or `nil` (written as null), while serializing; does nothing
    /// while deserializing.
    @inlinable
    public static func ~> <T: Serializable>(field: [String: T]?, data: inout MappableData) {
        data.write { $0.set(field) }
    }

    /// Writes the field, an array with `nil` elements or `nil` (written as null), while
    /// serializing; does nothing while deserializing.
    @inlinable
    public static func ~> <T: Serializable>(field: [T?]?, data: inout MappableData) {
        data.write { $0.set(field) }
    }

    /// Writes the field, a dictionary with `nil` values or `nil` (written as null), while
    /// serializing; does nothing while deserializing.
    @inlinable
    public static func ~> <T: Serializable>(field: [String: T?]?, data: inout MappableData) {
        data.write { $0.set(field) }
    }
}
