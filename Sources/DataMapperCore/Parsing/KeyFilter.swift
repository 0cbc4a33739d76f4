/// A 256-bit Bloom filter of the fingerprints of one object's keys.
///
/// Parsers check every new key of an object against the keys before it, to apply the
/// duplicate-key policy. Almost every key is new, and the filter proves that without
/// scanning the others; only a "maybe" leads to a real search. Callers choose the
/// fingerprint (any well-mixed 64-bit hash of the key's bytes).
///
/// Used through ``RepeatedKeyFinder``; `@usableFromInline` so that it inlines with
/// the finder into every parser's map loop.
@usableFromInline struct KeyFilter {
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64)

    /// An empty filter.
    @inlinable init() {
        words = (0, 0, 0, 0)
    }

    @inlinable @inline(__always)
    static func slot(_ fingerprint: UInt64) -> (word: UInt64, bit: UInt64) {
        let mixed = (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 56
        return (mixed >> 6, 1 << (mixed & 63))
    }

    /// Records a key's fingerprint.
    @inlinable @inline(__always)
    mutating func insert(_ fingerprint: UInt64) {
        let (word, bit) = Self.slot(fingerprint)
        switch word {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// `false` when no key with this fingerprint was recorded; `true` when one may have been.
    @inlinable @inline(__always)
    func mayContain(_ fingerprint: UInt64) -> Bool {
        let (word, bit) = Self.slot(fingerprint)
        switch word {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }
}
