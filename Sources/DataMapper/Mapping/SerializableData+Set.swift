import DataMapperCore

// `set` for the five shapes, of map protocol types and through transformations.

extension SerializableData {
    // MARK: - Map protocol types

    /// Writes an object; `nil` writes null.
    @inlinable
    public mutating func set<T: Serializable>(_ object: T?) {
        value = ShapeWriter.single(object, ObjectTransformation<T>(objectMapper))
    }

    /// Writes an array of objects; `nil` writes null.
    @inlinable
    public mutating func set<T: Serializable>(_ objects: [T]?) {
        value = ShapeWriter.array(objects, ObjectTransformation<T>(objectMapper))
    }

    /// Writes a dictionary of objects, keys sorted; `nil` writes null.
    @inlinable
    public mutating func set<T: Serializable>(_ objects: [String: T]?) {
        value = ShapeWriter.dictionary(objects, ObjectTransformation<T>(objectMapper))
    }

    /// Writes an array whose `nil` elements are written as null.
    @inlinable
    public mutating func set<T: Serializable>(_ objects: [T?]?) {
        value = ShapeWriter.optionalArray(objects, ObjectTransformation<T>(objectMapper))
    }

    /// Writes a dictionary whose `nil` values are written as null, keys sorted.
    @inlinable
    public mutating func set<T: Serializable>(_ objects: [String: T?]?) {
        value = ShapeWriter.optionalDictionary(objects, ObjectTransformation<T>(objectMapper))
    }

    // MARK: - Transformations

    /// Writes an object through `transformation`; `nil` writes null.
    @inlinable
    public mutating func set<X: SerializableTransformation>(_ object: X.Object?, using transformation: X) {
        value = ShapeWriter.single(object, transformation)
    }

    /// Writes an array through `transformation`; `nil` writes null.
    @inlinable
    public mutating func set<X: SerializableTransformation>(_ objects: [X.Object]?, using transformation: X) {
        value = ShapeWriter.array(objects, transformation)
    }

    /// Writes a dictionary through `transformation`, keys sorted; `nil` writes null.
    @inlinable
    public mutating func set<X: SerializableTransformation>(_ objects: [String: X.Object]?, using transformation: X) {
        value = ShapeWriter.dictionary(objects, transformation)
    }

    /// Writes an array through `transformation` with `nil` elements as null.
    @inlinable
    public mutating func set<X: SerializableTransformation>(_ objects: [X.Object?]?, using transformation: X) {
        value = ShapeWriter.optionalArray(objects, transformation)
    }

    /// Writes a dictionary through `transformation` with `nil` values as null, keys sorted.
    @inlinable
    public mutating func set<X: SerializableTransformation>(_ objects: [String: X.Object?]?, using transformation: X) {
        value = ShapeWriter.optionalDictionary(objects, transformation)
    }
}
