import DataMapperCore

// A set is an array in a document; reading and writing one needs no transformation
// when its elements read and write themselves. Sets of raw-value enums, whose elements
// do not, have overloads of their own beside the enums'.

extension Set: Deserializable where Element: Deserializable {
    /// Reads the set from an array whose every element reads as an `Element`.
    /// - Throws: ``DataMapperError`` when the value is missing, null or not an array, or
    ///   when an element fails (the path ends with its index).
    @inlinable
    public init(_ data: DeserializableData) throws {
        self = try data.required { try ShapeReader.set($0, ObjectTransformation<Element>(data.objectMapper)) }
    }

    /// Reads the array straight into a set, without asking the polymorph: a set's
    /// type is never recorded in a document.
    @inlinable
    public static func deserialized(from value: SupportedType, by objectMapper: ObjectMapper) throws -> Set<Element> {
        try ShapeReader.set(value, ObjectTransformation<Element>(objectMapper))
    }
}

extension Set: Serializable where Element: Serializable {
    /// Writes the set as an array, in the fixed order every set is written in.
    @inlinable
    public func serialize(to data: inout SerializableData) {
        data.value = serialized(by: data.objectMapper)
    }

    /// Writes the set as an array without involving the polymorph.
    @inlinable
    public func serialized(by objectMapper: ObjectMapper) -> SupportedType {
        ShapeWriter.set(self, ObjectTransformation<Element>(objectMapper))
    }
}
