/// Where a parser puts the elements of the short arrays of scalars it reads, so that
/// they share a few ``ElementSlab``s instead of having a heap buffer each.
///
/// Readers place pairs, the short arrays documents hold by the thousand (a point's two
/// coordinates). The writer keeps the invariant of a slab: it refuses (returns `nil`) a
/// pair with an element that is an array or a dictionary, and the parser then makes an
/// ordinary array.
@_spi(Parsing) public struct ElementSlabWriter {
    @usableFromInline var slab: ElementSlab?

    /// A writer with no slab yet; the first array makes one.
    @inlinable public init() { slab = nil }

    /// An array of `first` and `second` in a slab, or `nil` when either is a container.
    @inlinable
    public mutating func array(_ first: SupportedType, _ second: SupportedType) -> SupportedArray? {
        guard first.isLeaf, second.isLeaf else { return nil }
        let (slab, start) = room(for: 2)
        (slab.storage + start).initialize(to: first)
        (slab.storage + start + 1).initialize(to: second)
        slab.used.pointee = start + 2
        return SupportedArray(storage: .shared(slab, start: UInt32(start), count: 2))
    }

    /// The slab with room for `count` more values, and where they go in it.
    @usableFromInline
    mutating func room(for count: Int) -> (ElementSlab, Int) {
        if let slab, slab.used.pointee + count <= ElementSlab.size { return (slab, slab.used.pointee) }
        let fresh = ElementSlab()
        slab = fresh
        return (fresh, 0)
    }
}

extension SupportedType {
    /// Whether the value is neither an array nor a dictionary, so holds no other values.
    @inlinable
    var isLeaf: Bool {
        switch kind {
        case .array, .dictionary: return false
        default: return true
        }
    }
}
