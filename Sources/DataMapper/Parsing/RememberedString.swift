/// A string a parser's cache keeps, with the words that recognise its bytes quickly:
/// its length and its first and last eight bytes (see ``KeyCache/summary(_:)``).
///
/// One slot of ``KeyCache`` and of ``StringValueCache``.
@usableFromInline struct RememberedString {
    @usableFromInline var text: String
    /// The UTF-8 length, or -1 in an empty slot.
    @usableFromInline var length: Int
    @usableFromInline var head: UInt64
    @usableFromInline var tail: UInt64

    @inlinable init(text: String, length: Int, head: UInt64, tail: UInt64) {
        self.text = text
        self.length = length
        self.head = head
        self.tail = tail
    }

    /// An empty slot, which no run of bytes matches.
    @inlinable static var empty: RememberedString { RememberedString(text: "", length: -1, head: 0, tail: 0) }
}
