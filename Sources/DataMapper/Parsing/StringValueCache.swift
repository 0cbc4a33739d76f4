/// Recent string values of a document, so that a value the document repeats (a
/// retweeted text, a theme image URL, an orchestra's name on every event, a language
/// code on every tweet) is validated and made once and then shared, instead of being
/// checked and copied again for every occurrence.
///
/// Two direct-mapped tables: each slot remembers the last string whose length and two
/// summary words hashed to it.
/// - Strings whose text goes into a text slab (16 to 1024 bytes, see
///   `TextSlabWriter`) are kept as their place there, summarised by their first and
///   last eight bytes; a hit is confirmed by comparing every byte, so a lookup costs at
///   most one pass over bytes the reader is consuming anyway, whatever the input.
/// - Shorter strings, which a `String` holds inside itself, are kept as that `String`,
///   summarised by ``ShortBytes``: their length and words are all their bytes, so a
///   hit costs three comparisons. Making one (checking its UTF-8 and building the
///   `String`) costs some 200 instructions, and documents repeat short values
///   (language codes, colours, flags) far more than long ones.
///
/// Longer strings are rare and are made directly. Both tables start small (see
/// ``RememberedStringTable``).
@_spi(Parsing) public struct StringValueCache {
    /// The slots for slab texts: 64 until 256 of them have been looked up, then 1024.
    @usableFromInline var table = RememberedStringTable<TextSlice?>(growingAfter: 256)
    /// The slots for short strings: 8 until 32 of them have been looked up, then 256.
    @usableFromInline var shortTable = RememberedStringTable<String>(growingAfter: 32)

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
        guard TextSlabWriter.takes(count) else {
            if count <= TextSlabWriter.inlineLength { return shortValue(run, at: position, context: &context, make: make) }
            return make(run, &context)?.withPosition(position)
        }
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

    /// ``value(_:at:context:make:)`` for a string of at most `TextSlabWriter.inlineLength`
    /// bytes, which the short table keeps as a `String`.
    @inlinable @inline(__always)
    mutating func shortValue<Context>(
        _ run: UnsafeBufferPointer<UInt8>,
        at position: SourcePosition,
        context: inout Context,
        make: (UnsafeBufferPointer<UInt8>, inout Context) -> SupportedType?
    ) -> SupportedType? {
        let (head, tail) = ShortBytes.words(run)
        let mixed = KeyCache.fingerprint(head: head, tail: tail, count: run.count) &* 0xD6E8_FEB8_6659_FD93
        let slot = shortTable.slot(for: mixed, firstCount: 8, fullCount: 256)
        if let found = shortTable.text(at: slot, matching: run, head: head, tail: tail) {
            return SupportedType(.string(found), position: position)
        }
        guard let value = make(run, &context) else { return nil }
        if case .kind(.string(let text)) = value.storage {
            shortTable.slots[slot] = RememberedString(text: text, length: run.count, head: head, tail: tail)
        }
        return value.withPosition(position)
    }
}
