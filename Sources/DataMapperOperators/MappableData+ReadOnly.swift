import DataMapper

// `<~` reads as `map(&field)` reads (through `get`, which is what `map` calls while
// deserializing) and, taking the place by value, writes nothing while serializing.

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional object (`nil` when missing, null or failing) while
    /// deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout T?, data: MappableData) {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional array (`nil` when missing, null or failing) while
    /// deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [T]?, data: MappableData) {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional dictionary (`nil` when missing, null or failing) while
    /// deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [String: T]?, data: MappableData) {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional array with `nil` elements (`nil` when missing, null or
    /// failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [T?]?, data: MappableData) {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    /// Reads the field as an optional dictionary with `nil` values (`nil` when missing, null or
    /// failing) while deserializing; writes nothing while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [String: T?]?, data: MappableData) {
        if let reading = data.deserializingData {
            field = reading.get()
        }
    }

    // MARK: - Throwing

    /// Reads the field as a required object while deserializing; writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout T, data: MappableData) throws {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required array while deserializing; writes nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [T], data: MappableData) throws {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required dictionary while deserializing; writes nothing while
    /// serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [String: T], data: MappableData) throws {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required array with `nil` elements while deserializing; writes nothing
    /// while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [T?], data: MappableData) throws {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }

    /// Reads the field as a required dictionary with `nil` values while deserializing; writes
    /// nothing while serializing.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~ <T: Deserializable>(field: inout [String: T?], data: MappableData) throws {
        if let reading = data.deserializingData {
            field = try reading.get()
        }
    }
}
