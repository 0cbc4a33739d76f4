import DataMapperCore

/// A type with a default ``DeserializableTransformation``, which makes it
/// ``Deserializable`` without writing `init(_:)`.
///
/// The read-only half of ``SupportedTypeConvertible``: conform to it when a type is
/// only ever read, so that no writing half has to be invented for it. Every
/// ``SupportedTypeConvertible`` type is one of these, reading with its
/// ``SupportedTypeConvertible/defaultTransformation``.
///
/// ```swift
/// struct Checksum: DeserializableSupportedTypeConvertible {
///     let hex: String
///     static var defaultDeserializableTransformation: AnyDeserializableTransformation<Checksum> {
///         AnyDeserializableTransformation { Checksum(hex: try StringTransformation().transform(from: $0)) }
///     }
/// }
/// ```
///
/// Wherever the mapping layer only reads, such a type works as a two-way one does:
/// `get`, `ObjectMapper.deserialize`, and the raw value of an enum read without
/// `using:`.
public protocol DeserializableSupportedTypeConvertible: Deserializable {
    /// The type of the default reading transformation.
    associatedtype DefaultDeserializableTransformation: DeserializableTransformation
        where DefaultDeserializableTransformation.Object == Self

    /// The transformation used when a value of this type is read without `using:`.
    static var defaultDeserializableTransformation: DefaultDeserializableTransformation { get }
}

extension DeserializableSupportedTypeConvertible {
    /// Reads the value with ``defaultDeserializableTransformation``.
    /// - Throws: ``DataMapperError`` when the value is missing, null or unusable.
    @inlinable
    public init(_ data: DeserializableData) throws {
        self = try data.get(using: Self.defaultDeserializableTransformation)
    }

    /// Reads a non-null value straight through ``defaultDeserializableTransformation``,
    /// skipping the polymorph and the ``DeserializableData`` wrapper.
    @inlinable
    public static func deserialized(from value: SupportedType, by objectMapper: ObjectMapper) throws -> Self {
        try defaultDeserializableTransformation.transform(from: value)
    }
}
