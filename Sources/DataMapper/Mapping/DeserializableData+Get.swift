import DataMapperCore

// `get()` in its three forms for the five shapes of map protocol types.

extension DeserializableData {
    // MARK: - Optional

    /// The object, or `nil` when missing, null or failing.
    @inlinable
    public func get<T: Deserializable>() -> T? {
        optional { try ObjectTransformation<T>(objectMapper).transform(from: $0) }
    }

    /// The array of objects, or `nil` when missing, not an array, or any element fails.
    @inlinable
    public func get<T: Deserializable>() -> [T]? {
        optional { try ShapeReader.array($0, ObjectTransformation<T>(objectMapper)) }
    }

    /// The dictionary of objects, or `nil` when missing, not a dictionary, or any entry fails.
    @inlinable
    public func get<T: Deserializable>() -> [String: T]? {
        optional { try ShapeReader.dictionary($0, ObjectTransformation<T>(objectMapper)) }
    }

    /// The array of objects with failing or null elements as `nil`.
    @inlinable
    public func get<T: Deserializable>() -> [T?]? {
        optional { try ShapeReader.optionalArray($0, ObjectTransformation<T>(objectMapper)) }
    }

    /// The dictionary of objects with failing or null entries as `nil`.
    @inlinable
    public func get<T: Deserializable>() -> [String: T?]? {
        optional { try ShapeReader.optionalDictionary($0, ObjectTransformation<T>(objectMapper)) }
    }

    // MARK: - Throwing

    /// The object.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/missingKey`` when the
    ///   value is missing or null, or what reading the object throws, with the key path.
    @inlinable
    public func get<T: Deserializable>() throws -> T {
        try required { try ObjectTransformation<T>(objectMapper).transform(from: $0) }
    }

    /// The array of objects.
    /// - Throws: ``DataMapperError`` when missing or null (``DataMapperError/Kind/missingKey``),
    ///   not an array, or when an element fails (the path ends with its index).
    @inlinable
    public func get<T: Deserializable>() throws -> [T] {
        try required { try ShapeReader.array($0, ObjectTransformation<T>(objectMapper)) }
    }

    /// The dictionary of objects.
    /// - Throws: ``DataMapperError`` when missing or null, not a dictionary, or when an
    ///   entry fails (the path ends with its key).
    @inlinable
    public func get<T: Deserializable>() throws -> [String: T] {
        try required { try ShapeReader.dictionary($0, ObjectTransformation<T>(objectMapper)) }
    }

    /// The array of objects with failing or null elements as `nil`.
    /// - Throws: ``DataMapperError`` when missing, null or not an array.
    @inlinable
    public func get<T: Deserializable>() throws -> [T?] {
        try required { try ShapeReader.optionalArray($0, ObjectTransformation<T>(objectMapper)) }
    }

    /// The dictionary of objects with failing or null entries as `nil`.
    /// - Throws: ``DataMapperError`` when missing, null or not a dictionary.
    @inlinable
    public func get<T: Deserializable>() throws -> [String: T?] {
        try required { try ShapeReader.optionalDictionary($0, ObjectTransformation<T>(objectMapper)) }
    }

    // MARK: - Default

    /// The object, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<T: Deserializable>(or defaultValue: @autoclosure () -> T) -> T {
        get() ?? defaultValue()
    }

    /// The array of objects, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<T: Deserializable>(or defaultValue: @autoclosure () -> [T]) -> [T] {
        get() ?? defaultValue()
    }

    /// The dictionary of objects, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<T: Deserializable>(or defaultValue: @autoclosure () -> [String: T]) -> [String: T] {
        get() ?? defaultValue()
    }

    /// The array of objects with `nil` elements, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<T: Deserializable>(or defaultValue: @autoclosure () -> [T?]) -> [T?] {
        get() ?? defaultValue()
    }

    /// The dictionary of objects with `nil` values, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<T: Deserializable>(or defaultValue: @autoclosure () -> [String: T?]) -> [String: T?] {
        get() ?? defaultValue()
    }
}
