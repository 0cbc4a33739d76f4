/// Recent long string values of a document, so that a value the document repeats (a
/// retweeted text, a theme image URL, an orchestra's name on every event) is validated
/// and stored once and then shared, instead of being checked and copied again for
/// every occurrence.
///
/// Only strings whose text goes into a text slab (16 to 1024 bytes, see
/// `TextSlabWriter`) are kept, as their place there: shorter ones are stored inside
/// the `String` value itself and cost nothing to make, and longer ones are rare. The
/// cache is direct-mapped: each slot remembers the last string whose length and first
/// and last eight bytes hashed to it, and a hit is confirmed by comparing every byte,
/// so a lookup costs at most one pass over bytes the reader is consuming anyway,
/// whatever the input. Its table starts small (see ``RememberedStringTable``).
@_spi(Parsing) public struct StringValueCache {
    /// The slots: 64 until 256 long strings have been looked up, then 1024.
    @usableFromInline var table = RememberedStringTable<TextSlice?>(growingAfter: 256)

    /// An empty cache.
    @inlinable public init() {}

    /// The string value of the bytes of `run`, stamped with `position`, or `nil` when
    /// `make` refuses them.
    ///
    /// - Parameters:
    ///   - context: What `make` needs besides the bytes (a parser's text slab writer),
    ///     passed through so that `make` need not capture its owner.
    ///   - make: Makes the value when the cache does not hold the bytes, validating
    ///     them; called at most once.
    @inlinable @inline(__always)
    public mutating func value<Context>(
        _ run: UnsafeBufferPointer<UInt8>,
        at position: SourcePosition,
        context: inout Context,
        make: (UnsafeBufferPointer<UInt8>, inout Context) -> SupportedType?
    ) -> SupportedType? {
        let count = run.count
        guard TextSlabWriter.takes(count) else { return make(run, &context)?.withPosition(position) }
        let (head, tail) = KeyCache.summary(run)
        let mixed = KeyCache.fingerprint(head: head, tail: tail, count: count) &* 0xD6E8_FEB8_6659_FD93
        let slot = table.slot(for: mixed, firstCount: 64, fullCount: 1024)
        if let found = table.text(at: slot, matching: run, head: head, tail: tail), let found {
            return SupportedType(text: found, position: position)
        }
        guard let value = make(run, &context) else { return nil }
        if case .text(let text) = value.storage {
            table.slots[slot] = RememberedString(text: text, length: count, head: head, tail: tail)
        }
        return value.withPosition(position)
    }
}
