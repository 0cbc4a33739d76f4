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
/// The writer owns a libyaml emitter, so it is not `Sendable`: use it from one task.
public struct YAMLStreamWriter: DocumentStreamWriter {
    /// The options each document is written with.
    public let serializer: YAMLSerializer

    /// How many documents have been written so far.
    public internal(set) var documentCount = 0

    /// What has been written, by how many documents it holds.
    private enum State {
        case empty
        /// The first document, held back with the writer that wrote it on its own.
        case first(SupportedType, YAMLWriter)
        /// Two or more documents, every one with its `---`.
        case several(YAMLWriter)
    }

    private var state = State.empty

    /// Creates a writer at the start of a stream.
    public init(options: YAMLSerializer.Options = YAMLSerializer.Options()) {
        serializer = YAMLSerializer(options: options)
    }

    /// Writes `document`; its bytes are appended now, except for the first
    /// document's, which wait for the second or for ``finish(into:)``.
    /// - Throws: The errors of ``YAMLSerializer/serialize(_:)``, the message starting
    ///   with the document's number (`document 2: `); `output` is then unchanged.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        let number = documentCount + 1
        switch state {
        case .empty:
            var alone = try Self.numbered(number) { () throws in try YAMLWriter(options: serializer.options) }
            try Self.numbered(number) { () throws in
                try alone.startStream()
                try alone.writeDocument(document, implicit: true)
            }
            state = .first(document, alone)
        case .first(let first, _):
            // The first document wrote once already, so it writes again with its `---`.
            var stream = try Self.numbered(1) { () throws in
                var stream = try YAMLWriter(options: serializer.options)
                try stream.startStream()
                try stream.writeDocument(first, implicit: false)
                return stream
            }
            try Self.numbered(number) { () throws in try stream.writeDocument(document, implicit: false) }
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
        let writer: YAMLWriter
        switch state {
        case .empty:
            writer = try Self.numbered(nil) { () throws in
                let writer = try YAMLWriter(options: serializer.options)
                try writer.startStream()
                return writer
            }
        case .first(_, let alone): writer = alone
        case .several(let stream): writer = stream
        }
        try Self.numbered(nil) { () throws in try writer.endStream() }
        output.append(contentsOf: writer.takeBytes())
        state = .empty
    }

    /// Runs `body`, numbering its error with the document `number` (when there is
    /// one); the YAML writer throws only ``DataMapperError``.
    private static func numbered<T>(_ number: Int?, _ body: () throws -> T) throws(DataMapperError) -> T {
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
