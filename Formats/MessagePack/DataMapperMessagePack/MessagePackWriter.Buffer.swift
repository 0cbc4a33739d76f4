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
        /// Whether `base` came from `malloc` (so `realloc` and `free` apply) rather than
        /// from Swift's allocator, which is used only when `malloc` fails.
        private var fromMalloc: Bool

        /// A buffer of at least `capacity` bytes; a `pooled` one starts from the buffer
        /// ``SparePool`` keeps, when there is one.
        init(capacity: Int, pooled: Bool = true) {
            count = 0
            if pooled, let spare = SparePool.shared.take() {
                if spare.capacity >= capacity {
                    self.capacity = spare.capacity
                    (base, fromMalloc) = (spare.base, true)
                    return
                }
                Foundation.free(spare.base)
            }
            self.capacity = Swift.max(capacity, 64)
            (base, fromMalloc) = Self.allocate(self.capacity)
        }

        /// Memory from `malloc`, so that growing can `realloc` it (in place when it can,
        /// and for large blocks by remapping pages rather than copying them). Should
        /// `malloc` fail, Swift's allocator is asked instead, and it stops the program
        /// exactly as any Swift array would when memory is exhausted.
        private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<UInt8>, fromMalloc: Bool) {
            if let memory = malloc(capacity) { return (memory.assumingMemoryBound(to: UInt8.self), true) }
            return (UnsafeMutablePointer<UInt8>.allocate(capacity: capacity), false)
        }

        /// Frees `pointer` with the allocator it came from.
        private static func free(_ pointer: UnsafeMutablePointer<UInt8>, fromMalloc: Bool) {
            if fromMalloc { Foundation.free(pointer) } else { pointer.deallocate() }
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
            if fromMalloc, let grown = realloc(base, newCapacity) {
                base = grown.assumingMemoryBound(to: UInt8.self)
            } else {
                let (newBase, newFromMalloc) = Self.allocate(newCapacity)
                newBase.update(from: base, count: count)
                Self.free(base, fromMalloc: fromMalloc)
                (base, fromMalloc) = (newBase, newFromMalloc)
            }
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
            reserve(run.count)
            Self.copy(run, to: UnsafeMutableRawPointer(base + count))
            count += run.count
        }

        /// Where the next bytes go, after making room for `extra` of them; ``commit(_:)``
        /// then counts those written there. Lets a caller copy bytes it can reach only
        /// inside a closure without the closure touching the buffer.
        @inline(__always)
        mutating func room(for extra: Int) -> UnsafeMutableRawPointer {
            reserve(extra)
            return UnsafeMutableRawPointer(base + count)
        }

        /// Counts `written` bytes put where ``room(for:)`` pointed.
        @inline(__always)
        mutating func commit(_ written: Int) {
            count += written
        }

        /// Copies `run` to `target`, which has room for it.
        ///
        /// Runs of up to 32 bytes (most keys and many strings) are copied with
        /// overlapping loads and stores instead of a call to `memcpy`.
        @inline(__always)
        static func copy(_ run: UnsafeRawBufferPointer, to target: UnsafeMutableRawPointer) {
            guard let source = run.baseAddress else { return }
            let length = run.count
            // Every load and store below lies inside `run` and the room at `target`.
            if length >= 8 {
                if length <= 16 {
                    let head = source.loadUnaligned(as: UInt64.self)
                    let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    target.storeBytes(of: head, as: UInt64.self)
                    target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
                } else if length <= 32 {
                    let head = source.loadUnaligned(as: SIMD16<UInt8>.self)
                    let tail = source.loadUnaligned(fromByteOffset: length - 16, as: SIMD16<UInt8>.self)
                    target.storeBytes(of: head, as: SIMD16<UInt8>.self)
                    target.storeBytes(of: tail, toByteOffset: length - 16, as: SIMD16<UInt8>.self)
                } else {
                    target.copyMemory(from: source, byteCount: length)
                }
            } else if length >= 4 {
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                target.storeBytes(of: head, as: UInt32.self)
                target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
            } else {
                var index = 0
                while index < length {
                    target.storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
                    index += 1
                }
            }
        }

        /// The bytes as `Data`, handing over the memory without a copy.
        mutating func takeData() -> Data {
            let data = fromMalloc
                ? Data(bytesNoCopy: base, count: count, deallocator: .free)
                : Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
            (base, fromMalloc) = Self.allocate(1)
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

        /// Frees the memory, or keeps it for the next writer (see ``SparePool``).
        func release() {
            if fromMalloc, capacity >= 4096 {
                SparePool.shared.give(base, capacity: capacity)
            } else {
                Self.free(base, fromMalloc: fromMalloc)
            }
        }
    }
}
