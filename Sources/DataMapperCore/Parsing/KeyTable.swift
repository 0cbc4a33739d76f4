import Foundation

/// The keys ``KeyInterner`` remembers: a direct-mapped table whose slots each keep the
/// last key whose bytes hashed to them, with the words that recognise its bytes quickly.
///
/// The table starts small and grows to its full size once a document has asked it
/// often enough to show that it has many keys to remember: a small message then
/// neither makes nor frees hundreds of slots it never uses, which for a message of a
/// hundred bytes cost more than reading it. Growing forgets what the small table held;
/// those keys are made again the next time they come.
@usableFromInline struct KeyTable {
    /// A remembered key: its UTF-8 length (-1 in an empty slot) and its first and last
    /// eight bytes (``KeyInterner/summary(_:)``).
    @usableFromInline struct Slot {
        @usableFromInline var key: String
        @usableFromInline var length: Int
        @usableFromInline var head: UInt64
        @usableFromInline var tail: UInt64

        @inlinable init(key: String, length: Int, head: UInt64, tail: UInt64) {
            self.key = key
            self.length = length
            self.head = head
            self.tail = tail
        }

        /// An empty slot, which no run of bytes matches.
        @inlinable static var empty: Slot { Slot(key: "", length: -1, head: 0, tail: 0) }

        /// Whether the key is the bytes of `run`, whose first and last eight bytes give
        /// `head` and `tail` (``KeyInterner/summary(_:)``).
        @inlinable @inline(__always)
        func holds(_ run: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt64) -> Bool {
            // Equal length and first and last eight bytes: equal when the middle is.
            length == run.count && self.head == head && self.tail == tail
                && (run.count <= 16 || KeyTable.middleMatches(key, run))
        }
    }

    /// The slots; empty until the first lookup.
    @usableFromInline var slots: [Slot] = []
    /// Lookups left before the table grows to its full size.
    @usableFromInline var lookupsBeforeGrowing: Int

    /// A table that grows to its full size after `lookups` lookups.
    @inlinable init(growingAfter lookups: Int) {
        lookupsBeforeGrowing = lookups
    }

    /// The slot for a key whose well-mixed hash is `mixed`, making the table of
    /// `firstCount` slots or growing it to `fullCount` first when it is time. Both
    /// counts are powers of two, at most 1024, and the same on every call (the callers'
    /// constants, so that they cost no loads).
    @inlinable @inline(__always)
    mutating func slot(for mixed: UInt64, firstCount: Int, fullCount: Int) -> Int {
        if lookupsBeforeGrowing > 0 {
            lookupsBeforeGrowing -= 1
            if slots.isEmpty { slots = Array(repeating: .empty, count: firstCount) }
        } else if slots.count < fullCount {
            slots = Array(repeating: .empty, count: fullCount)
        }
        // The top bits of the hash, as many as the full table has slots for (a
        // constant shift), of which the small table uses the lowest.
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - fullCount.trailingZeroBitCount)) & (slots.count - 1)
    }

    /// The key in `slot` when it holds the bytes of `run`, whose first and last eight
    /// bytes give `head` and `tail` (``KeyInterner/summary(_:)``); otherwise `nil`.
    @inlinable @inline(__always)
    func key(at slot: Int, matching run: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt64) -> String? {
        slots.withUnsafeBufferPointer { slots in
            slots[slot].holds(run, head: head, tail: tail) ? slots[slot].key : nil
        }
    }

    /// Whether bytes 8 to `count - 8` of `key` equal those of `run`, which has the
    /// key's length.
    @usableFromInline
    static func middleMatches(_ key: String, _ run: UnsafeBufferPointer<UInt8>) -> Bool {
        // In place: `withUTF8` is mutating, and the copy it needs costs a retain, a
        // release and a slower path on every comparison. A string that does not keep
        // its UTF-8 in one run (none that a parser made) counts as a mismatch.
        key.utf8.withContiguousStorageIfAvailable { stored in
            guard stored.count == run.count, let left = stored.baseAddress, let right = run.baseAddress else { return false }
            return memcmp(left + 8, right + 8, run.count - 16) == 0
        } ?? false
    }
}
