import DataMapperCore

/// Writes a YAML stream one document at a time.
///
/// ```swift
/// var stream = YAMLStreamWriter()
/// var bytes: [UInt8] = []
/// for manifest in manifests { try stream.write(manifest, into: &bytes) }
/// try stream.finish(into: &bytes)
/// ```
///
/// The bytes are those of ``YAMLSerializer/serializeAll(_:)`` for the same documents:
/// when there are several, each starts with a `---` line; a stream of one is written
/// as ``YAMLSerializer/serialize(_:)`` writes it, with no `---`. Whether the first
/// document needs its `---` is only known at the second document or at the end, so
/// the first is checked and written when it comes, but its bytes are held back (with
/// the document, to write it again with its `---`) until then; every later document's
/// bytes are complete when ``write(_:into:)`` returns. ``finish(into:)`` adds what
/// libyaml puts at the end of a stream.
///
/// Documents can also come piece by piece (``write(_:into:)-(DocumentPiece,_)``), with
/// the same bytes.
///
/// The writer owns a libyaml emitter, so it is not `Sendable`: use it from one task.
public struct YAMLStreamWriter: DocumentPieceWriter {
    /// The options each document is written with.
    public let serializer: YAMLSerializer

    /// How many documents have been written so far.
    public internal(set) var documentCount = 0

    /// What has been written, by how many documents it holds.
    enum State {
        case empty
        /// The first document, held back with the writer that wrote it on its own.
        case first(SupportedType, YAMLWriter)
        /// The first document, written or being written from pieces with no `---`;
        /// its bytes wait in the writer, and `prefix` before them gives the document
        /// with its `---`.
        case firstFromPieces(YAMLWriter, prefix: [UInt8])
        /// The first document's pieces, gathered when a `---` in front could change
        /// how its lines are folded.
        case assemblingFirst(DocumentPieceAssembler)
        /// Two or more documents, every one with its `---`.
        case several(YAMLWriter)
    }

    var state = State.empty
    /// The containers opened by pieces and not yet closed.
    var pieces = DocumentPieceStack()

    /// Creates a writer at the start of a stream.
    public init(options: YAMLSerializer.Options = YAMLSerializer.Options()) {
        serializer = YAMLSerializer(options: options)
    }

    /// Writes `document`; its bytes are appended now, except for the first
    /// document's, which wait for the second or for ``finish(into:)``.
    /// - Throws: The errors of ``YAMLSerializer/serialize(_:)``, the message starting
    ///   with the document's number (`document 2: `); `output` is then unchanged.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkBetweenDocuments(documentCount + 1)
        let number = documentCount + 1
        switch state {
        case .empty:
            var alone = try Self.numbered(number) { () throws in try YAMLWriter(options: serializer.options) }
            try Self.numbered(number) { () throws in
                try alone.startStream()
                try alone.writeDocument(document, implicit: true)
            }
            state = .first(document, alone)
        case .first, .firstFromPieces, .assemblingFirst:
            // The first document's bytes go out with the second's, so that `output`
            // stays unchanged when the second is refused.
            var first: [UInt8] = []
            var stream = try streamOfSeveral(into: &first)
            try Self.numbered(number) { () throws in try stream.writeDocument(document, implicit: false) }
            output.append(contentsOf: first)
            output.append(contentsOf: stream.takeBytes())
            state = .several(stream)
        case .several(var stream):
            try Self.numbered(number) { () throws in try stream.writeDocument(document, implicit: false) }
            output.append(contentsOf: stream.takeBytes())
            state = .several(stream)
        }
        documentCount = number
    }

    /// Appends the first document's bytes when it was the only one, and the end of
    /// the stream; no documents give what ``YAMLSerializer/serializeAll(_:)`` gives
    /// for none.
    /// - Throws: ``DataMapperError`` when libyaml cannot end the stream.
    public mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkFinished()
        let writer: YAMLWriter
        switch state {
        case .empty, .assemblingFirst:
            // An assembled first document is written when it ends, so none is left here.
            writer = try Self.numbered(nil) { () throws in
                let writer = try YAMLWriter(options: serializer.options)
                try writer.startStream()
                return writer
            }
        case .first(_, let alone): writer = alone
        case .firstFromPieces(let alone, _): writer = alone
        case .several(let stream): writer = stream
        }
        try Self.numbered(nil) { () throws in try writer.endStream() }
        output.append(contentsOf: writer.takeBytes())
        state = .empty
    }

    /// The writer of a stream of several documents once the first is written, its
    /// bytes, with their `---`, appended to `output`: a second document is coming.
    mutating func streamOfSeveral(into output: inout [UInt8]) throws(DataMapperError) -> YAMLWriter {
        switch state {
        case .first(let first, _):
            // The first document wrote once already, so it writes again with its `---`.
            let stream = try Self.numbered(1) { () throws in
                var stream = try YAMLWriter(options: serializer.options)
                try stream.startStream()
                try stream.writeDocument(first, implicit: false)
                return stream
            }
            output.append(contentsOf: stream.takeBytes())
            return stream
        case .firstFromPieces(let stream, let prefix):
            output.append(contentsOf: prefix)
            output.append(contentsOf: stream.takeBytes())
            return stream
        case .several(let stream):
            return stream
        case .empty, .assemblingFirst:
            // Callers come here with a first document written.
            throw DataMapperError(.invalidValue, message: "no first document was written")
        }
    }

    /// Runs `body`, numbering its error with the document `number` (when there is
    /// one); the YAML writer throws only ``DataMapperError``.
    static func numbered<T>(_ number: Int?, _ body: () throws -> T) throws(DataMapperError) -> T {
        do {
            return try body()
        } catch {
            let failure = error as? DataMapperError
                ?? DataMapperError(.unsupported, message: "cannot write YAML: \(error)")
            guard let number else { throw failure }
            throw failure.inDocument(number)
        }
    }
}
