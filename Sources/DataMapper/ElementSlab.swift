/// A block of leaf values that many short arrays of one document share.
///
/// Documents such as GeoJSON hold tens of thousands of two-element arrays. Giving each
/// its own heap buffer makes allocating and freeing those buffers most of the cost of
/// reading the document. A parser instead copies the elements of short arrays of
/// scalars into a slab, one after another, and each ``SupportedArray`` keeps a
/// reference to the slab and its range in it.
///
/// A slab holds only values that are not arrays or dictionaries, so nothing in it can
/// refer back to a slab: releasing the last array that uses a slab frees it, with no
/// cycle to break. A slab is small (1024 values), which bounds the memory a
/// short array kept from a large document can hold on to.
///
/// The elements of a slab never change once an array refers to them; the parser only
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

    /// An empty slab.
    @usableFromInline
    init() {
        storage = .allocate(capacity: Self.size)
        used = .allocate(capacity: 1)
        used.initialize(to: 0)
    }

    /// The value at `index`, which an array of this slab has checked.
    @inlinable
    func element(at index: Int) -> SupportedType { storage[index] }

    /// The values of `range`; valid while the slab is alive.
    @inlinable
    func elements(_ range: Range<Int>) -> UnsafeBufferPointer<SupportedType> {
        UnsafeBufferPointer(start: storage + range.lowerBound, count: range.count)
    }

    deinit {
        storage.deinitialize(count: used.pointee)
        storage.deallocate()
        used.deallocate()
    }
}
