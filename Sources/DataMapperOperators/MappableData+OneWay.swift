import DataMapper

// `~>` writes through the public initializers of `MappableData`. `<~` takes its place
// by value rather than `inout`, so while serializing no key subscript on its left is
// set back, and no key on the way to it is written.

extension MappableData {
    /// Writes with `body` while serializing; does nothing while deserializing.
    @inlinable
    mutating func write(_ body: (inout SerializableData) -> Void) {
        guard var written = serializingData else { return }
        body(&written)
        self = MappableData(serializing: written)
    }
}
