import DataMapperCore

/// Writes a stream of JSON documents one at a time: several JSON texts, or JSON Lines.
///
/// ```swift
/// var stream = JSONStreamWriter(framing: .lines)
/// var bytes: [UInt8] = []
/// for record in records { try stream.write(record, into: &bytes) }
/// try stream.finish(into: &bytes)
/// ```
///
/// The bytes are those of ``JSONSerializer/serializeAll(_:)`` (for
/// ``JSONStreamReader/Framing/texts``: a line feed between texts, none at the end) or
/// ``JSONLinesSerializer/serializeAll(_:)`` (for ``JSONStreamReader/Framing/lines``:
/// each text compact and ending with a line feed) for the same documents, so
/// ``JSONStreamReader`` with the same framing reads them back. Nothing is held back:
/// each document's bytes are complete when ``write(_:into:)`` returns, and
/// ``finish(into:)`` adds nothing.
///
/// Documents can also come piece by piece (``write(_:into:)-(DocumentPiece,_)``), with
/// the same bytes; see that method for what sorted keys allow.
public struct JSONStreamWriter: Sendable, DocumentPieceWriter {
    /// How the documents of a stream are laid out, as for reading.
    public typealias Framing = JSONStreamReader.Framing

    /// How the documents of the stream are laid out.
    public let framing: Framing
    /// The options each document is written with; for ``Framing/lines`` the output
    /// style is always compact.
    public let serializer: JSONSerializer

    /// How many documents have been written so far.
    public internal(set) var documentCount = 0

    /// The containers opened by pieces and not yet closed.
    var pieces = DocumentPieceStack()

    /// Creates a writer at the start of a stream.
    /// - Parameters:
    ///   - framing: How documents are laid out; JSON texts by default.
    ///   - options: How each document is written; ``JSONSerializer/Options/outputStyle``
    ///     is ignored for JSON Lines, whose lines hold compact JSON.
    public init(framing: Framing = .texts, options: JSONSerializer.Options = JSONSerializer.Options()) {
        var options = options
        if framing == .lines { options.outputStyle = .compact }
        self.framing = framing
        serializer = JSONSerializer(options: options)
    }

    /// Appends `document` as one JSON text: after a line feed unless it is the first,
    /// for ``Framing/texts``; ending with a line feed, for ``Framing/lines``.
    /// - Throws: The errors of ``JSONSerializer/serialize(_:)``, the message starting
    ///   with the document's number (`document 2: `); `output` is then unchanged.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkBetweenDocuments(documentCount + 1)
        let writer: JSONWriter
        do {
            writer = try serializer.write(document)
        } catch {
            throw error.inDocument(documentCount + 1)
        }
        if framing == .texts, documentCount > 0 { output.append(UInt8(ascii: "\n")) }
        writer.output.storage.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        if framing == .lines { output.append(UInt8(ascii: "\n")) }
        documentCount += 1
    }

    /// Adds nothing: a JSON stream has no closing bytes.
    /// - Throws: ``DataMapperError`` (`invalidValue`) when a document told piece by
    ///   piece is still open.
    public mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkFinished()
    }
}
