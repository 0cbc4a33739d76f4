import DataMapperCore

extension ObjectMapper {
    // MARK: - Map protocol types

    /// Writes an object; `nil` gives ``SupportedType/null``.
    @inlinable
    public func serialize<T: Serializable>(_ object: T?) -> SupportedType {
        ShapeWriter.single(object, ObjectTransformation<T>(self))
    }

    /// Writes an array of objects; `nil` gives ``SupportedType/null``.
    @inlinable
    public func serialize<T: Serializable>(_ objects: [T]?) -> SupportedType {
        ShapeWriter.array(objects, ObjectTransformation<T>(self))
    }

    /// Writes a dictionary of objects, keys sorted; `nil` gives ``SupportedType/null``.
    @inlinable
    public func serialize<T: Serializable>(_ objects: [String: T]?) -> SupportedType {
        ShapeWriter.dictionary(objects, ObjectTransformation<T>(self))
    }

    /// Writes an array whose `nil` elements become ``SupportedType/null``.
    @inlinable
    public func serialize<T: Serializable>(_ objects: [T?]?) -> SupportedType {
        ShapeWriter.optionalArray(objects, ObjectTransformation<T>(self))
    }

    /// Writes a dictionary whose `nil` values become ``SupportedType/null``, keys sorted.
    @inlinable
    public func serialize<T: Serializable>(_ objects: [String: T?]?) -> SupportedType {
        ShapeWriter.optionalDictionary(objects, ObjectTransformation<T>(self))
    }

    // MARK: - Transformations

    /// Writes an object through `transformation`; `nil` gives ``SupportedType/null``.
    @inlinable
    public func serialize<X: SerializableTransformation>(_ object: X.Object?, using transformation: X) -> SupportedType {
        ShapeWriter.single(object, transformation)
    }

    /// Writes an array through `transformation`; `nil` gives ``SupportedType/null``.
    @inlinable
    public func serialize<X: SerializableTransformation>(_ objects: [X.Object]?, using transformation: X) -> SupportedType {
        ShapeWriter.array(objects, transformation)
    }

    /// Writes a dictionary through `transformation`, keys sorted; `nil` gives ``SupportedType/null``.
    @inlinable
    public func serialize<X: SerializableTransformation>(_ objects: [String: X.Object]?, using transformation: X) -> SupportedType {
        ShapeWriter.dictionary(objects, transformation)
    }

    /// Writes an array through `transformation` with `nil` elements as ``SupportedType/null``.
    @inlinable
    public func serialize<X: SerializableTransformation>(_ objects: [X.Object?]?, using transformation: X) -> SupportedType {
        ShapeWriter.optionalArray(objects, transformation)
    }

    /// Writes a dictionary through `transformation` with `nil` values as ``SupportedType/null``, keys sorted.
    @inlinable
    public func serialize<X: SerializableTransformation>(_ objects: [String: X.Object?]?, using transformation: X) -> SupportedType {
        ShapeWriter.optionalDictionary(objects, transformation)
    }
}
