import DataMapperCore
import Foundation

/// Reads and writes JSON Lines (also called NDJSON): one JSON text per line, the form
/// logs, exports and batch APIs use for a stream of records.
///
/// Each line holds one whole text, read as ``JSONSerializer`` reads one, with its
/// line and column counted in the whole file. Blank lines are skipped, so an empty
/// file is a stream of no documents. A text that goes on past the end of its line is
/// an error at that line's end. Writing puts each document on a line of its own in
/// compact JSON, every line ending with a line feed.
///
/// ```swift
/// let lines = JSONLinesSerializer()
/// let records = try lines.deserializeAll(fromString: "{\"id\":1}\n{\"id\":2}\n")
/// let data = try lines.serializeAll(records)   // the same two lines
/// ```
public struct JSONLinesSerializer: Serializer {
    /// How each text is read and written. ``JSONSerializer/Options/outputStyle`` is
    /// ignored: a line holds compact JSON.
    public var options: JSONSerializer.Options

    /// A serializer with the given options (the defaults when omitted).
    public init(options: JSONSerializer.Options = JSONSerializer.Options()) {
        self.options = options
    }

    /// The serializer of each line's text.
    private var lineSerializer: JSONSerializer {
        var options = options
        options.outputStyle = .compact
        return JSONSerializer(options: options)
    }

    /// Reads a file of exactly one line of JSON.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/syntax`` when the
    ///   file holds no text, or a second line of text (naming ``deserializeAll(_:)``),
    ///   or as ``JSONSerializer/deserialize(_:)`` does.
    public func deserialize(_ data: Data) throws(DataMapperError) -> SupportedType {
        let values = try read(data, limit: 1)
        guard let value = values.first else {
            throw DataMapperError(
                .syntax,
                message: "unexpected end of input; the document holds no value",
                location: SourceLocation(position: .text(line: 1, column: 1))
            )
        }
        return value
    }

    /// Reads every line's text, in order; blank lines are skipped.
    /// - Throws: ``DataMapperError`` as ``JSONSerializer/deserialize(_:)`` does for the
    ///   first line at fault, or for a text spread over several lines.
    public func deserializeAll(_ data: Data) throws(DataMapperError) -> [SupportedType] {
        try read(data, limit: .max)
    }

    private func read(_ data: Data, limit: Int) throws(DataMapperError) -> [SupportedType] {
        let json = lineSerializer
        return try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in
                try json.withReader(over: buffer) { (reader: inout JSONReader) throws(DataMapperError) in
                    try reader.readLines(limit: limit)
                }
            }
        }.get()
    }

    /// Writes `value` as one line of compact JSON, ending with a line feed.
    /// - Throws: The errors of ``JSONSerializer/serialize(_:)``.
    public func serialize(_ value: SupportedType) throws(DataMapperError) -> Data {
        var bytes = try lineSerializer.serializeToBytes(value)
        bytes.append(UInt8(ascii: "\n"))
        return Data(bytes)
    }

    /// Writes each document as one line of compact JSON, each ending with a line feed;
    /// no documents give no bytes.
    /// - Throws: The errors of ``JSONSerializer/serialize(_:)``, the path starting with
    ///   the index of the document at fault.
    public func serializeAll(_ documents: [SupportedType]) throws(DataMapperError) -> Data {
        let json = lineSerializer
        var output: [UInt8] = []
        for (index, document) in documents.enumerated() {
            do {
                output.append(contentsOf: try json.serializeToBytes(document))
                output.append(UInt8(ascii: "\n"))
            } catch {
                throw error.under(.index(index))
            }
        }
        return Data(output)
    }

    /// `true`: a JSON Lines file holds any number of documents.
    public var writesStreams: Bool { true }
}
