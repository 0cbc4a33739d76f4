import DataMapper

// `~>` for enums and other `RawRepresentable` types whose raw value writes by itself,
// and sets of them; disfavoured as the `set` overloads are.

extension MappableData {
    /// Writes the field, a case or `nil` (written as null), while serializing; does nothing while
    /// deserializing.
    @inlinable @_disfavoredOverload
    public static func ~> <T: RawRepresentable>(field: T?, data: inout MappableData) where T.RawValue: SerializableSupportedTypeConvertible {
        data.write { $0.set(field) }
    }

    /// Writes the field, an array of cases or `nil` (written as null), while serializing; does
    /// nothing while deserializing.
    @inlinable @_disfavoredOverload
    public static func ~> <T: RawRepresentable>(field: [T]?, data: inout MappableData) where T.RawValue: SerializableSupportedTypeConvertible {
        data.write { $0.set(field) }
    }

    /// Writes the field, a dictionary of cases or `nil` (written as null), while serializing; does
    /// nothing while deserializing.
    @inlinable @_disfavoredOverload
    public static func ~> <T: RawRepresentable>(field: [String: T]?, data: inout MappableData) where T.RawValue: SerializableSupportedTypeConvertible {
        data.write { $0.set(field) }
    }

    /// Writes the field, an array of cases with `nil` elements or `nil` (written as null), while
    /// serializing; does nothing while deserializing.
    @inlinable @_disfavoredOverload
    public static func ~> <T: RawRepresentable>(field: [T?]?, data: inout MappableData) where T.RawValue: SerializableSupportedTypeConvertible {
        data.write { $0.set(field) }
    }

    /// Writes the field, a dictionary of cases with `nil` values or `nil` (written as null), while
    /// serializing; does nothing while deserializing.
    @inlinable @_disfavoredOverload
    public static func ~> <T: RawRepresentable>(field: [String: T?]?, data: inout MappableData) where T.RawValue: SerializableSupportedTypeConvertible {
        data.write { $0.set(field) }
    }

    /// Writes the field, a set of cases or `nil` (written as null), while serializing; does nothing
    /// while deserializing.
    @inlinable @_disfavoredOverload
    public static func ~> <T: RawRepresentable & Hashable>(field: Set<T>?, data: inout MappableData) where T.RawValue: SerializableSupportedTypeConvertible {
        data.write { $0.set(field) }
    }
}
