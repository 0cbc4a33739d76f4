import Foundation

/// A block of bytes holding the text of many string values of one document.
///
/// Strings longer than fifteen UTF-8 bytes do not fit inside a Swift `String` value,
/// so each needs its own heap allocation. Documents such as GeoJSON written as XML
/// hold a hundred thousand of them, and making, then freeing, those strings is a fifth
/// of the time reading the document takes. A parser instead copies the bytes of such
/// texts into a slab, one after another, and each value keeps a reference to the slab
/// and its range in it (a ``TextSlice``). The `String` is made when someone asks for
/// it (``SupportedType/kind`` or ``SupportedType/string``); writers copy the bytes
/// straight out and never make one.
///
/// A value kept from a document keeps its whole slab alive, at most
/// ``TextSlabWriter/largestSlab`` bytes; keep the `String` instead to let it go.
///
/// The bytes of a slab never change once a value refers to them: the parser only
/// appends behind them, which is why the class can be `Sendable`.
@usableFromInline
final class TextSlab: @unchecked Sendable {
    /// The bytes; valid while the slab is alive.
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    /// How many bytes fit.
    @usableFromInline let capacity: Int

    /// A slab with room for at least `capacity` bytes: a kept full-size one when the
    /// request fits one and one is kept (see ``SlabBufferPool``).
    @usableFromInline
    init(capacity: Int) {
        if capacity <= TextSlabWriter.largestSlab, let kept = SlabBufferPool.text.take() {
            bytes = kept.bindMemory(to: UInt8.self, capacity: TextSlabWriter.largestSlab)
            self.capacity = TextSlabWriter.largestSlab
        } else {
            bytes = .allocate(capacity: capacity)
            self.capacity = capacity
        }
    }

    deinit {
        if capacity != TextSlabWriter.largestSlab || !SlabBufferPool.text.keep(UnsafeMutableRawPointer(bytes)) {
            bytes.deallocate()
        }
    }
}

/// The text of a string value, as a range of bytes in a ``TextSlab``.
///
/// The bytes are UTF-8 that the parser checked; making the `String` checks them again
/// all the same, so a slice can never make a malformed `String`.
@usableFromInline
struct TextSlice: Sendable {
    @usableFromInline let slab: TextSlab
    @usableFromInline let start: UInt32
    @usableFromInline let count: UInt32

    @inlinable
    init(slab: TextSlab, start: UInt32, count: UInt32) {
        self.slab = slab
        self.start = start
        self.count = count
    }

    /// Calls `body` with the bytes of the text.
    @inlinable
    func withUTF8<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try withExtendedLifetime(slab) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: slab.bytes + Int(start), count: Int(count)))
        }
    }

    /// The text as a `String`, made now.
    @inlinable
    var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}
