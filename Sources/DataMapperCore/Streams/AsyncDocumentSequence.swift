/// The documents of a stream whose bytes arrive as an asynchronous sequence of chunks
/// (`Data`, `[UInt8]`, a socket's or a file's byte chunks), for Swift concurrency.
///
/// ```swift
/// for try await document in chunks.documents(reading: JSONStreamReader()) {
///     handle(document)
/// }
/// ```
///
/// Each document is handed on as soon as its last byte has arrived; the chunks are
/// dropped once read, so memory stays about the size of the largest document. The
/// iteration throws the chunks' own errors, and ``DataMapperError`` for a bad document
/// or input that ends inside one.
public struct AsyncDocumentSequence<Chunks: AsyncSequence, Reader: DocumentStreamReader>: AsyncSequence
where Chunks.Element: Sequence<UInt8> {
    /// Each element is one whole document.
    public typealias Element = SupportedType
    /// The chunks' errors and ``DataMapperError``.
    public typealias Failure = any Error

    private let chunks: Chunks
    private let reader: Reader

    /// The documents `reader` finds in `chunks`.
    public init(_ chunks: Chunks, reader: Reader) {
        self.chunks = chunks
        self.reader = reader
    }

    /// An iterator that starts reading the chunks from their beginning.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.makeAsyncIterator(), reader: reader)
    }

    /// Reads chunks as the documents asked for need them.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var chunks: Chunks.AsyncIterator
        private var reader: Reader
        private var ended = false

        init(chunks: Chunks.AsyncIterator, reader: Reader) {
            self.chunks = chunks
            self.reader = reader
        }

        /// The next document; `nil` once the chunks have ended and every document has
        /// been returned.
        public mutating func next() async throws -> SupportedType? {
            try await next(isolation: nil)
        }

        /// The next document, the chunks being asked for on `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> SupportedType? {
            while true {
                if let document = try reader.next() { return document }
                if ended { return nil }
                if let chunk = try await chunks.next(isolation: actor) {
                    reader.append(chunk)
                } else {
                    ended = true
                    try reader.finish()
                }
            }
        }
    }
}

extension AsyncDocumentSequence: Sendable where Chunks: Sendable, Reader: Sendable {}

extension AsyncSequence where Element: Sequence<UInt8> {
    /// The documents `reader` finds in these chunks of bytes, one at a time.
    public func documents<Reader: DocumentStreamReader>(reading reader: Reader) -> AsyncDocumentSequence<Self, Reader> {
        AsyncDocumentSequence(self, reader: reader)
    }
}
