/// A block of values that many short arrays or small maps of one document share.
///
/// Documents such as GeoJSON hold tens of thousands of two-element arrays, and
/// catalogues as many two- or three-entry maps. Giving each its own heap buffer makes
/// allocating and freeing those buffers most of the cost of reading the document. A
/// parser instead copies their values into a slab, one after another, and each
/// ``SupportedArray`` or ``OrderedMap`` keeps a reference to the slab and its range in it.
///
/// ``ElementSlabWriter`` fills a slab with pairs or with maps, never both, and what it
/// lets in keeps any slab from referring back to itself (see there), so releasing the
/// last value that uses a slab frees it, with no cycle to break. A slab is small (1024
/// values), which bounds the memory a value kept from a large document can hold on to.
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

    /// An empty slab.
    @usableFromInline
    init() {
        storage = .allocate(capacity: Self.size)
        used = .allocate(capacity: 1)
        used.initialize(to: 0)
        keyLists = .allocate(capacity: 1)
        keyLists.initialize(to: [])
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
        guard case .int(let number) = storage[start].kind, number >= 0, number < keyLists.pointee.count else { return [] }
        return keyLists.pointee[number]
    }

    /// The number of `keys` among the slab's key lists, adding it when none of the
    /// last few lists is the same.
    @inlinable
    func keyListNumber(for keys: [String]) -> Int {
        let count = keyLists.pointee.count
        for number in stride(from: count - 1, through: max(0, count - 4), by: -1) where keyLists.pointee[number] == keys {
            return number
        }
        keyLists.pointee.append(keys)
        return count
    }

    deinit {
        // Scalars hold no references, so only the other values need destroying; the
        // general destruction of each value costs several times this check.
        for index in 0..<used.pointee {
            switch storage[index].kind {
            case .null, .bool, .int, .uint, .double, .intOrDouble, .timestamp: continue
            // An array of capacity 0 uses the standard library's shared empty storage.
            case .array(let array) where array.ownsNoBuffer: continue
            default: (storage + index).deinitialize(count: 1)
            }
        }
        storage.deallocate()
        used.deallocate()
        keyLists.deinitialize(count: 1)
        keyLists.deallocate()
    }
}
