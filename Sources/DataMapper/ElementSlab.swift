/// A block of values that many arrays and maps of one document share.
///
/// Documents such as GeoJSON hold tens of thousands of two-element arrays, and
/// catalogues and API payloads as many small maps. Giving each its own heap buffer
/// makes allocating and freeing those buffers, and releasing their values one by one,
/// most of the cost of reading the document. A parser instead moves their values into
/// a slab, one container after another, and each ``SupportedArray`` or ``OrderedMap``
/// keeps a reference to the slab and its range in it.
///
/// ``ElementSlabWriter`` fills slabs so that none keeps itself alive: a slab's values
/// refer only to earlier slabs or to itself, and the references to itself are not
/// counted (``adoptReferences(from:count:)``; `deinit` skips them). Releasing the last
/// value that uses a slab therefore frees it, with no cycle to break. A slab is small
/// (1024 values), but a value kept from a document also keeps the slabs its own values
/// live in, and the earlier slabs those refer to.
///
/// The elements of a slab never change once a value refers to them; the parser only
/// appends behind them, before it hands the document to anyone, which is why the
/// class can be `Sendable`.
public final class ElementSlab: @unchecked Sendable {
    /// How many values one slab holds.
    @usableFromInline static let size = 1024

    /// The values; the first `used.pointee` are initialized.
    @usableFromInline let storage: UnsafeMutablePointer<SupportedType>
    /// How many values are stored so far. It sits behind a pointer: a stored `var` of
    /// a class would be checked for exclusive access at run time on every change.
    @usableFromInline let used: UnsafeMutablePointer<Int>
    /// The key lists of the maps in the slab; each map's range starts with the number
    /// of its list (as an `.int`). Behind a pointer for the same reason as `used`.
    @usableFromInline let keyLists: UnsafeMutablePointer<[[String]]>
    /// Recently used key lists, by the address of their elements, and their numbers:
    /// maps of one shape share one key list, so its address finds its number without
    /// comparing keys. `recentListCount` slots, placed by address: enough that the
    /// dozen or so shapes of an API payload's small maps rarely push each other out
    /// (with 16, a third of twitter.msgpack's maps added their key list again).
    @usableFromInline let recentLists: UnsafeMutablePointer<(address: UInt, number: Int)>
    @usableFromInline static let recentListCount = 64

    /// An empty slab.
    @usableFromInline
    init() {
        storage = SlabBufferPool.elements.take()?.bindMemory(to: SupportedType.self, capacity: Self.size)
            ?? .allocate(capacity: Self.size)
        used = .allocate(capacity: 1)
        used.initialize(to: 0)
        keyLists = .allocate(capacity: 1)
        keyLists.initialize(to: [])
        recentLists = .allocate(capacity: Self.recentListCount)
        recentLists.initialize(repeating: (0, 0), count: Self.recentListCount)
    }

    /// The value at `index`, which an array of this slab has checked.
    @inlinable
    func element(at index: Int) -> SupportedType { storage[index] }

    /// The values of `range`; valid while the slab is alive.
    @inlinable
    func elements(_ range: Range<Int>) -> UnsafeBufferPointer<SupportedType> {
        UnsafeBufferPointer(start: storage + range.lowerBound, count: range.count)
    }

    /// The key list of the map whose range starts at `start`.
    @inlinable
    func keyList(at start: Int) -> [String] {
        guard case .kind(.int(let number)) = storage[start].storage, number >= 0, number < keyLists.pointee.count else { return [] }
        return keyLists.pointee[number]
    }

    /// Where the keys of the map whose range starts at `start` lie, for writers (see
    /// `SupportedType.slabContents`); valid while the slab is alive. The slab keeps each
    /// list, unchanged, for as long as it lives, and a Swift array that is neither
    /// changed nor freed keeps its elements where they are.
    @inlinable
    func keyListElements(at start: Int) -> UnsafeBufferPointer<String> {
        guard case .kind(.int(let number)) = storage[start].storage, number >= 0, number < keyLists.pointee.count else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return keyLists.pointee[number].withUnsafeBufferPointer { $0 }
    }

    /// The number of `keys` among the slab's key lists, adding it unless the same
    /// array (not just equal keys) was used recently.
    ///
    /// The slab keeps every list it numbers, so no other array can take the address
    /// of one it remembers while it lives.
    @inlinable @inline(__always)
    func keyListNumber(for keys: [String]) -> Int {
        let address = keys.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let slot = recentLists + Int(truncatingIfNeeded: (address >> 5) ^ (address >> 9)) & (Self.recentListCount - 1)
        if slot.pointee.address == address, address != 0 { return slot.pointee.number }
        let number = keyLists.pointee.count
        keyLists.pointee.append(keys)
        slot.pointee = (address, number)
        return number
    }

    /// Gives up the references that the `count` values from `start`, just stored, hold
    /// to this slab: a slab that counted references to itself would never be freed.
    /// Copies of those values made later count as usual.
    @inlinable @inline(__always)
    func adoptReferences(from start: Int, count: Int) {
        for index in start..<start + count where storage[index].isStored(in: self) {
            Unmanaged.passUnretained(self).release()
        }
    }

    deinit {
        // Scalars hold no references, so only the other values need destroying; the
        // general destruction of each value costs several times this check. A
        // container stored in this slab holds a reference that was never counted.
        for index in 0..<used.pointee {
            let value = storage + index
            switch value.pointee.storage {
            case .text, .kind(.string), .kind(.bigNumber), .kind(.binary), .kind(.ext):
                // Moved out and dropped, which releases the payload (or the text slab)
                // straight away; `deinitialize` would go through the value's general
                // destroy function (twitter.msgpack's teardown is 12% cheaper this way).
                _ = value.move()
                continue
            // An array of capacity 0 uses the standard library's shared empty storage.
            case .kind(.array(let array)) where array.ownsNoBuffer: continue
            case .kind(.array), .kind(.dictionary): if value.pointee.isStored(in: self) { continue }
            case .kind(.null), .kind(.bool), .kind(.int), .kind(.uint), .kind(.double), .kind(.intOrDouble), .kind(.timestamp):
                continue
            }
            value.deinitialize(count: 1)
        }
        if !SlabBufferPool.elements.keep(UnsafeMutableRawPointer(storage)) { storage.deallocate() }
        used.deallocate()
        keyLists.deinitialize(count: 1)
        keyLists.deallocate()
        recentLists.deallocate()
    }
}

extension SupportedType {
    /// Whether the value is an array or a map stored in `slab`.
    @inlinable
    func isStored(in slab: ElementSlab) -> Bool {
        switch storage {
        case .kind(.array(let array)):
            if case .shared(let home, _, _) = array.storage { return home === slab }
            return false
        case .kind(.dictionary(let map)):
            if case .shared(let home, _, _) = map.storage { return home === slab }
            return false
        default: return false
        }
    }
}
