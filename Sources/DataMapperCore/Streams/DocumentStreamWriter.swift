/// A writer that turns documents, handed over one at a time, into the bytes of a
/// stream of one format: what ``FileDocumentWriter`` drives, whatever the format.
///
/// Conforming writers keep no document once it is written, so a stream of any length
/// is written in memory about the size of its largest document. The calls go:
/// ``write(_:into:)`` for each document, in order, then ``finish(into:)`` once, for
/// what closes the stream. The bytes of all the calls, one after another, are what the
/// format's `serializeAll(_:)` writes for the same documents.
///
/// Bytes are appended to a buffer the caller owns rather than returned in a new array,
/// so a caller can reuse one buffer for the whole stream and gather small documents
/// before handing them on, with no allocation per document.
public protocol DocumentStreamWriter {
    /// Appends to `output` the bytes of `document`, with whatever the stream needs
    /// before it (a separator from the previous document).
    ///
    /// A format that holds back some bytes until it knows whether more documents
    /// follow (YAML's first document) appends them on a later call.
    /// - Throws: ``DataMapperError`` for a value the format cannot write, its message
    ///   starting with the document's number counted from 1 (`document 3: `) and its
    ///   path inside the document; `output` is then unchanged, and the stream cannot
    ///   go on.
    mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError)

    /// Appends to `output` what closes the stream, and any bytes still held back.
    /// - Throws: ``DataMapperError`` when the documents written cannot make a stream of
    ///   the format (no document for a format that holds exactly one).
    mutating func finish(into output: inout [UInt8]) throws(DataMapperError)
}
