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
/// - ``array(_:_:)`` takes a pair a parser kept in locals, and refuses (`nil`) one
///   that holds a container;
/// - ``open()``, ``append(_:)`` and ``closeArray(_:)``/``closeMap(_:keys:)`` take any
///   values, through a stack of pending values, and make a container of its own when
///   one is too large for a slab. A parser that makes a container of its own tells
///   the writer with ``closeOwned(_:)`` (``takeValues(_:)`` does it), so that the
///   rules above hold.
@_spi(Parsing) public struct ElementSlabWriter {
    @usableFromInline var pairSlab: ElementSlab?
    @usableFromInline var treeSlab: ElementSlab?
    /// How many places in tree slabs have been filled so far: when it has not moved
    /// since a container was opened, nothing went into a tree slab meanwhile.
    @usableFromInline var treePlacesFilled: Int
    /// Owns `pending`.
    @usableFromInline let pendingOwner: PendingValues
    /// The values of the containers opened and not yet closed.
    @usableFromInline let pending: UnsafeMutablePointer<PendingStack>

    /// A writer with no slab yet; the first array or map makes one.
    @inlinable public init() {
        pairSlab = nil
        treeSlab = nil
        treePlacesFilled = 0
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

    /// The slab (`current`, or a fresh one that replaces it) with room for `count` more
    /// values, and where they go in it.
    @inlinable @inline(__always)
    static func room(for count: Int, in current: inout ElementSlab?) -> (ElementSlab, Int) {
        if let current, current.used.pointee + count <= ElementSlab.size { return (current, current.used.pointee) }
        return (freshSlab(replacing: &current), 0)
    }

    /// The tree slab (the current one, or a new one that replaces it) with room for
    /// `count` more values, which the caller stores, and where they go in it.
    @inlinable @inline(__always)
    mutating func treeRoom(for count: Int) -> (ElementSlab, Int) {
        treePlacesFilled &+= count
        if let treeSlab, treeSlab.used.pointee + count <= ElementSlab.size { return (treeSlab, treeSlab.used.pointee) }
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
        switch storage {
        case .kind(.array), .kind(.dictionary): return false
        default: return true
        }
    }
}
