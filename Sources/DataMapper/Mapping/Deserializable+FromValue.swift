import DataMapperCore

// Genome's `try [Pet](from: value)`: reading an object, an array or a dictionary of
// objects straight from a value, with the errors of the throwing `deserialize`.

extension Deserializable {
    /// Reads an object from `value`, as `try mapper.deserialize(value, as: Self.self)` does.
    /// - Parameters:
    ///   - value: The value, typically what a ``Serializer`` read.
    ///   - mapper: The mapper for nested objects.
    /// - Throws: ``DataMapperError`` with the key path and, for text documents, the
    ///   line and column of the value at fault.
    public init(from value: SupportedType, mapper: ObjectMapper = ObjectMapper()) throws {
        self = try mapper.deserialize(value, as: Self.self)
    }
}

extension Array where Element: Deserializable {
    /// Reads an array of objects from `value`: `try [Pet](from: value)`.
    /// - Throws: ``DataMapperError`` when `value` is null or not an array, or when an
    ///   element fails (the path starts with its index, as in `[2].name`).
    public init(from value: SupportedType, mapper: ObjectMapper = ObjectMapper()) throws {
        self = try mapper.deserialize(value, as: [Element].self)
    }
}

extension Dictionary where Key == String, Value: Deserializable {
    /// Reads a dictionary of objects from `value`: `try [String: Pet](from: value)`.
    /// - Throws: ``DataMapperError`` when `value` is null or not a dictionary, or when
    ///   an entry fails (the path starts with its key).
    public init(from value: SupportedType, mapper: ObjectMapper = ObjectMapper()) throws {
        self = try mapper.deserialize(value, as: [String: Value].self)
    }
}
