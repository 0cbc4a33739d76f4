/// Where a parser puts the text of the strings it reads, so that strings too long to
/// live inside a `String` value share a few slabs (`TextSlab`) instead of having a heap
/// allocation each.
///
/// The first slab is sized from the document (a small message gets a small slab),
/// each next one is twice the size of the last, up to ``largestSlab``.
@_spi(Parsing) public struct TextSlabWriter {
    /// The size of the largest slab, and so the most memory one kept value holds on to.
    public static let largestSlab = 64 * 1024
    /// Texts up to this long live inside a `String` value, which costs no allocation.
    @usableFromInline static let inlineLength = 15
    /// Texts longer than this get a `String` of their own: one allocation is little
    /// beside copying that many bytes, and the text should not pin a slab.
    @usableFromInline static let longestInSlab = 1024

    @usableFromInline var slab: TextSlab?
    /// How many bytes of the slab are taken.
    @usableFromInline var used = 0
    /// The size of the next slab to make.
    @usableFromInline var nextSize: Int

    /// A writer with no slab yet, for a document of about `documentSize` bytes.
    @inlinable
    public init(documentSize: Int) {
        nextSize = min(max(documentSize, 256), Self.largestSlab)
    }

    /// Whether a text of `count` bytes goes into a slab: longer than a `String` holds
    /// inline, and not so long that it should have an allocation of its own.
    @inlinable @inline(__always)
    public static func takes(_ count: Int) -> Bool {
        count > inlineLength && count <= longestInSlab
    }

    /// A string value of `bytes` whose text is copied into a slab, or `nil` when they
    /// are too short or too long for one (make a `String` of those).
    ///
    /// The bytes must be UTF-8 the caller has checked. They are checked again when the
    /// `String` is made, so other bytes cannot make a malformed one, but they would
    /// come back with U+FFFD in place of what was wrong.
    @inlinable @inline(__always)
    public mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, position: SourcePosition) -> SupportedType? {
        let count = bytes.count
        guard Self.takes(count), let source = bytes.baseAddress else { return nil }
        if count > (slab?.capacity ?? 0) - used { startSlab(for: count) }
        guard let slab else { return nil }
        (slab.bytes + used).update(from: source, count: count)
        let text = TextSlice(slab: slab, start: UInt32(truncatingIfNeeded: used), count: UInt32(truncatingIfNeeded: count))
        used += count
        return SupportedType(text: text, position: position)
    }

    /// Replaces the current slab with a new one that has room for `count` bytes.
    @inlinable @inline(never)
    mutating func startSlab(for count: Int) {
        slab = TextSlab(capacity: max(nextSize, count))
        used = 0
        nextSize = min(nextSize * 2, Self.largestSlab)
    }
}
