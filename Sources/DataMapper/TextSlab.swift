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
    /// request fits one and one is kept (see ``TextSlabPool``).
    @usableFromInline
    init(capacity: Int) {
        if capacity <= TextSlabWriter.largestSlab, let kept = TextSlabPool.shared.take() {
            bytes = kept
            self.capacity = TextSlabWriter.largestSlab
        } else {
            bytes = .allocate(capacity: capacity)
            self.capacity = capacity
        }
    }

    deinit {
        if capacity != TextSlabWriter.largestSlab || !TextSlabPool.shared.keep(bytes) { bytes.deallocate() }
    }
}

/// A few freed full-size slab buffers, kept for the next document.
///
/// Without it, reading a document and dropping it again and again (a service
/// answering requests) makes the C allocator hand the slabs' memory back to the system
/// after each document and fault it in again for the next: reading twitter.msgpack
/// took 107 page faults each time, and 40% longer. Keeping at most ``count`` buffers
/// (512 KB) costs that much memory for the life of the process.
final class TextSlabPool: @unchecked Sendable {
    /// The pool every slab uses.
    static let shared = TextSlabPool()
    /// The most buffers kept.
    static let count = 8

    private let lock = NSLock()
    private var buffers: [UnsafeMutablePointer<UInt8>] = []

    init() {
        buffers.reserveCapacity(Self.count)
    }

    /// A kept buffer of ``TextSlabWriter/largestSlab`` bytes, if there is one.
    func take() -> UnsafeMutablePointer<UInt8>? {
        lock.lock()
        defer { lock.unlock() }
        return buffers.popLast()
    }

    /// Keeps `buffer`, of ``TextSlabWriter/largestSlab`` bytes, unless the pool is full.
    /// - Returns: Whether it was kept (otherwise the caller frees it).
    func keep(_ buffer: UnsafeMutablePointer<UInt8>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard buffers.count < Self.count else { return false }
        buffers.append(buffer)
        return true
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
