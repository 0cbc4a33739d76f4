// `data.context` on the three views an object maps itself with: the context of the
// mapper doing the mapping, which every nested object, element and subtype shares.

extension DeserializableData {
    /// The values handed to this mapping (see ``MappingContext``): `data.context[key]`.
    @inlinable
    public var context: MappingContext { objectMapper.context }
}

extension SerializableData {
    /// The values handed to this mapping (see ``MappingContext``): `data.context[key]`.
    @inlinable
    public var context: MappingContext { objectMapper.context }
}

extension MappableData {
    /// The values handed to this mapping (see ``MappingContext``), in either direction.
    @inlinable
    public var context: MappingContext { reading.objectMapper.context }
}
