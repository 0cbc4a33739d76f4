import Foundation

/// The slots of a direct-mapped cache of strings (``KeyInterner``, ``StringValueCache``).
///
/// The table starts small and grows to its full size once a document has asked it
/// often enough to show that it has many strings to remember: a small message then
/// neither makes nor frees hundreds of slots it never uses, which for a message of a
/// hundred bytes cost more than reading it. Growing forgets what the small table held;
/// those strings are made again the next time they come.
@usableFromInline struct RememberedStringTable<Text: RememberedText> {
    /// The slots; empty until the first lookup.
    @usableFromInline var slots: [RememberedString<Text>] = []
    /// Lookups left before the table grows to its full size.
    @usableFromInline var lookupsBeforeGrowing: Int

    /// A table that grows to its full size after `lookups` lookups.
    @inlinable init(growingAfter lookups: Int) {
        lookupsBeforeGrowing = lookups
    }

    /// The slot for a string whose well-mixed hash is `mixed`, making the table of
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

    /// The string in `slot` when it holds the bytes of `run`, whose first and last
    /// eight bytes give `head` and `tail` (``KeyInterner/summary(_:)``; for a run of up to
    /// sixteen bytes, any two words that hold all of them, as ``ShortBytes`` makes,
    /// and made the same way for every slot); otherwise `nil`.
    @inlinable @inline(__always)
    func text(at slot: Int, matching run: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt64) -> Text? {
        slots.withUnsafeBufferPointer { slots in
            // Equal length and first and last eight bytes: equal when the middle is.
            guard slots[slot].length == run.count, slots[slot].head == head, slots[slot].tail == tail,
                  run.count <= 16 || slots[slot].text.middleMatches(run) else { return nil }
            return slots[slot].text
        }
    }
}
