import DataMapperCore

/// A type with a default ``SerializableTransformation``, which makes it
/// ``Serializable`` without writing `serialize(to:)`.
///
/// The write-only half of ``SupportedTypeConvertible``: conform to it when a type is
/// only ever written (a report, a log line), so that no reading half has to be
/// invented for it. Every ``SupportedTypeConvertible`` type is one of these, writing
/// with its ``SupportedTypeConvertible/defaultTransformation``.
///
/// Wherever the mapping layer only writes, such a type works as a two-way one does:
/// `set`, `ObjectMapper.serialize`, and the raw value of an enum written without
/// `using:`.
public protocol SerializableSupportedTypeConvertible: Serializable {
    /// The type of the default writing transformation.
    associatedtype DefaultSerializableTransformation: SerializableTransformation
        where DefaultSerializableTransformation.Object == Self

    /// The transformation used when a value of this type is written without `using:`.
    static var defaultSerializableTransformation: DefaultSerializableTransformation { get }
}

extension SerializableSupportedTypeConvertible {
    /// Writes the value straight through ``defaultSerializableTransformation``.
    @inlinable
    public func serialized(by objectMapper: ObjectMapper) -> SupportedType {
        Self.defaultSerializableTransformation.transform(object: self)
    }

    /// Writes the value with ``defaultSerializableTransformation``.
    @inlinable
    public func serialize(to data: inout SerializableData) {
        data.set(self, using: Self.defaultSerializableTransformation)
    }
}
