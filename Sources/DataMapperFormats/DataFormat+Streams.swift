import DataMapperCore

extension DataFormat {
    /// A reader that yields the documents of a stream of this format one at a time,
    /// with the documents and errors of reading the whole input, reading with
    /// `reading`; `nil` when the format has no stream reader (its input is then read
    /// whole with ``serializer(options:reading:)``). ``ParsingLimits/maxInputBytes``
    /// bounds each document; ``ParsingLimits/maxStreamBytes``, when set, the bytes
    /// appended in all.
    ///
    /// ```swift
    /// guard let reader = DataFormat.jsonl.streamReader() else { return }
    /// var documents = FileDocumentReader(reader, reading: .standardInput)
    /// while let document = try documents.next() { handle(document) }
    /// ```
    public func streamReader(reading: FormatReadOptions = .default) -> FormatStreamReader? {
        guard let streamReaderFactory else { return nil }
        let base = streamReaderFactory(reading)
        let losesNothing = !(serializer(reading: reading) is any ReadingLossReporting)
        return FormatStreamReader(
            base: base, knowsReadingLosses: losesNothing || base is any StreamReadingLossReporting,
            maxStreamBytes: reading.limits.maxStreamBytes)
    }

    /// A writer that takes documents one at a time and gives the bytes
    /// ``writeAll(_:options:reading:terminateText:)`` gives for the same documents and
    /// options; `nil` when the format has no stream writer.
    /// - Parameters:
    ///   - reading: The options the documents were read with; their limits bound the
    ///     nesting written.
    ///   - terminateText: Whether non-empty text output ends with a line feed.
    public func streamWriter(
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true
    ) -> FormatStreamWriter? {
        guard let streamWriterFactory else { return nil }
        return FormatStreamWriter(base: streamWriterFactory(options, reading), terminatesText: terminateText && isText)
    }
}

/// A format's stream reader, whatever its type: what ``DataFormat/streamReader(reading:)``
/// makes, so that a caller that picks the format at run time can drive it with
/// ``FileDocumentReader`` or ``AsyncDocumentSequence``.
public struct FormatStreamReader: StreamReadingLossReporting {
    private var base: any DocumentStreamReader
    /// Whether ``lastDocumentReadingLosses()`` lists everything reading a document
    /// loses: true when the format loses nothing on reading (JSON) or its reader
    /// reports losses document by document (MessagePack, YAML). When false, a loss report
    /// needs the whole input (``DataFormat/readingLosses(in:reading:)``).
    public let knowsReadingLosses: Bool
    /// ``ParsingLimits/maxStreamBytes``: the most bytes that may be appended in all.
    private let maxStreamBytes: Int?
    /// How many bytes have been appended.
    private var appendedByteCount = 0
    /// Set once more than `maxStreamBytes` bytes have come; every later call throws it.
    private var overLimit: DataMapperError?

    init(base: any DocumentStreamReader, knowsReadingLosses: Bool, maxStreamBytes: Int? = nil) {
        self.base = base
        self.knowsReadingLosses = knowsReadingLosses
        self.maxStreamBytes = maxStreamBytes
    }

    /// Adds bytes that arrived. Bytes past ``ParsingLimits/maxStreamBytes`` are not
    /// kept: the next call to ``next()`` or ``finish()`` throws instead.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard overLimit == nil else { return }
        guard let maxStreamBytes else {
            base.append(bytes)
            return
        }
        let count = bytes.withContiguousStorageIfAvailable(\.count) ?? bytes.reduce(0) { count, _ in count + 1 }
        appendedByteCount += count
        guard appendedByteCount <= maxStreamBytes else {
            overLimit = DataMapperError.Remedy.streamTooLarge(limit: maxStreamBytes, in: "ParsingLimits")
            return
        }
        base.append(bytes)
    }

    /// The next whole document, or `nil` when more bytes are needed (or, after
    /// ``finish()``, when none are left).
    /// - Throws: ``DataMapperError``: the format reader's, or
    ///   ``DataMapperError/Kind/limitExceeded`` once more than
    ///   ``ParsingLimits/maxStreamBytes`` bytes have been appended.
    public mutating func next() throws(DataMapperError) -> SupportedType? {
        if let overLimit { throw overLimit }
        return try base.next()
    }

    /// Says the input has ended.
    public mutating func finish() throws(DataMapperError) {
        if let overLimit { throw overLimit }
        try base.finish()
    }

    /// What reading the last document lost, when the format's reader can tell;
    /// otherwise nothing (see ``knowsReadingLosses``).
    public func lastDocumentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        guard let reporting = base as? any StreamReadingLossReporting else { return [] }
        return try reporting.lastDocumentReadingLosses()
    }

    /// What reading lost after the last document, when the format's reader can tell.
    public func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss] {
        guard let reporting = base as? any StreamReadingLossReporting else { return [] }
        return try reporting.readingLossesAfterLastDocument()
    }
}

/// A format's stream writer, whatever its type: what
/// ``DataFormat/streamWriter(options:reading:terminateText:)`` makes, for
/// ``FileDocumentWriter``.
///
/// For a text format it ends non-empty output with a line feed when the format's own
/// writer does not, as ``DataFormat/writeAll(_:options:reading:terminateText:)`` does.
/// It takes documents piece by piece too (``write(_:into:)-(DocumentPiece,_)``) when
/// the format's writer does: ``writesPieces`` tells.
public struct FormatStreamWriter: DocumentPieceWriter {
    /// The format's writer; `moved` only while a piece writer is lent out.
    private enum Base {
        case documents(any DocumentStreamWriter)
        case pieces(any DocumentPieceWriter)
        case moved
    }

    private var base: Base
    private let terminatesText: Bool
    /// The last byte appended so far, `nil` while nothing has been.
    private var lastByte: UInt8?

    init(base: any DocumentStreamWriter, terminatesText: Bool) {
        if let pieces = base as? any DocumentPieceWriter {
            self.base = .pieces(pieces)
        } else {
            self.base = .documents(base)
        }
        self.terminatesText = terminatesText
    }

    /// Whether the format's writer takes documents piece by piece as they come; when
    /// it does not, ``write(_:into:)-(DocumentPiece,_)`` refuses every piece.
    public var writesPieces: Bool {
        if case .documents = base { return false }
        return true
    }

    /// Appends the bytes of `document` (see ``DocumentStreamWriter/write(_:into:)``).
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        try withBase(appendingTo: &output) { (writer: inout any DocumentStreamWriter, output: inout [UInt8]) throws(DataMapperError) in
            try writer.write(document, into: &output)
        }
    }

    /// Appends the bytes of `piece` as the format's writer makes them (see
    /// ``DocumentPieceWriter/write(_:into:)``).
    /// - Throws: ``DataMapperError``: the format's writer's, or `unsupported` when it
    ///   does not take pieces (``writesPieces``).
    public mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        guard case .pieces(var writer) = base else {
            throw DataMapperError(.unsupported, message: "this format's writer takes whole documents only, not pieces")
        }
        // Moving the writer out leaves it uniquely referenced while it changes.
        base = .moved
        defer { base = .pieces(writer) }
        let before = output.count
        try writer.write(piece, into: &output)
        if output.count > before { lastByte = output.last }
    }

    /// Appends what closes the stream, then the final line feed of text output.
    public mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        try withBase(appendingTo: &output) { (writer: inout any DocumentStreamWriter, output: inout [UInt8]) throws(DataMapperError) in
            try writer.finish(into: &output)
        }
        if terminatesText, let lastByte, lastByte != UInt8(ascii: "\n") {
            output.append(UInt8(ascii: "\n"))
            self.lastByte = UInt8(ascii: "\n")
        }
    }

    /// Runs `body` on the format's writer, noting the last byte it appends.
    private mutating func withBase(
        appendingTo output: inout [UInt8],
        _ body: (inout any DocumentStreamWriter, inout [UInt8]) throws(DataMapperError) -> Void
    ) throws(DataMapperError) {
        var writer: any DocumentStreamWriter
        switch base {
        case .documents(let documents): writer = documents
        case .pieces(let pieces): writer = pieces
        case .moved: return
        }
        base = .moved
        defer {
            if let pieces = writer as? any DocumentPieceWriter { base = .pieces(pieces) } else { base = .documents(writer) }
        }
        let before = output.count
        try body(&writer, &output)
        if output.count > before { lastByte = output.last }
    }
}
