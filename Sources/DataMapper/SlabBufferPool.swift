import Foundation

/// A few freed slab buffers of one size, kept for the next document.
///
/// Without them, reading a document and dropping it again and again (a service
/// answering requests) makes the C allocator hand the slabs' memory back to the system
/// after each document and fault it in again for the next: reading twitter.msgpack
/// took 107 page faults each time, and 40% longer. The buffers kept cost their memory
/// for the life of the process: at most 512 KB of text slabs and 1 MB of element slabs.
final class SlabBufferPool: @unchecked Sendable {
    /// Buffers of ``TextSlab``s: eight of 64 KB.
    static let text = SlabBufferPool(byteCount: TextSlabWriter.largestSlab, limit: 8)
    /// Buffers of ``ElementSlab``s: thirty-two of 1,024 values (32 KB).
    static let elements = SlabBufferPool(byteCount: ElementSlab.size * MemoryLayout<SupportedType>.stride, limit: 32)

    /// The size of every buffer in the pool.
    let byteCount: Int
    /// The most buffers kept.
    let limit: Int
    private let lock = NSLock()
    private var buffers: [UnsafeMutableRawPointer] = []

    init(byteCount: Int, limit: Int) {
        self.byteCount = byteCount
        self.limit = limit
        buffers.reserveCapacity(limit)
    }

    /// A kept buffer of ``byteCount`` bytes, if there is one.
    func take() -> UnsafeMutableRawPointer? {
        lock.lock()
        defer { lock.unlock() }
        return buffers.popLast()
    }

    /// Keeps `buffer`, of ``byteCount`` bytes, unless the pool is full.
    /// - Returns: Whether it was kept (otherwise the caller frees it).
    func keep(_ buffer: UnsafeMutableRawPointer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard buffers.count < limit else { return false }
        buffers.append(buffer)
        return true
    }
}
