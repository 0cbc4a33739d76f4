import Foundation

extension MessagePackWriter {
    /// One output buffer kept between calls, so that writing a document does not grow
    /// a fresh buffer from a few kilobytes (copying it each time it doubles) and touch
    /// newly mapped pages on every call.
    ///
    /// Only memory from `malloc` of at most ``largestKept`` bytes is kept, one block at
    /// a time; concurrent writers that find the pool empty allocate their own.
    final class SparePool: @unchecked Sendable {
        /// The pool every writer shares.
        static let shared = SparePool()
        /// Larger buffers are freed rather than kept, to bound the memory held.
        static let largestKept = 4 << 20

        // Guarded by `lock`; `@unchecked Sendable` rests on that.
        private let lock = NSLock()
        private var spare: UnsafeMutablePointer<UInt8>?
        private var spareCapacity = 0

        /// The kept buffer and its capacity, if there is one; the caller owns it now.
        func take() -> (base: UnsafeMutablePointer<UInt8>, capacity: Int)? {
            lock.lock()
            defer { lock.unlock() }
            guard let base = spare else { return nil }
            spare = nil
            return (base, spareCapacity)
        }

        /// Keeps `base` (from `malloc`, `capacity` bytes) for the next writer, or frees it.
        func give(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
            if capacity <= Self.largestKept {
                lock.lock()
                let kept = spare == nil
                if kept {
                    spare = base
                    spareCapacity = capacity
                }
                lock.unlock()
                if kept { return }
            }
            free(base)
        }
    }
}
