/// Bounds that every parser enforces on untrusted input.
///
/// One value is shared by all formats so a service can state its limits once. The
/// defaults hold without the caller asking: they let every realistic document through
/// and stop hostile ones (deep nesting that would exhaust the stack, "billion laughs"
/// alias or entity expansion, huge declared lengths) with a
/// ``DataMapperError/Kind/limitExceeded`` error.
public struct ParsingLimits: Sendable, Hashable {
    /// How deeply arrays and dictionaries may nest. Default 128.
    ///
    /// Readers and writers keep the containers they are inside on a stack on the
    /// heap (MessagePack's after a few levels of calls), so the thread's stack they
    /// use is bounded at any depth. What follows a
    /// value by calls instead (`==`, hashing, `description`, releasing it, the
    /// Codable encoder and decoder, ObjectMapper) takes a few kilobytes a level: at
    /// 128 levels, deeper than any real document, each fits a thread with a 512 KiB
    /// stack in debug and release builds, which the tests check. A higher limit needs
    /// threads with more stack for those.
    public var maxDepth: Int
    /// The largest input, in bytes, a parser accepts. Default 1 GiB.
    public var maxInputBytes: Int
    /// How many values alias or entity expansion may produce in one document, counting
    /// each copy. Default 1,000,000.
    public var maxExpandedValues: Int
    /// How many bytes alias expansion may copy in one document, counting each copy by
    /// the text of the scalars and keys it copies. `nil`, the default, allows ten times
    /// the input and never less than 16 MiB (see ``expandedByteBudget(inputBytes:)``).
    ///
    /// Counting values alone would let one long anchored string, aliased a thousand
    /// times, grow a small document into a gigabyte.
    public var maxExpandedBytes: Int?
    /// The most bytes a stream of documents read one at a time may hold in all, or
    /// `nil`, the default, for no total limit: ``maxInputBytes`` bounds each document
    /// of a stream, so a long stream is read in bounded memory whatever its length.
    /// Where the input is read whole it is one more cap on its size.
    public var maxStreamBytes: Int?

    /// Creates limits; every argument has the documented default.
    public init(
        maxDepth: Int = 128, maxInputBytes: Int = 1 << 30, maxExpandedValues: Int = 1_000_000, maxExpandedBytes: Int? = nil,
        maxStreamBytes: Int? = nil
    ) {
        self.maxDepth = maxDepth
        self.maxInputBytes = maxInputBytes
        self.maxExpandedValues = maxExpandedValues
        self.maxExpandedBytes = maxExpandedBytes
        self.maxStreamBytes = maxStreamBytes
    }

    /// The bytes alias expansion may copy in a document of `inputBytes` bytes:
    /// ``maxExpandedBytes`` when set, otherwise the larger of 16 MiB and ten times the input.
    public func expandedByteBudget(inputBytes: Int) -> Int {
        if let maxExpandedBytes { return maxExpandedBytes }
        let (tenfold, overflow) = inputBytes.multipliedReportingOverflow(by: 10)
        return overflow ? Int.max : max(16 << 20, tenfold)
    }

    /// The defaults.
    public static let `default` = ParsingLimits()
}

/// What a parser does when one dictionary holds the same key twice.
public enum DuplicateKeyPolicy: Sendable, Hashable {
    /// Refuse the document with a ``DataMapperError/Kind/syntax`` error naming both places.
    case error
    /// Keep the first value, in the first key's place.
    case firstWins
    /// Keep the last value, in the first key's place.
    case lastWins
}
