import DataMapperCore

// `get(using:)` in its three forms for the five shapes.

extension DeserializableData {
    // MARK: - Optional

    /// The value read through `transformation`, or `nil` when missing, null or failing.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) -> X.Object? {
        optional { try transformation.transform(from: $0) }
    }

    /// The array read through `transformation`, or `nil` when missing, not an array, or any element fails.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) -> [X.Object]? {
        optional { try ShapeReader.array($0, transformation) }
    }

    /// The dictionary read through `transformation`, or `nil` when missing, not a dictionary, or any entry fails.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) -> [String: X.Object]? {
        optional { try ShapeReader.dictionary($0, transformation) }
    }

    /// The array read through `transformation` with failing or null elements as `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) -> [X.Object?]? {
        optional { try ShapeReader.optionalArray($0, transformation) }
    }

    /// The dictionary read through `transformation` with failing or null entries as `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) -> [String: X.Object?]? {
        optional { try ShapeReader.optionalDictionary($0, transformation) }
    }

    // MARK: - Throwing

    /// The value read through `transformation`.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/missingKey`` when the
    ///   value is missing or null, or what the transformation throws, with the key path.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) throws -> X.Object {
        try required { try transformation.transform(from: $0) }
    }

    /// The array read through `transformation`.
    /// - Throws: ``DataMapperError`` when missing or null (``DataMapperError/Kind/missingKey``),
    ///   not an array, or when an element fails (the path ends with its index).
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) throws -> [X.Object] {
        try required { try ShapeReader.array($0, transformation) }
    }

    /// The dictionary read through `transformation`.
    /// - Throws: ``DataMapperError`` when missing or null, not a dictionary, or when an
    ///   entry fails (the path ends with its key).
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) throws -> [String: X.Object] {
        try required { try ShapeReader.dictionary($0, transformation) }
    }

    /// The array read through `transformation` with failing or null elements as `nil`.
    /// - Throws: ``DataMapperError`` when missing, null or not an array.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) throws -> [X.Object?] {
        try required { try ShapeReader.optionalArray($0, transformation) }
    }

    /// The dictionary read through `transformation` with failing or null entries as `nil`.
    /// - Throws: ``DataMapperError`` when missing, null or not a dictionary.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X) throws -> [String: X.Object?] {
        try required { try ShapeReader.optionalDictionary($0, transformation) }
    }

    // MARK: - Default

    /// The value read through `transformation`, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X, or defaultValue: @autoclosure () -> X.Object) -> X.Object {
        get(using: transformation) ?? defaultValue()
    }

    /// The array read through `transformation`, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X, or defaultValue: @autoclosure () -> [X.Object]) -> [X.Object] {
        get(using: transformation) ?? defaultValue()
    }

    /// The dictionary read through `transformation`, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X, or defaultValue: @autoclosure () -> [String: X.Object]) -> [String: X.Object] {
        get(using: transformation) ?? defaultValue()
    }

    /// The array with `nil` elements read through `transformation`, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X, or defaultValue: @autoclosure () -> [X.Object?]) -> [X.Object?] {
        get(using: transformation) ?? defaultValue()
    }

    /// The dictionary with `nil` values read through `transformation`, or `defaultValue` where the optional form gives `nil`.
    @inlinable
    public func get<X: DeserializableTransformation>(using transformation: X, or defaultValue: @autoclosure () -> [String: X.Object?]) -> [String: X.Object?] {
        get(using: transformation) ?? defaultValue()
    }
}
