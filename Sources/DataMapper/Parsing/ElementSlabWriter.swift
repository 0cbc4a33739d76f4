/// Where a parser puts the short arrays and small maps of scalars it reads, so that
/// they share a few ``ElementSlab``s instead of having a heap buffer each.
///
/// Readers place pairs, the short arrays documents hold by the thousand (a point's two
/// coordinates), and maps of one to four entries (a price, an area, a label). Pairs
/// and maps go to slabs of their own, which keeps every slab from coming to refer to
/// itself:
/// - a pair slab holds only scalars (no array or dictionary);
/// - a map slab holds, for each map, the number of its key list and then its values:
///   scalars, empty containers and pairs, which live in pair slabs, but never a map.
///
/// The writer refuses (returns `nil`) what would break those rules, and the parser then
/// makes an ordinary array or map.
@_spi(Parsing) public struct ElementSlabWriter {
    @usableFromInline var pairSlab: ElementSlab?
    @usableFromInline var mapSlab: ElementSlab?

    /// A writer with no slab yet; the first array or map makes one.
    @inlinable public init() {
        pairSlab = nil
        mapSlab = nil
    }

    /// An array of `first` and `second` in a slab, or `nil` when either is a container.
    @inlinable
    public mutating func array(_ first: SupportedType, _ second: SupportedType) -> SupportedArray? {
        guard first.isLeaf, second.isLeaf else { return nil }
        let (slab, start) = Self.room(for: 2, in: &pairSlab)
        (slab.storage + start).initialize(to: first)
        (slab.storage + start + 1).initialize(to: second)
        slab.used.pointee = start + 2
        return SupportedArray(storage: .shared(slab, start: UInt32(start), count: 2))
    }

    /// A map of the one key of `keys` and `first` in a slab, or `nil` when `keys` holds
    /// another number of keys or the value cannot go in a map slab.
    @inlinable @inline(__always)
    public mutating func map(keys: [String], _ first: SupportedType) -> OrderedMap? {
        guard keys.count == 1, first.fitsMapSlab else { return nil }
        return placeMap(keys: keys) { $0.initialize(to: first) }
    }

    /// A map of the two distinct `keys` and the values in their order, in a slab, or `nil`.
    @inlinable @inline(__always)
    public mutating func map(keys: [String], _ first: SupportedType, _ second: SupportedType) -> OrderedMap? {
        guard keys.count == 2, first.fitsMapSlab, second.fitsMapSlab else { return nil }
        return placeMap(keys: keys) { values in
            values.initialize(to: first)
            (values + 1).initialize(to: second)
        }
    }

    /// A map of the three distinct `keys` and the values in their order, in a slab, or `nil`.
    @inlinable @inline(__always)
    public mutating func map(
        keys: [String], _ first: SupportedType, _ second: SupportedType, _ third: SupportedType
    ) -> OrderedMap? {
        guard keys.count == 3, first.fitsMapSlab, second.fitsMapSlab, third.fitsMapSlab else { return nil }
        return placeMap(keys: keys) { values in
            values.initialize(to: first)
            (values + 1).initialize(to: second)
            (values + 2).initialize(to: third)
        }
    }

    /// A map of the four distinct `keys` and the values in their order, in a slab, or `nil`.
    @inlinable @inline(__always)
    public mutating func map(
        keys: [String], _ first: SupportedType, _ second: SupportedType, _ third: SupportedType, _ fourth: SupportedType
    ) -> OrderedMap? {
        guard keys.count == 4, first.fitsMapSlab, second.fitsMapSlab, third.fitsMapSlab, fourth.fitsMapSlab else {
            return nil
        }
        return placeMap(keys: keys) { values in
            values.initialize(to: first)
            (values + 1).initialize(to: second)
            (values + 2).initialize(to: third)
            (values + 3).initialize(to: fourth)
        }
    }

    /// Stores the number of the key list `keys` in a map slab, has `writeValues` initialize as
    /// many values after it, and gives the map of that range.
    @inlinable @inline(__always)
    mutating func placeMap(keys: [String], values writeValues: (UnsafeMutablePointer<SupportedType>) -> Void) -> OrderedMap {
        let count = keys.count
        let (slab, start) = Self.room(for: count + 1, in: &mapSlab)
        (slab.storage + start).initialize(to: SupportedType(.int(slab.keyListNumber(for: keys))))
        writeValues(slab.storage + start + 1)
        slab.used.pointee = start + count + 1
        return OrderedMap(storage: .shared(slab, start: UInt32(start), count: UInt32(count)))
    }

    /// The slab (`current`, or a fresh one that replaces it) with room for `count` more
    /// values, and where they go in it.
    @inlinable @inline(__always)
    static func room(for count: Int, in current: inout ElementSlab?) -> (ElementSlab, Int) {
        if let current, current.used.pointee + count <= ElementSlab.size { return (current, current.used.pointee) }
        return (freshSlab(replacing: &current), 0)
    }

    @usableFromInline
    static func freshSlab(replacing current: inout ElementSlab?) -> ElementSlab {
        let fresh = ElementSlab()
        current = fresh
        return fresh
    }
}

extension SupportedType {
    /// Whether the value is neither an array nor a dictionary, so holds no other values:
    /// what a pair slab may hold.
    @inlinable
    var isLeaf: Bool {
        switch kind {
        case .array, .dictionary: return false
        default: return true
        }
    }

    /// Whether the value may sit in a map slab: it cannot lead to any map slab, so no
    /// map slab can come to hold itself. Scalars, empty containers and arrays kept in
    /// pair slabs (which hold only scalars) qualify.
    @inlinable
    var fitsMapSlab: Bool {
        switch kind {
        case .array(let array):
            if case .owned(let elements) = array.storage { return elements.isEmpty }
            return true
        case .dictionary(let map):
            if case .owned(let keys, let values) = map.storage { return keys.keys.isEmpty && values.isEmpty }
            return false
        default: return true
        }
    }
}
