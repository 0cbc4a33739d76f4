import DataMapperCore

/// Reads a YAML stream of documents that arrives in pieces of any size.
///
/// Append bytes as they arrive and ask for documents until ``next()`` says it needs
/// more; when the input ends, call ``finish()`` and ask again, for the last document
/// is only known whole at the end:
///
/// ```swift
/// var stream = YAMLStreamReader()
/// for await chunk in socket.chunks {
///     stream.append(chunk)
///     while let document = try stream.next() { handle(document) }
/// }
/// try stream.finish()   // fails if the input ended inside a document
/// while let document = try stream.next() { handle(document) }
/// ```
///
/// The documents and errors are those of ``YAMLSerializer/deserializeAll(_:)`` on the
/// whole input: positions count lines and columns from the stream's first byte, and an
/// error's message starts with the number of the document at fault (`document 3: …`).
/// A document ends at a line starting with `---` or `...` (which YAML never allows
/// inside a value), found by looking at each byte once; each document is then parsed
/// once, when whole, so input arriving a byte at a time costs linear time. Anchors
/// never reach across documents, so each is read on its own. Consumed bytes are
/// dropped, so memory stays about the size of the largest document;
/// ``ParsingLimits/maxInputBytes`` bounds each document (with the comments and
/// directives before it), and one growing past it is refused before it ends. The
/// alias budget (``ParsingLimits/maxExpandedValues`` and ``ParsingLimits/maxExpandedBytes``)
/// is each document's own, as in a whole read; its default byte budget,
/// ``ParsingLimits/expandedByteBudget(inputBytes:)``, is counted from each document's
/// size, where a whole read counts it from the stream's.
///
/// The reader also lists what reading each document loses (comments, tags, anchors and
/// aliases, plain keys read as strings), as ``YAMLSerializer/readingLosses(in:)`` does
/// for the whole input: see ``lastDocumentReadingLosses()``.
public struct YAMLStreamReader: Sendable, DocumentStreamReader {
    /// The options documents are read with; ``ParsingLimits/maxInputBytes`` bounds
    /// each document, not the stream.
    public let serializer: YAMLSerializer
    /// Finds where documents end.
    private var framer = YAMLStreamFramer()
    /// Bytes appended and not yet dropped; `buffer[0]` is the stream's byte `dropped`.
    private(set) var buffer: [UInt8] = []
    private(set) var dropped = 0
    /// Whether ``finish()`` has been called.
    private(set) var ended = false
    /// A document read ahead by ``finish()``, returned by the next ``next()``.
    private var readAhead: SupportedType?
    /// The error that stopped the stream; every later call throws it again.
    private var failure: DataMapperError?
    /// Where the next document starts when it starts before the framer's next piece,
    /// and whether it is read after a document end: directives libyaml took as the end
    /// of the previous document without a `...`, or a piece that held only what comes
    /// before a `---` (see ``readDocument()``).
    private var carried: (start: Int, line: Int, followsDocumentEnd: Bool)?

    /// The bytes a loss scan of the document ``next()`` returned last reads, kept until
    /// the next document is read.
    private(set) var lastScan: LossScan?
    /// Where the loss scan of the next document starts when that is before its piece:
    /// the stream's start before the first document, or the `...` line that ended the
    /// last one, so that comments after a document end go where a whole scan puts them.
    /// `nil` when the next document's own piece is enough.
    private(set) var gap: LossScan.Start? = LossScan.Start(offset: 0, line: 1, followsDocument: false)

    /// How many documents have been read so far.
    public private(set) var documentCount = 0

    /// Creates a reader with an empty buffer.
    /// - Parameter options: How each document is read (the writing options play no part).
    public init(options: YAMLSerializer.Options = YAMLSerializer.Options()) {
        serializer = YAMLSerializer(options: options)
    }

    /// How many bytes of the stream lie before the document being read.
    public var consumedByteCount: Int { min(carried?.start ?? .max, framer.pieceStart) }

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
    /// - Throws: ``DataMapperError`` for a document that is not valid YAML, is larger
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

    /// Says the input has ended, so that the last document ends here; call ``next()``
    /// afterwards until it returns `nil` for the documents left.
    /// - Throws: ``DataMapperError`` when the next document is bad or cut short; errors
    ///   in later documents come from ``next()``.
    public mutating func finish() throws(DataMapperError) {
        if let failure { throw failure }
        guard !ended else { return }
        ended = true
        if readAhead == nil {
            readAhead = try next()
        }
    }

    /// Frames and parses pieces until one holds a document.
    private mutating func readDocument() throws(DataMapperError) -> SupportedType? {
        while true {
            let base = dropped
            let ended = ended
            let framed = buffer.withUnsafeBufferPointer { framer.nextFrame(in: $0, base: base, ended: ended) }
            guard let framed else {
                try checkOpenDocumentSize()
                return nil
            }
            var piece = Piece(framed)
            if let carried {
                piece.range = carried.start..<piece.range.upperBound
                piece.line = carried.line
                piece.followsDocumentEnd = carried.followsDocumentEnd
                self.carried = nil
            }
            let number = documentCount + 1
            guard piece.range.count <= serializer.options.limits.maxInputBytes else {
                throw tooLarge(line: piece.line, number: number)
            }
            let (document, nextStart) = try parse(piece).mapError { $0.inDocument(number) }.get()
            if framed.lookahead > 0, let rootLine = document?.position.line, rootLine > framed.endLine {
                // The framer took a line before this `---` for content, but libyaml began
                // the document only at the `---` (its root lies past it): the piece was
                // all prelude, and goes with the next one.
                carried = (piece.range.lowerBound, piece.line, piece.followsDocumentEnd)
                continue
            }
            if let nextLine = nextStart?.line, framed.lookahead > 0, nextLine < framed.endLine {
                carried = try carry(from: nextLine, in: piece)
            }
            if let document {
                documentCount = number
                lastScan = lossScan(of: piece, framed: framed, number: number)
                gap = framed.documentEnd.map { LossScan.Start(offset: $0.offset, line: $0.line, followsDocument: true) }
                return document
            }
            forgetLongGap()
        }
    }

    /// Where the next document starts when libyaml began it on `line`, inside `piece`.
    private func carry(from line: Int, in piece: Piece) throws(DataMapperError) -> (start: Int, line: Int, followsDocumentEnd: Bool) {
        let first = piece.range.lowerBound - dropped
        let offset = buffer.withUnsafeBufferPointer { all in
            YAMLStreamFramer.offset(
                ofLine: line - piece.line, in: UnsafeBufferPointer(rebasing: all[first..<first + piece.range.count]))
        }
        guard let offset else { throw Self.misframed(line: line).inDocument(documentCount + 2) }
        return (piece.range.lowerBound + offset, line, false)
    }

    /// Stops keeping the bytes since the last document's `...` once they pass the
    /// document size limit, so that a run of comments cannot grow the buffer for ever.
    private mutating func forgetLongGap() {
        guard let gap, framer.pieceStart - gap.offset > serializer.options.limits.maxInputBytes else { return }
        self.gap = nil
    }

    /// Refuses a document still open that is already larger than the limit, so that a
    /// document with no end cannot grow the buffer for ever.
    private func checkOpenDocumentSize() throws(DataMapperError) {
        let size = dropped + buffer.count - consumedByteCount
        guard size > serializer.options.limits.maxInputBytes else { return }
        throw tooLarge(line: carried?.line ?? framer.pieceLine, number: documentCount + 1)
    }

    /// Drops the bytes before the document being read (and before what the loss scans
    /// of the last document and the next one read) once they are at least half the
    /// buffer, so each byte is moved a bounded number of times.
    private mutating func compactIfWorthwhile() {
        let kept = min(consumedByteCount, lastScan?.start.offset ?? .max, gap?.offset ?? .max)
        let removable = kept - dropped
        guard removable > 0, removable * 2 >= buffer.count else { return }
        buffer.removeFirst(removable)
        dropped += removable
    }
}
