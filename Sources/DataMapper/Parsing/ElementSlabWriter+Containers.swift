// Containers of any values, read one value at a time: a parser opens a container,
// appends each value as it is read (nested containers open and close above it), and
// closes it, which moves its values into the tree slab in one piece.
extension ElementSlabWriter {
    /// Where a container's values start on the stack of pending values, and how many
    /// places of tree slabs had been filled when the container was opened.
    public struct Opening {
        @usableFromInline let base: Int
        @usableFromInline let treePlacesFilled: Int

        @inlinable
        init(base: Int, treePlacesFilled: Int) {
            self.base = base
            self.treePlacesFilled = treePlacesFilled
        }
    }

    /// Largest arrays that go into a tree slab; larger ones keep an array of their own.
    @inlinable public static var largestSlabArray: Int { ElementSlab.size / 4 }
    /// Largest maps that go into a tree slab; larger ones keep a hash index of their keys.
    @inlinable public static var largestSlabMap: Int { OrderedMap.indexThreshold }

    /// Starts a container; its values follow with ``append(_:)``.
    @inlinable @inline(__always)
    public func open() -> Opening {
        Opening(base: pending.pointee.count, treePlacesFilled: treePlacesFilled)
    }

    /// Starts a container whose values a parser began to make at `earlier` (when it
    /// read an XML element's start tag, say) and kept elsewhere until now: they go on
    /// the stack from here, and ``closeOwned(_:)`` judges by the earlier mark whether
    /// they may reach the current tree slab.
    @inlinable @inline(__always)
    public func open(madeSince earlier: Opening) -> Opening {
        Opening(base: pending.pointee.count, treePlacesFilled: earlier.treePlacesFilled)
    }

    /// Adds `value` to the innermost open container.
    ///
    /// The value must have been made since the container was opened (or since the
    /// earlier mark given to ``open(madeSince:)``): closing looks for values stored in
    /// the current tree slab only when something went into it since then.
    @inlinable @inline(__always)
    public func append(_ value: consuming SupportedType) {
        pending.pointee.append(value)
    }

    /// How many values the container opened at `opening` has so far.
    @inlinable @inline(__always)
    func count(since opening: Opening) -> Int {
        pending.pointee.count - opening.base
    }

    /// Puts `value` in place of the container's value number `index` (for a map whose
    /// repeated key keeps its last value).
    @inlinable
    public func replace(_ index: Int, since opening: Opening, with value: consuming SupportedType) {
        pending.pointee.elements[opening.base + index] = value
    }

    /// Ends the container opened at `opening` as an array of its values.
    @inlinable
    public mutating func closeArray(_ opening: Opening) -> SupportedArray {
        let count = count(since: opening)
        guard count > 0, count <= Self.largestSlabArray else {
            return SupportedArray(takeValues(opening))
        }
        let nested = hasFilledTree(since: opening)
        let (slab, start) = treeRoom(for: count)
        moveValues(since: opening, into: slab, at: start, nested: nested)
        slab.used.pointee = start + count
        return SupportedArray(storage: .shared(slab, start: UInt32(start), count: UInt32(count)))
    }

    /// Ends the container opened at `opening` as a map of `keys`, which are distinct
    /// and as many as its values.
    @inlinable @inline(__always)
    public mutating func closeMap(_ opening: Opening, keys: [String]) -> OrderedMap {
        let count = count(since: opening)
        precondition(keys.count == count, "closeMap needs one key per value")
        guard count > 0, count <= Self.largestSlabMap else {
            return OrderedMap(uniqueKeys: keys, values: takeValues(opening))
        }
        let nested = hasFilledTree(since: opening)
        let (slab, start) = treeRoom(for: count + 1)
        (slab.storage + start).initialize(to: SupportedType(.int(slab.keyListNumber(for: keys))))
        moveValues(since: opening, into: slab, at: start + 1, nested: nested)
        slab.used.pointee = start + count + 1
        return OrderedMap(storage: .shared(slab, start: UInt32(start), count: UInt32(count)))
    }

    /// Ends the container opened at `opening` by giving its values to the caller, who
    /// makes a container of its own of them (a map that shares a large key index, say).
    @inlinable
    public mutating func takeValues(_ opening: Opening) -> [SupportedType] {
        let values = pending.pointee.takeArray(from: opening.base)
        closeOwned(opening)
        return values
    }

    /// Ends the container opened at `opening`, which the caller built as an array or
    /// a map of its own, without the stack (a long array, appended to directly).
    ///
    /// Such a container may reach the current tree slab through its values, so when
    /// anything went into a tree slab since `opening`, the next value goes into a new one.
    @inlinable
    public mutating func closeOwned(_ opening: Opening) {
        if hasFilledTree(since: opening) { treeSlab = nil }
    }

    /// Whether anything went into a tree slab since `opening`: only then can the
    /// container's values include a container stored in the current tree slab.
    @inlinable @inline(__always)
    func hasFilledTree(since opening: Opening) -> Bool {
        treePlacesFilled != opening.treePlacesFilled
    }

    /// Ends the container opened at `opening` as an array of `first` and `second`:
    /// in a pair slab when both are scalars, else like ``closeArray(_:)``.
    @inlinable @inline(__always)
    public mutating func closePair(_ opening: Opening, _ first: consuming SupportedType, _ second: consuming SupportedType) -> SupportedArray {
        if first.isLeaf, second.isLeaf { return placePair(first, second) }
        append(first)
        append(second)
        return closeArray(opening)
    }

    /// Moves the container's values to `start` in `slab`, which has room for them.
    /// Unless containers were `nested` into a tree slab meanwhile, none of the values
    /// can be stored in `slab`, and they are not looked at again.
    @inlinable @inline(__always)
    func moveValues(since opening: Opening, into slab: ElementSlab, at start: Int, nested: Bool) {
        let values = pending.pointee.top(from: opening.base)
        if let source = values.baseAddress {
            (slab.storage + start).moveInitialize(from: source, count: values.count)
        }
        pending.pointee.forget(downTo: opening.base)
        if nested { slab.adoptReferences(from: start, count: values.count) }
    }
}
