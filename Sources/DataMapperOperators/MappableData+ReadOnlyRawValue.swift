import DataMapper

// `<~` for enums and other `RawRepresentable` types whose raw value reads by itself,
// and sets of them; disfavoured as the `get` overloads are.

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional case (`nil` when missing, null or failing) while
    /// deserializing; writes nothing while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout T?, data: MappableData) where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional array of cases (`nil` when missing, null or failing) while
    /// deserializing; writes nothing while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [T]?, data: MappableData) where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional dictionary of cases (`nil` when missing, null or failing)
    /// while deserializing; writes nothing while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [String: T]?, data: MappableData) where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional array of cases with `nil` elements (`nil` when missing, null
    /// or failing) while deserializing; writes nothing while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [T?]?, data: MappableData) where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional dictionary of cases with `nil` values (`nil` when missing,
    /// null or failing) while deserializing; writes nothing while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [String: T?]?, data: MappableData) where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional set of cases (`nil` when missing, null or failing) while
    /// deserializing; writes nothing while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable & Hashable>(field: inout Set<T>?, data: MappableData) where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    // MARK: - Throwing

    /// Reads the field as a required case while deserializing; writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout T, data: MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required array of cases while deserializing; writes nothing while
    /// serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [T], data: MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required dictionary of cases while deserializing; writes nothing while
    /// serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [String: T], data: MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required array of cases with `nil` elements while deserializing; writes
    /// nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [T?], data: MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required dictionary of cases with `nil` values while deserializing;
    /// writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable>(field: inout [String: T?], data: MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required set of cases while deserializing; writes nothing while
    /// serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable @_disfavoredOverload
    public static func <~ <T: RawRepresentable & Hashable>(field: inout Set<T>, data: MappableData) throws where T.RawValue: DeserializableSupportedTypeConvertible {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }
}
