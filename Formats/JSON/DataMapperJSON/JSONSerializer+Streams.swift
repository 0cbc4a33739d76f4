import DataMapperCore
import Foundation

extension JSONSerializer {
    /// Reads one or more JSON texts separated by whitespace, as `jq` reads its input
    /// (`{"a":1} {"a":2}`, or one per line).
    ///
    /// Each text is read as ``deserialize(_:)`` reads one, its positions counted from
    /// the start of `data`. A text ending in `]`, `}` or `"` may be followed by the next
    /// directly; after a number or a literal whitespace must come first. Input with no
    /// text at all is an error, as for ``deserialize(_:)``; for one text per line with
    /// empty files allowed, see ``JSONLinesSerializer``.
    /// - Throws: ``DataMapperError`` as ``deserialize(_:)`` does, for the first text at
    ///   fault.
    public func deserializeAll(_ data: Data) throws(DataMapperError) -> [SupportedType] {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in
                try withReader(over: buffer) { (reader: inout JSONReader) throws(DataMapperError) in try reader.readTexts() }
            }
        }.get()
    }

    /// Writes `documents` as JSON texts, one after another with a line feed between
    /// them: with ``OutputStyle/compact`` one text per line, with
    /// ``OutputStyle/pretty`` each text starting on a line of its own. No final line
    /// feed, as ``serialize(_:)`` writes none; no documents give no bytes.
    /// - Throws: The errors of ``serialize(_:)``, the path starting with the index of
    ///   the document at fault.
    public func serializeAll(_ documents: [SupportedType]) throws(DataMapperError) -> Data {
        var output: [UInt8] = []
        for (index, document) in documents.enumerated() {
            do {
                let text = try serializeToBytes(document)
                if index > 0 { output.append(UInt8(ascii: "\n")) }
                output.append(contentsOf: text)
            } catch {
                throw error.under(.index(index))
            }
        }
        return Data(output)
    }

    /// `true`: JSON texts follow one another in a stream.
    public var writesStreams: Bool { true }

    /// Runs `body` with a reader over `buffer`, after checking the size limit.
    func withReader<T>(
        over buffer: UnsafeRawBufferPointer, _ body: (inout JSONReader) throws(DataMapperError) -> T
    ) throws(DataMapperError) -> T {
        try checkSize(buffer.count)
        // An empty buffer may have no address; one byte of a constant stands in for it.
        let empty: StaticString = " "
        let base = buffer.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? empty.utf8Start
        // The bytes are only read, and only during this call.
        var reader = JSONReader(bytes: base, count: buffer.count, options: options)
        return try body(&reader)
    }
}
