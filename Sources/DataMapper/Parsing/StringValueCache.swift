/// Recent long string values of a document, so that a value the document repeats (a
/// retweeted text, a theme image URL, an orchestra's name on every event) is validated
/// and made into a `String` once and then shared, instead of being copied, allocated
/// and freed again for every occurrence.
///
/// Only strings longer than fifteen bytes are kept: shorter ones are stored inside the
/// `String` value itself and cost nothing to make. The cache is direct-mapped: each
/// slot remembers the last string whose length and first and last eight bytes hashed
/// to it, and a hit is confirmed by comparing every byte, so a lookup costs at most one
/// pass over bytes the reader is consuming anyway, whatever the input. Its table starts
/// small (see ``RememberedStringTable``).
@_spi(Parsing) public struct StringValueCache {
    /// Strings this long or shorter live inside the `String` value and are not kept.
    @usableFromInline static let inlineLength = 15
    /// The slots: 64 until 256 long strings have been looked up, then 1024.
    @usableFromInline var table = RememberedStringTable(growingAfter: 256)

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
        let mixed = KeyCache.fingerprint(head: head, tail: tail, count: count) &* 0xD6E8_FEB8_6659_FD93
        let slot = table.slot(for: mixed, firstCount: 64, fullCount: 1024)
        if let found = table.text(at: slot, matching: run, head: head, tail: tail) { return found }
        guard let text = make(run) else { return nil }
        table.slots[slot] = RememberedString(text: text, length: count, head: head, tail: tail)
        return text
    }
}
