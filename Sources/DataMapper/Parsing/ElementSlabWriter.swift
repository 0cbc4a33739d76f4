/// Where a parser puts the arrays and maps it reads, so that they share a few
/// ``ElementSlab``s instead of having a heap buffer each.
///
/// There are two kinds of slab:
/// - a pair slab holds the elements of pairs of scalars (a point's two coordinates,
///   the short arrays documents hold by the thousand), and nothing else;
/// - a tree slab holds maps (for each, the number of its key list and then its values)
///   and arrays whose values may be containers themselves.
///
/// A container goes into a slab only once its values are complete, so a tree slab's
/// values refer to containers in earlier slabs or in the same one, never in a later
/// one. The references a slab holds to itself are not counted (see ``ElementSlab``),
/// and an array or map of its own whose values reach the current tree slab never goes
/// into it: the writer starts a new tree slab first. So no slab keeps itself alive, and
/// releasing the last value that uses a document's slabs frees them all.
///
/// Two ways in:
/// - ``array(_:_:)`` and ``map(keys:_:)`` (one to four values) take values a parser
///   kept in locals, and refuse (`nil`) values that could break the rules above;
/// - ``open()``, ``append(_:)`` and ``closeArray(_:)``/``closeMap(_:keys:)`` take any
///   values, through a stack of pending values, and make a container of its own when
///   one is too large for a slab.
@_spi(Parsing) public struct ElementSlabWriter {
    @usableFromInline var pairSlab: ElementSlab?
    @usableFromInline var treeSlab: ElementSlab?
    /// How many tree slabs have been started: with the current one's fill, tells
    /// whether anything went into it since a container was opened.
    @usableFromInline var treeSlabsStarted: Int
    /// Owns `pending`.
    @usableFromInline let pendingOwner: PendingValues
    /// The values of the containers opened and not yet closed.
    @usableFromInline let pending: UnsafeMutablePointer<PendingStack>

    /// A writer with no slab yet; the first array or map makes one.
    @inlinable public init() {
        pairSlab = nil
        treeSlab = nil
        treeSlabsStarted = 0
        pendingOwner = PendingValues()
        pending = pendingOwner.stack
    }

    /// An array of `first` and `second` in a slab, or `nil` when either is a container.
    @inlinable
    public mutating func array(_ first: SupportedType, _ second: SupportedType) -> SupportedArray? {
        guard first.isLeaf, second.isLeaf else { return nil }
        return placePair(first, second)
    }

    /// An array of the scalars `first` and `second` in the pair slab.
    @inlinable @inline(__always)
    mutating func placePair(_ first: consuming SupportedType, _ second: consuming SupportedType) -> SupportedArray {
        let (slab, start) = Self.room(for: 2, in: &pairSlab)
        (slab.storage + start).initialize(to: first)
        (slab.storage + start + 1).initialize(to: second)
        slab.used.pointee = start + 2
        return SupportedArray(storage: .shared(slab, start: UInt32(start), count: 2))
    }

    /// A map of the one key of `keys` and `first` in a slab, or `nil` when `keys` holds
    /// another number of keys or the value cannot go in a tree slab (see `fitsTreeSlab`).
    @inlinable @inline(__always)
    public mutating func map(keys: [String], _ first: SupportedType) -> OrderedMap? {
        guard keys.count == 1, first.fitsTreeSlab else { return nil }
        return placeMap(keys: keys) { $0.initialize(to: first) }
    }

    /// A map of the two distinct `keys` and the values in their order, in a slab, or `nil`.
    @inlinable @inline(__always)
    public mutating func map(keys: [String], _ first: SupportedType, _ second: SupportedType) -> OrderedMap? {
        guard keys.count == 2, first.fitsTreeSlab, second.fitsTreeSlab else { return nil }
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
        guard keys.count == 3, first.fitsTreeSlab, second.fitsTreeSlab, third.fitsTreeSlab else { return nil }
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
        guard keys.count == 4, first.fitsTreeSlab, second.fitsTreeSlab, third.fitsTreeSlab, fourth.fitsTreeSlab else {
            return nil
        }
        return placeMap(keys: keys) { values in
            values.initialize(to: first)
            (values + 1).initialize(to: second)
            (values + 2).initialize(to: third)
            (values + 3).initialize(to: fourth)
        }
    }

    /// Stores the number of the key list `keys` in the tree slab, has `writeValues`
    /// initialize as many values after it, and gives the map of that range.
    @inlinable @inline(__always)
    mutating func placeMap(keys: [String], values writeValues: (UnsafeMutablePointer<SupportedType>) -> Void) -> OrderedMap {
        let count = keys.count
        let (slab, start) = treeRoom(for: count + 1)
        (slab.storage + start).initialize(to: SupportedType(.int(slab.keyListNumber(for: keys))))
        writeValues(slab.storage + start + 1)
        slab.adoptReferences(from: start + 1, count: count)
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

    /// The tree slab (the current one, or a new one that replaces it) with room for
    /// `count` more values, and where they go in it.
    @inlinable @inline(__always)
    mutating func treeRoom(for count: Int) -> (ElementSlab, Int) {
        if let treeSlab, treeSlab.used.pointee + count <= ElementSlab.size { return (treeSlab, treeSlab.used.pointee) }
        treeSlabsStarted += 1
        return (Self.freshSlab(replacing: &treeSlab), 0)
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

    /// Whether the value may go into a tree slab without the writer knowing how it was
    /// made: scalars, containers in slabs (which only ever refer to earlier slabs or,
    /// uncounted, to their own), and empty containers. An array or map of its own with
    /// values might reach the current tree slab.
    @inlinable
    var fitsTreeSlab: Bool {
        switch kind {
        case .array(let array):
            if case .owned(let elements) = array.storage { return elements.isEmpty }
            return true
        case .dictionary(let map):
            if case .owned(let keys, let values) = map.storage { return keys.keys.isEmpty && values.isEmpty }
            return true
        default: return true
        }
    }
}
