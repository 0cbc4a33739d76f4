import DataMapperCore

/// Writes a stream of MessagePack values one at a time, back to back.
///
/// ```swift
/// var stream = MessagePackStreamWriter()
/// var bytes: [UInt8] = []
/// for record in records { try stream.write(record, into: &bytes) }
/// try stream.finish(into: &bytes)
/// ```
///
/// The bytes are those of ``MessagePackSerializer/serializeAll(_:)`` for the same
/// values, which ``MessagePackStreamReader`` reads back. A stream has no separators
/// and no end, so each value's bytes are complete when ``write(_:into:)`` returns and
/// ``finish(into:)`` adds nothing.
///
/// Values can also come piece by piece (``write(_:into:)-(DocumentPiece,_)``), with the
/// same bytes: a container's header holds its count, which its opening piece announces.
public struct MessagePackStreamWriter: Sendable, DocumentPieceWriter {
    /// The options each value is written with.
    public let serializer: MessagePackSerializer

    /// How many values have been written so far.
    public internal(set) var documentCount = 0

    /// The containers opened by pieces and not yet closed.
    var pieces = DocumentPieceStack()

    /// Creates a writer at the start of a stream.
    public init(options: MessagePackSerializer.Options = MessagePackSerializer.Options()) {
        serializer = MessagePackSerializer(options: options)
    }

    /// Appends `document` as one MessagePack value.
    /// - Throws: The errors of ``MessagePackSerializer/serialize(_:)``, the message
    ///   starting with the value's number (`document 2: `); `output` is then unchanged.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkBetweenDocuments(documentCount + 1)
        var writer = MessagePackWriter(options: serializer.options)
        do {
            try writer.write(document)
        } catch {
            throw error.locatingValue(in: document).inDocument(documentCount + 1)
        }
        writer.buffer.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        documentCount += 1
    }

    /// Adds nothing: a MessagePack stream has no closing bytes.
    /// - Throws: ``DataMapperError`` (`invalidValue`) when a document told piece by
    ///   piece is still open.
    public mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        try pieces.checkFinished()
    }
}
