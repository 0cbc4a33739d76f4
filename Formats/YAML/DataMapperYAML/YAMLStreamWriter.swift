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
/// the first document starts without a `---` line, as ``YAMLSerializer/serialize(_:)``
/// writes a document alone, and every later one starts with `---`. So a document's
/// bytes never depend on what follows it, and each is complete in `output` when
/// ``write(_:into:)`` returns; ``finish(into:)`` adds what libyaml puts at the end of
/// a stream.
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

    /// The emitter of the stream, from its first document to ``finish(into:)``.
    var stream: YAMLWriter?
    /// The containers opened by pieces and not yet closed.
    var pieces = DocumentPieceStack()

    /// Creates a writer at the start of a stream.
    public init(options: YAMLSerializer.Options = YAMLSerializer.Options()) {
        serializer = YAMLSerializer(options: options)
    }

    /// Writes `document` and appends its bytes.
    /// - Throws: The errors of ``YAMLSerializer/serialize(_:)``, the message starting
    ///   with the document's number (`document 2: `); the stream cannot go on.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        let number = documentCount + 1
        try pieces.checkBetweenDocuments(number)
        var writer = try startedStream(number)
        try Self.numbered(number) { () throws in try writer.writeDocument(document, implicit: number == 1) }
        output.append(contentsOf: writer.takeBytes())
        stream = writer
        documentCount = number
    }

    /// Appends the end of the stream; no documents give what
    /// ``YAMLSerializer/serializeAll(_:)`` gives for none.
    /// - Throws: ``DataMapperError`` when libyaml cannot end the stream.
    public mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkFinished()
        let writer = try startedStream(nil)
        try Self.numbered(nil) { () throws in try writer.endStream() }
        output.append(contentsOf: writer.takeBytes())
        stream = nil
    }

    /// The stream's emitter, started on first use; an error names the document
    /// `number` when there is one.
    mutating func startedStream(_ number: Int?) throws(DataMapperError) -> YAMLWriter {
        if let stream { return stream }
        let writer = try Self.numbered(number) { () throws in
            let writer = try YAMLWriter(options: serializer.options)
            try writer.startStream()
            return writer
        }
        stream = writer
        return writer
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
