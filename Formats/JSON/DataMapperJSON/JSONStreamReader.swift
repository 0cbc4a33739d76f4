import DataMapperCore

/// Reads a stream of JSON documents that arrives in pieces of any size: several JSON
/// texts, or JSON Lines.
///
/// Append bytes as they arrive and ask for documents until ``next()`` says it needs
/// more; when the input ends, call ``finish()`` and ask again, for a last document such
/// as a top-level number is only known whole at a delimiter or at the end:
///
/// ```swift
/// var stream = JSONStreamReader(framing: .lines)
/// for await chunk in socket.chunks {
///     stream.append(chunk)
///     while let document = try stream.next() { handle(document) }
/// }
/// try stream.finish()   // fails if the input ended inside a document
/// while let document = try stream.next() { handle(document) }
/// ```
///
/// The documents and errors are those of ``JSONSerializer/deserializeAll(_:)`` (for
/// ``Framing/texts``) or ``JSONLinesSerializer/deserializeAll(_:)`` (for
/// ``Framing/lines``) on the whole input: positions count lines and columns from the
/// stream's first byte, and an error's message starts with the number of the document
/// at fault (`document 3: …`). Where a document ends is found by scanning each byte
/// once, and each document is parsed once, when whole, so input arriving a byte at a
/// time costs linear time. Consumed bytes are dropped, so memory stays about the size
/// of the largest document; ``ParsingLimits/maxInputBytes`` bounds each document, and
/// one growing past it is refused before it ends.
public struct JSONStreamReader: Sendable, DocumentStreamReader {
    /// How the documents of a stream are laid out.
    public enum Framing: Sendable, Hashable {
        /// JSON texts separated by whitespace, as ``JSONSerializer/deserializeAll(_:)``
        /// reads them; a stream with no text is an error.
        case texts
        /// One text per line, blank lines skipped, as
        /// ``JSONLinesSerializer/deserializeAll(_:)`` reads them; a stream of no
        /// documents is allowed.
        case lines
    }

    /// The options documents are read with; ``ParsingLimits/maxInputBytes`` bounds
    /// each document, not the stream.
    public let serializer: JSONSerializer
    /// Finds where documents end.
    private(set) var framer: JSONStreamFramer
    /// Bytes appended and not yet dropped; `buffer[0]` is the stream's byte `dropped`.
    private var buffer: [UInt8] = []
    private var dropped = 0
    /// Whether ``finish()`` has been called.
    private var ended = false
    /// A document read ahead by ``finish()``, returned by the next ``next()``.
    private var readAhead: SupportedType?
    /// The error that stopped the stream; every later call throws it again.
    private var failure: DataMapperError?

    /// How many documents have been read so far.
    public private(set) var documentCount = 0

    /// Creates a reader with an empty buffer.
    /// - Parameters:
    ///   - framing: How documents are laid out; JSON texts by default.
    ///   - options: How each document is read (``JSONSerializer/Options/outputStyle``
    ///     plays no part).
    public init(framing: Framing = .texts, options: JSONSerializer.Options = JSONSerializer.Options()) {
        serializer = JSONSerializer(options: options)
        framer = JSONStreamFramer(framing: framing)
    }

    /// How the documents of the stream are laid out.
    public var framing: Framing { framer.framing }

    /// How many bytes of the stream lie before the document being read: those of the
    /// documents read so far and the whitespace after them.
    public var consumedByteCount: Int { framer.firstNeededOffset }

    /// How many appended bytes wait to be read.
    public var bufferedByteCount: Int { dropped + buffer.count - consumedByteCount }

    /// Adds bytes that arrived. Bytes appended after ``finish()`` are ignored.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard !ended else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
    }

    /// The next document, or `nil` when the bytes so far end inside a document (or
    /// there are none); append more and ask again. After ``finish()``, `nil` means the
    /// stream holds no more documents.
    /// - Throws: ``DataMapperError`` for a document that is not valid JSON, is larger
    ///   than ``ParsingLimits/maxInputBytes``, or (after ``finish()``) is cut short, its
    ///   message starting with the document's number; the reader then stays stuck, and
    ///   asking again throws again.
    public mutating func next() throws(DataMapperError) -> SupportedType? {
        if let failure { throw failure }
        if let document = readAhead {
            readAhead = nil
            return document
        }
        do {
            return try readDocument()
        } catch {
            failure = error
            throw error
        }
    }

    /// Says the input has ended, so that a document still open ends here; call
    /// ``next()`` afterwards until it returns `nil` for the documents left.
    /// - Throws: ``DataMapperError`` when the next document is bad or cut short, or for
    ///   ``Framing/texts`` when the stream held no text at all; errors in later
    ///   documents come from ``next()``.
    public mutating func finish() throws(DataMapperError) {
        if let failure { throw failure }
        guard !ended else { return }
        ended = true
        if readAhead == nil {
            readAhead = try next()
        }
    }

    /// Frames and parses the next document.
    private mutating func readDocument() throws(DataMapperError) -> SupportedType? {
        let base = dropped
        let ended = ended
        let frame = buffer.withUnsafeBufferPointer { framer.nextFrame(in: $0, base: base, ended: ended) }
        guard let frame else {
            try checkOpenDocumentSize()
            if ended, documentCount == 0, framing == .texts { throw Self.noDocument(after: framer) }
            return nil
        }
        let number = documentCount + 1
        guard frame.range.count <= serializer.options.limits.maxInputBytes else {
            throw Self.tooLarge(limit: serializer.options.limits.maxInputBytes, startingAt: frame.range.lowerBound, line: frame.line, column: frame.column, number: number)
        }
        do {
            let document = try parse(frame)
            documentCount = number
            return document
        } catch {
            throw Self.numbered(error, number)
        }
    }

    /// Reads the document `frame` holds with the serializer's options.
    private func parse(_ frame: JSONStreamFramer.Frame) throws(DataMapperError) -> SupportedType {
        let first = frame.range.lowerBound - dropped
        let options = serializer.options
        let framing = framing
        return try buffer.withUnsafeBufferPointer { (all: UnsafeBufferPointer<UInt8>) in
            Result { () throws(DataMapperError) -> SupportedType in
                guard let base = all.baseAddress else { throw Self.missingDocument(frame) }
                return try Self.read(frame, at: base + first, options: options, framing: framing)
            }
        }.get()
    }

    /// Reads the one document of `frame`, whose bytes start at `start`.
    static func read(
        _ frame: JSONStreamFramer.Frame, at start: UnsafePointer<UInt8>, options: JSONSerializer.Options, framing: Framing
    ) throws(DataMapperError) -> SupportedType {
        // The bytes are only read, and only during this call.
        var reader = JSONReader(bytes: start, count: frame.range.count, options: options, origin: (frame.line, frame.column))
        let documents = framing == .texts ? try reader.readTexts() : try reader.readLines()
        guard documents.count == 1, let document = documents.first else { throw missingDocument(frame) }
        return document
    }

    /// Refuses a document still open that is already larger than the limit, so that a
    /// document with no end cannot grow the buffer for ever.
    private func checkOpenDocumentSize() throws(DataMapperError) {
        guard let open = framer.document else { return }
        let size = dropped + buffer.count - open.start
        guard size > serializer.options.limits.maxInputBytes else { return }
        throw Self.tooLarge(limit: serializer.options.limits.maxInputBytes, startingAt: open.start, line: open.line, column: open.column, number: documentCount + 1)
    }

    /// Drops the bytes before the document being read once they are at least half
    /// the buffer, so each byte is moved a bounded number of times.
    private mutating func compactIfWorthwhile() {
        let removable = consumedByteCount - dropped
        guard removable > 0, removable * 2 >= buffer.count else { return }
        buffer.removeFirst(removable)
        dropped += removable
    }
}
