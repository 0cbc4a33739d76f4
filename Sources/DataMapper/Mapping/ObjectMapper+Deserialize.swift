import DataMapperCore

extension ObjectMapper {
    // MARK: - Map protocol types

    /// Reads an object, or `nil` when `value` is null or cannot become a `T`.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType) -> T? {
        deserialize(value, using: ObjectTransformation<T>(self))
    }

    /// Reads an array of objects, or `nil` when `value` is not an array or any element fails.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType) -> [T]? {
        deserialize(value, using: ObjectTransformation<T>(self))
    }

    /// Reads a dictionary of objects, or `nil` when `value` is not a dictionary or any entry fails.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType) -> [String: T]? {
        deserialize(value, using: ObjectTransformation<T>(self))
    }

    /// Reads an array whose failing or null elements become `nil`, or `nil` when `value` is not an array.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType) -> [T?]? {
        deserialize(value, using: ObjectTransformation<T>(self))
    }

    /// Reads a dictionary whose failing or null entries become `nil`, or `nil` when `value` is not a dictionary.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType) -> [String: T?]? {
        deserialize(value, using: ObjectTransformation<T>(self))
    }

    // MARK: - Transformations

    /// Reads an object through `transformation`, or `nil` when `value` is null or the transformation fails.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, using transformation: X) -> X.Object? {
        value.isNull ? nil : try? underPolicy { try transformation.transform(from: value) }
    }

    /// Reads an array through `transformation`, or `nil` when `value` is not an array or any element fails.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, using transformation: X) -> [X.Object]? {
        try? underPolicy { try ShapeReader.array(value, transformation) }
    }

    /// Reads a dictionary through `transformation`, or `nil` when `value` is not a dictionary or any entry fails.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, using transformation: X) -> [String: X.Object]? {
        try? underPolicy { try ShapeReader.dictionary(value, transformation) }
    }

    /// Reads an array through `transformation` with failing or null elements as `nil`.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, using transformation: X) -> [X.Object?]? {
        try? underPolicy { try ShapeReader.optionalArray(value, transformation) }
    }

    /// Reads a dictionary through `transformation` with failing or null entries as `nil`.
    @inlinable
    public func deserialize<X: DeserializableTransformation>(_ value: SupportedType, using transformation: X) -> [String: X.Object?]? {
        try? underPolicy { try ShapeReader.optionalDictionary(value, transformation) }
    }
}
