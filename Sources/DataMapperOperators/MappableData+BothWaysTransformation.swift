import DataMapper

// `<~>` over `map(&field, using:)` for the five shapes, the transformation given by
// the `[using:]` subscript of the right-hand side.

extension TransformedMappableData where X: Transformation {
    // MARK: - Optional

    /// Reads the field as an optional object through the transformation (`nil` when missing, null
    /// or failing) while deserializing, or writes it: `data.map(&field, using:)`.
    @inlinable
    public static func <~> (field: inout X.Object?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.map(&field, using: transformation)
    }

    /// Reads the field as an optional array through the transformation (`nil` when missing, null or
    /// failing) while deserializing, or writes it: `data.map(&field, using:)`.
    @inlinable
    public static func <~> (field: inout [X.Object]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.map(&field, using: transformation)
    }

    /// Reads the field as an optional dictionary through the transformation (`nil` when missing,
    /// null or failing) while deserializing, or writes it: `data.map(&field, using:)`.
    @inlinable
    public static func <~> (field: inout [String: X.Object]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.map(&field, using: transformation)
    }

    /// Reads the field as an optional array with `nil` elements through the transformation (`nil`
    /// when missing, null or failing) while deserializing, or writes it:
    /// `data.map(&field, using:)`.
    @inlinable
    public static func <~> (field: inout [X.Object?]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.map(&field, using: transformation)
    }

    /// Reads the field as an optional dictionary with `nil` values through the transformation
    /// (`nil` when missing, null or failing) while deserializing, or writes it:
    /// `data.map(&field, using:)`.
    @inlinable
    public static func <~> (field: inout [String: X.Object?]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.map(&field, using: transformation)
    }

    // MARK: - Throwing

    /// Reads the field as a required object through the transformation while deserializing, or
    /// writes it: `data.map(&field, using:)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> (field: inout X.Object, data: inout TransformedMappableData<X>) throws {
        let transformation = data.transformation
        try data.data.map(&field, using: transformation)
    }

    /// Reads the field as a required array through the transformation while deserializing, or
    /// writes it: `data.map(&field, using:)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> (field: inout [X.Object], data: inout TransformedMappableData<X>) throws {
        let transformation = data.transformation
        try data.data.map(&field, using: transformation)
    }

    /// Reads the field as a required dictionary through the transformation while deserializing, or
    /// writes it: `data.map(&field, using:)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> (field: inout [String: X.Object], data: inout TransformedMappableData<X>) throws {
        let transformation = data.transformation
        try data.data.map(&field, using: transformation)
    }

    /// Reads the field as a required array with `nil` elements through the transformation while
    /// deserializing, or writes it: `data.map(&field, using:)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> (field: inout [X.Object?], data: inout TransformedMappableData<X>) throws {
        let transformation = data.transformation
        try data.data.map(&field, using: transformation)
    }

    /// Reads the field as a required dictionary with `nil` values through the transformation while
    /// deserializing, or writes it: `data.map(&field, using:)`.
    /// - Throws: What `map` throws: while deserializing, `DataMapperError` when the value
    ///   is missing, null or unusable, with its key path and position. Never while serializing.
    @inlinable
    public static func <~> (field: inout [String: X.Object?], data: inout TransformedMappableData<X>) throws {
        let transformation = data.transformation
        try data.data.map(&field, using: transformation)
    }
}
