import Foundation

/// A string a parser's cache keeps, with the words that recognise its bytes quickly:
/// its length and its first and last eight bytes (see ``KeyInterner/summary(_:)``), or for
/// a string of up to sixteen bytes any two words that hold all of them (``ShortBytes``).
///
/// One slot of ``KeyInterner`` (which keeps `String` keys) and of ``StringValueCache``
/// (which keeps the text of long string values in a text slab, and short ones as
/// `String`s).
@usableFromInline struct RememberedString<Text: RememberedText> {
    @usableFromInline var text: Text
    /// The UTF-8 length, or -1 in an empty slot.
    @usableFromInline var length: Int
    @usableFromInline var head: UInt64
    @usableFromInline var tail: UInt64

    @inlinable init(text: Text, length: Int, head: UInt64, tail: UInt64) {
        self.text = text
        self.length = length
        self.head = head
        self.tail = tail
    }

    /// An empty slot, which no run of bytes matches.
    @inlinable static var empty: RememberedString { RememberedString(text: .placeholder, length: -1, head: 0, tail: 0) }
}

/// What a ``RememberedString`` can keep: a text whose UTF-8 can be read in place.
@usableFromInline protocol RememberedText {
    /// What an empty slot holds.
    static var placeholder: Self { get }
    /// Whether bytes 8 to `count - 8` of the text equal those of `run`, which has the
    /// text's length; a text that cannot be read in place counts as different.
    func middleMatches(_ run: UnsafeBufferPointer<UInt8>) -> Bool
}

extension String: RememberedText {
    @inlinable static var placeholder: String { "" }

    @usableFromInline
    func middleMatches(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        // In place: `withUTF8` is mutating, and the copy it needs costs a retain, a
        // release and a slower path on every comparison. A string that does not keep
        // its UTF-8 in one run (none that a parser made) counts as a mismatch.
        utf8.withContiguousStorageIfAvailable { RememberedBytes.middlesMatch($0, run) } ?? false
    }
}

/// The byte comparison both kinds of remembered text share.
@usableFromInline enum RememberedBytes {
    @inlinable @inline(__always)
    static func middlesMatch(_ stored: UnsafeBufferPointer<UInt8>, _ run: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == run.count, let left = stored.baseAddress, let right = run.baseAddress else { return false }
        return memcmp(left + 8, right + 8, run.count - 16) == 0
    }
}
