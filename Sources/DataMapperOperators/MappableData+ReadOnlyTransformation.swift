import DataMapper

// `<~` through a transformation given by the `[using:]` subscript; reading needs only
// its deserializing half.

extension TransformedMappableData where X: DeserializableTransformation {
    // MARK: - Optional

    /// Reads the field as an optional object through the transformation (`nil` when missing, null
    /// or failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ (field: inout X.Object?, data: TransformedMappableData<X>) {
        if let reading = data.data.deserializingData {
            field = reading.get(using: data.transformation)
        }
    }

    /// Reads the field as an optional array through the transformation (`nil` when missing, null or
    /// failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ (field: inout [X.Object]?, data: TransformedMappableData<X>) {
        if let reading = data.data.deserializingData {
            field = reading.get(using: data.transformation)
        }
    }

    /// Reads the field as an optional dictionary through the transformation (`nil` when missing,
    /// null or failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ (field: inout [String: X.Object]?, data: TransformedMappableData<X>) {
        if let reading = data.data.deserializingData {
            field = reading.get(using: data.transformation)
        }
    }

    /// Reads the field as an optional array with `nil` elements through the transformation (`nil`
    /// when missing, null or failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ (field: inout [X.Object?]?, data: TransformedMappableData<X>) {
        if let reading = data.data.deserializingData {
            field = reading.get(using: data.transformation)
        }
    }

    /// Reads the field as an optional dictionary with `nil` values through the transformation
    /// (`nil` when missing, null or failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ (field: inout [String: X.Object?]?, data: TransformedMappableData<X>) {
        if let reading = data.data.deserializingData {
            field = reading.get(using: data.transformation)
        }
    }

    // MARK: - Throwing

    /// Reads the field as a required object through the transformation while deserializing; writes
    /// nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ (field: inout X.Object, data: TransformedMappableData<X>) throws {
        if let reading = data.data.deserializingData {
            field = try reading.get(using: data.transformation)
        }
    }

    /// Reads the field as a required array through the transformation while deserializing; writes
    /// nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ (field: inout [X.Object], data: TransformedMappableData<X>) throws {
        if let reading = data.data.deserializingData {
            field = try reading.get(using: data.transformation)
        }
    }

    /// Reads the field as a required dictionary through the transformation while deserializing;
    /// writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ (field: inout [String: X.Object], data: TransformedMappableData<X>) throws {
        if let reading = data.data.deserializingData {
            field = try reading.get(using: data.transformation)
        }
    }

    /// Reads the field as a required array with `nil` elements through the transformation while
    /// deserializing; writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ (field: inout [X.Object?], data: TransformedMappableData<X>) throws {
        if let reading = data.data.deserializingData {
            field = try reading.get(using: data.transformation)
        }
    }

    /// Reads the field as a required dictionary with `nil` values through the transformation while
    /// deserializing; writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ (field: inout [String: X.Object?], data: TransformedMappableData<X>) throws {
        if let reading = data.data.deserializingData {
            field = try reading.get(using: data.transformation)
        }
    }
}
