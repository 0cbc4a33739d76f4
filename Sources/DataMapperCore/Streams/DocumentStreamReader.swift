/// A reader that turns bytes arriving in pieces into documents, one at a time:
/// what ``FileDocumentReader`` and ``AsyncDocumentSequence`` drive, whatever the format.
///
/// Conforming readers keep only the bytes of the document they are reading, so a
/// stream of any length is read in memory about the size of its largest document.
/// The calls go: ``append(_:)`` what arrived, then ``next()`` until it returns `nil`;
/// at the end of the input, ``finish()`` once, then ``next()`` until `nil` again, for a
/// format whose last document is only known whole at the end (a JSON number).
public protocol DocumentStreamReader {
    /// Adds bytes that arrived, of any size, splitting documents anywhere.
    mutating func append(_ bytes: some Sequence<UInt8>)

    /// The next whole document, or `nil` when more bytes are needed; after
    /// ``finish()``, `nil` when no documents are left.
    /// - Throws: ``DataMapperError`` for a document that is not valid in the format.
    mutating func next() throws(DataMapperError) -> SupportedType?

    /// Says the input has ended.
    /// - Throws: ``DataMapperError`` when the bytes left over do not make a document.
    mutating func finish() throws(DataMapperError)
}
