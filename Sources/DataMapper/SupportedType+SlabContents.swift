extension SupportedType {
    /// Where the contents of a value lie when a parser left them in slabs: the bytes
    /// of a string in a ``TextSlab``, the elements of an array or the keys and values
    /// of a map in an ``ElementSlab``.
    ///
    /// The buffers point into slabs this value keeps alive: they stay valid while the
    /// value lives, unchanged. Writers walk a document through them; reading a value's
    /// ``kind`` instead copies its payload, retaining and then releasing a slab for
    /// every string and container written.
    @_spi(Parsing)
    public enum SlabContents {
        /// The UTF-8 of a string.
        case text(UnsafeBufferPointer<UInt8>)
        /// The elements of an array.
        case elements(UnsafeBufferPointer<SupportedType>)
        /// The keys and values of a map, in order. Every map of one shape a parser read
        /// has the same keys buffer.
        case entries(keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<SupportedType>)
        /// The value keeps nothing in a slab.
        case elsewhere
    }

    /// Where this value's contents lie, when they are in slabs.
    @_spi(Parsing) @inlinable @inline(__always)
    public var slabContents: SlabContents {
        switch storage {
        case .text(let text):
            return .text(UnsafeBufferPointer(start: text.slab.bytes + Int(text.start), count: Int(text.count)))
        case .kind(.array(let array)):
            guard case .shared(let slab, let start, let count) = array.storage else { return .elsewhere }
            return .elements(slab.elements(Int(start)..<Int(start) + Int(count)))
        case .kind(.dictionary(let map)):
            guard case .shared(let slab, let start, let count) = map.storage else { return .elsewhere }
            return .entries(
                keys: slab.keyListElements(at: Int(start)),
                values: slab.elements(Int(start) + 1..<Int(start) + 1 + Int(count))
            )
        case .kind:
            return .elsewhere
        }
    }
}
