import DataMapperCore

// `get()` in its three forms for enums and other `RawRepresentable` types whose raw value
// maps by itself (`String`, `Int`, ...), so that they need no
// `using: EnumTransformation()`. The overloads are disfavoured: a raw-value type
// that also conforms to `Deserializable` itself is mapped by that
// conformance, as before.

extension DeserializableData {
    // MARK: - Optional

    /// The case, or `nil` when missing, null, or not a raw value of `T`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() -> T? where T.RawValue: DeserializableSupportedTypeConvertible {
        optional { try ShapeReader.single($0, EnumTransformation<T>()) }
    }

    /// The array of cases, or `nil` when missing, not an array, or any element fails.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() -> [T]? where T.RawValue: DeserializableSupportedTypeConvertible {
        optional { try ShapeReader.array($0, EnumTransformation<T>()) }
    }

    /// The dictionary of cases, or `nil` when missing, not a dictionary, or any entry fails.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() -> [String: T]? where T.RawValue: DeserializableSupportedTypeConvertible {
        optional { try ShapeReader.dictionary($0, EnumTransformation<T>()) }
    }

    /// The array of cases with failing or null elements as `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() -> [T?]? where T.RawValue: DeserializableSupportedTypeConvertible {
        optional { try ShapeReader.optionalArray($0, EnumTransformation<T>()) }
    }

    /// The dictionary of cases with failing or null entries as `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() -> [String: T?]? where T.RawValue: DeserializableSupportedTypeConvertible {
        optional { try ShapeReader.optionalDictionary($0, EnumTransformation<T>()) }
    }

    /// The set of cases read from an array, or `nil` when missing, not an array, or any element fails.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable & Hashable>() -> Set<T>? where T.RawValue: DeserializableSupportedTypeConvertible {
        optional { try ShapeReader.set($0, EnumTransformation<T>()) }
    }

    // MARK: - Throwing

    /// The case.
    /// - Throws: ``DataMapperError``: ``DataMapperError/Kind/missingKey`` when missing or
    ///   null, ``DataMapperError/Kind/invalidValue`` naming the value and the allowed ones
    ///   when it is no raw value of `T`, with the key path.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() throws -> T where T.RawValue: DeserializableSupportedTypeConvertible {
        try required { try ShapeReader.single($0, EnumTransformation<T>()) }
    }

    /// The array of cases.
    /// - Throws: ``DataMapperError`` when missing or null, not an array, or when an
    ///   element fails (the path ends with its index).
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() throws -> [T] where T.RawValue: DeserializableSupportedTypeConvertible {
        try required { try ShapeReader.array($0, EnumTransformation<T>()) }
    }

    /// The dictionary of cases.
    /// - Throws: ``DataMapperError`` when missing or null, not a dictionary, or when an
    ///   entry fails (the path ends with its key).
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() throws -> [String: T] where T.RawValue: DeserializableSupportedTypeConvertible {
        try required { try ShapeReader.dictionary($0, EnumTransformation<T>()) }
    }

    /// The array of cases with failing or null elements as `nil`.
    /// - Throws: ``DataMapperError`` when missing, null or not an array.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() throws -> [T?] where T.RawValue: DeserializableSupportedTypeConvertible {
        try required { try ShapeReader.optionalArray($0, EnumTransformation<T>()) }
    }

    /// The dictionary of cases with failing or null entries as `nil`.
    /// - Throws: ``DataMapperError`` when missing, null or not a dictionary.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>() throws -> [String: T?] where T.RawValue: DeserializableSupportedTypeConvertible {
        try required { try ShapeReader.optionalDictionary($0, EnumTransformation<T>()) }
    }

    /// The set of cases read from an array.
    /// - Throws: ``DataMapperError`` when missing or null, not an array, or when an
    ///   element fails (the path ends with its index).
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable & Hashable>() throws -> Set<T> where T.RawValue: DeserializableSupportedTypeConvertible {
        try required { try ShapeReader.set($0, EnumTransformation<T>()) }
    }

    // MARK: - Default

    /// The case, or `defaultValue` where the optional form gives `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>(or defaultValue: @autoclosure () -> T) -> T where T.RawValue: DeserializableSupportedTypeConvertible {
        get() ?? defaultValue()
    }

    /// The array of cases, or `defaultValue` where the optional form gives `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>(or defaultValue: @autoclosure () -> [T]) -> [T] where T.RawValue: DeserializableSupportedTypeConvertible {
        get() ?? defaultValue()
    }

    /// The dictionary of cases, or `defaultValue` where the optional form gives `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>(or defaultValue: @autoclosure () -> [String: T]) -> [String: T] where T.RawValue: DeserializableSupportedTypeConvertible {
        get() ?? defaultValue()
    }

    /// The array of cases with `nil` elements, or `defaultValue` where the optional form gives `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>(or defaultValue: @autoclosure () -> [T?]) -> [T?] where T.RawValue: DeserializableSupportedTypeConvertible {
        get() ?? defaultValue()
    }

    /// The dictionary of cases with `nil` values, or `defaultValue` where the optional form gives `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable>(or defaultValue: @autoclosure () -> [String: T?]) -> [String: T?] where T.RawValue: DeserializableSupportedTypeConvertible {
        get() ?? defaultValue()
    }

    /// The set of cases, or `defaultValue` where the optional form gives `nil`.
    @inlinable @_disfavoredOverload
    public func get<T: RawRepresentable & Hashable>(or defaultValue: @autoclosure () -> Set<T>) -> Set<T> where T.RawValue: DeserializableSupportedTypeConvertible {
        get() ?? defaultValue()
    }
}
