import DataMapper

// `~>` through a transformation given by the `[using:]` subscript; writing needs only
// its serializing half.

extension TransformedMappableData where X: SerializableTransformation {
    /// Writes the field, an object or `nil` (written as null) through the transformation, while
    /// serializing; does nothing while deserializing.
    @inlinable
    public static func ~> (field: X.Object?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.write { $0.set(field, using: transformation) }
    }

    /// Writes the field, an array or `nil` (written as null) through the transformation, while
    /// serializing; does nothing while deserializing.
    @inlinable
    public static func ~> (field: [X.Object]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.write { $0.set(field, using: transformation) }
    }

    /// Writes the field, a dictionary or `nil` (written as null) through the transformation, while
    /// serializing; does nothing while deserializing.
    @inlinable
    public static func ~> (field: [String: X.Object]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.write { $0.set(field, using: transformation) }
    }

    /// Writes the field, an array with `nil` elements or `nil` (written as null) through the
    /// transformation, while serializing; does nothing while deserializing.
    @inlinable
    public static func ~> (field: [X.Object?]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.write { $0.set(field, using: transformation) }
    }

    /// Writes the field, a dictionary with `nil` values or `nil` (written as null) through the
    /// transformation, while serializing; does nothing while deserializing.
    @inlinable
    public static func ~> (field: [String: X.Object?]?, data: inout TransformedMappableData<X>) {
        let transformation = data.transformation
        data.data.write { $0.set(field, using: transformation) }
    }
}
