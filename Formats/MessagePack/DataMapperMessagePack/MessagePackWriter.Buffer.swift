import Foundation

extension MessagePackWriter {
    /// The bytes written so far, in memory the buffer manages itself so that appending
    /// a byte is a store and a bounds check, with no copy-on-write bookkeeping.
    ///
    /// Whoever creates a buffer must either take its bytes (``takeData()``,
    /// ``takeBytes()``) or ``release()`` it; both free the memory exactly once.
    struct Buffer {
        /// The first byte; valid for `capacity` bytes, of which `count` are written.
        private(set) var base: UnsafeMutablePointer<UInt8>
        private(set) var count: Int
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 64)
            base = .allocate(capacity: self.capacity)
            count = 0
        }

        /// Makes room for at least `extra` more bytes.
        @inline(__always)
        mutating func reserve(_ extra: Int) {
            if capacity - count < extra { grow(extra) }
        }

        @inline(never)
        private mutating func grow(_ extra: Int) {
            var newCapacity = capacity * 2
            while newCapacity - count < extra { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newBase.update(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            reserve(1)
            base[count] = byte
            count += 1
        }

        @inline(__always)
        mutating func append(_ first: UInt8, _ second: UInt8) {
            reserve(2)
            base[count] = first
            base[count + 1] = second
            count += 2
        }

        /// Appends a header byte followed by `value` in big-endian order.
        @inline(__always)
        mutating func append<T: FixedWidthInteger>(_ header: UInt8, bigEndian value: T) {
            reserve(1 + MemoryLayout<T>.size)
            base[count] = header
            // Room was reserved just above; raw pointers allow unaligned stores.
            UnsafeMutableRawPointer(base + count + 1).storeBytes(of: value.bigEndian, as: T.self)
            count += 1 + MemoryLayout<T>.size
        }

        /// Appends `value` in big-endian order.
        @inline(__always)
        mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
            reserve(MemoryLayout<T>.size)
            // Room was reserved just above.
            UnsafeMutableRawPointer(base + count).storeBytes(of: value.bigEndian, as: T.self)
            count += MemoryLayout<T>.size
        }

        /// Appends a run of bytes.
        @inline(__always)
        mutating func append(_ run: UnsafeRawBufferPointer) {
            guard let source = run.baseAddress, run.count > 0 else { return }
            reserve(run.count)
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: run.count)
            count += run.count
        }

        /// The bytes as `Data`, handing over the memory without a copy.
        mutating func takeData() -> Data {
            let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
            base = .allocate(capacity: 1)
            count = 0
            capacity = 1
            return data
        }

        /// The bytes as an array; the buffer's memory is freed.
        mutating func takeBytes() -> [UInt8] {
            let bytes = Array(UnsafeBufferPointer(start: base, count: count))
            count = 0
            return bytes
        }

        /// Frees the memory.
        func release() {
            base.deallocate()
        }
    }
}
