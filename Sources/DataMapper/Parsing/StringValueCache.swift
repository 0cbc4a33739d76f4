/// Recent long string values of a document, so that a value the document repeats (a
/// retweeted text, a theme image URL, an orchestra's name on every event) is validated
/// and made into a `String` once and then shared, instead of being copied, allocated
/// and freed again for every occurrence.
///
/// Only strings longer than fifteen bytes are kept: shorter ones are stored inside the
/// `String` value itself and cost nothing to make. The cache is direct-mapped: each
/// slot remembers the last string whose length and first and last eight bytes hashed
/// to it, and a hit is confirmed by comparing every byte, so a lookup costs at most one
/// pass over bytes the reader is consuming anyway, whatever the input. It starts small
/// and grows once a document shows it has many long strings, so that a small document
/// does not pay for a large table.
@_spi(Parsing) public struct StringValueCache {
    /// Strings this long or shorter live inside the `String` value and are not kept.
    @usableFromInline static let inlineLength = 15
    /// The slot count to start with, and the one the table grows to. (Computed: a
    /// stored static tuple is initialised lazily, and checked on every lookup.)
    @inlinable static var firstSlotCount: Int { 64 }
    @inlinable static var fullSlotCount: Int { 1024 }

    /// The slots; empty until the first long string.
    @usableFromInline var entries: [RememberedString] = []
    /// Lookups left before the table grows to its full size.
    @usableFromInline var lookupsBeforeGrowing = 256

    /// An empty cache.
    @inlinable public init() {}

    /// The `String` for the bytes of `run`, or `nil` when `make` refuses them.
    ///
    /// - Parameter make: Makes the `String` when the cache does not hold the bytes,
    ///   validating them; called at most once.
    @inlinable @inline(__always)
    public mutating func string(
        _ run: UnsafeBufferPointer<UInt8>,
        make: (UnsafeBufferPointer<UInt8>) -> String?
    ) -> String? {
        let count = run.count
        guard count > Self.inlineLength else { return make(run) }
        let (head, tail) = KeyCache.summary(run)
        let slot = slot(count: count, head: head, tail: tail)
        let found: String? = entries.withUnsafeBufferPointer { slots in
            // Equal length and first and last eight bytes: equal when the middle is.
            guard slots[slot].length == count, slots[slot].head == head, slots[slot].tail == tail,
                  count <= 16 || KeyCache.middleMatches(slots[slot].text, run) else { return nil }
            return slots[slot].text
        }
        if let found { return found }
        guard let text = make(run) else { return nil }
        entries[slot] = RememberedString(text: text, length: count, head: head, tail: tail)
        return text
    }

    /// The slot for a string of `count` bytes with these first and last eight bytes,
    /// making or growing the table first when it is time.
    @inlinable @inline(__always)
    mutating func slot(count: Int, head: UInt64, tail: UInt64) -> Int {
        if lookupsBeforeGrowing > 0 {
            lookupsBeforeGrowing -= 1
            if entries.isEmpty {
                entries = Array(repeating: .empty, count: Self.firstSlotCount)
            }
        } else if entries.count < Self.fullSlotCount {
            entries = Array(repeating: .empty, count: Self.fullSlotCount)
        }
        let mixed = KeyCache.fingerprint(head: head, tail: tail, count: count) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed >> 54) & (entries.count - 1)
    }
}
