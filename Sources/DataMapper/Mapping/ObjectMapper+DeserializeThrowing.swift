import DataMapperCore

// The throwing counterparts of `deserialize`: the same shapes, but a failure is a
// `DataMapperError` naming the key path from the root and the source position.

extension ObjectMapper {
    // MARK: - Map protocol types

    /// Reads an object of type `type`, or throws why it cannot.
    ///
    /// ```swift
    /// let book = try mapper.deserialize(value, as: Book.self)
    /// ```
    /// - Throws: ``DataMapperError``: ``DataMapperError/Kind/typeMismatch`` when `value`
    ///   is null or of the wrong type, ``DataMapperError/Kind/missingKey`` when a
    ///   required key inside is missing, with the path of the value at fault.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: T.Type) throws -> T {
        try underPolicy { try ShapeReader.single(value, ObjectTransformation<T>(self)) }
    }

    /// Reads an array of objects, or throws the first element's failure (its path starts with the index).
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: [T].Type) throws -> [T] {
        try underPolicy { try ShapeReader.array(value, ObjectTransformation<T>(self)) }
    }

    /// Reads a dictionary of objects, or throws the first entry's failure (its path starts with the key).
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: [String: T].Type) throws -> [String: T] {
        try underPolicy { try ShapeReader.dictionary(value, ObjectTransformation<T>(self)) }
    }

    /// Reads an array whose failing or null elements become `nil`; throws only when `value` is not an array.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: [T?].Type) throws -> [T?] {
        try underPolicy { try ShapeReader.optionalArray(value, ObjectTransformation<T>(self)) }
    }

    /// Reads a dictionary whose failing or null entries become `nil`; throws only when `value` is not a dictionary.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: [String: T?].Type) throws -> [String: T?] {
        try underPolicy { try ShapeReader.optionalDictionary(value, ObjectTransformation<T>(self)) }
    }

    // MARK: - Transformations

    /// Reads an object through `transformation`, or throws why it cannot.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, as type: X.Object.Type, using transformation: X) throws -> X.Object {
        try underPolicy { try ShapeReader.single(value, transformation) }
    }

    /// Reads an array through `transformation`, or throws the first element's failure.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, as type: [X.Object].Type, using transformation: X) throws -> [X.Object] {
        try underPolicy { try ShapeReader.array(value, transformation) }
    }

    /// Reads a dictionary through `transformation`, or throws the first entry's failure.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, as type: [String: X.Object].Type, using transformation: X) throws -> [String: X.Object] {
        try underPolicy { try ShapeReader.dictionary(value, transformation) }
    }

    /// Reads an array through `transformation` with failing or null elements as `nil`.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, as type: [X.Object?].Type, using transformation: X) throws -> [X.Object?] {
        try underPolicy { try ShapeReader.optionalArray(value, transformation) }
    }

    /// Reads a dictionary through `transformation` with failing or null entries as `nil`.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, as type: [String: X.Object?].Type, using transformation: X) throws -> [String: X.Object?] {
        try underPolicy { try ShapeReader.optionalDictionary(value, transformation) }
    }
}
