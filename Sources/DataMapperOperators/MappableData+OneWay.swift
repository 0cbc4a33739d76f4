import DataMapper

// What the one-way operators do in the direction they skip, through the public
// initializers of `MappableData`. A place replaced by a reading placeholder while
// serializing is not stored by the parent's key subscript (it stores only a child
// that holds data being written), so the key it names stays absent.

extension MappableData {
    /// Makes this place write nothing, so that `<~` leaves the key absent rather than null.
    @inlinable
    mutating func leaveUnwritten() {
        self = MappableData(deserializing: DeserializableData(value: nil, objectMapper: objectMapper))
    }

    /// Writes with `body` while serializing; does nothing while deserializing.
    @inlinable
    mutating func write(_ body: (inout SerializableData) -> Void) {
        guard var written = serializingData else { return }
        body(&written)
        self = MappableData(serializing: written)
    }
}
