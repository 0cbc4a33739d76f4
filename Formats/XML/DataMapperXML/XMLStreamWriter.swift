import DataMapperCore

/// Writes the one document an XML file holds, through the same calls as the writers
/// of formats whose files hold streams, so code that writes documents one at a time
/// can target XML too.
///
/// The first document is written as ``XMLSerializer/serialize(_:)`` writes it, its
/// bytes appended at once. A second is refused, as
/// ``XMLSerializer/serializeAll(_:)`` refuses several documents, and so is a stream
/// that ends with none: wrap several documents in one array to write them as one.
///
/// The document may also come piece by piece
/// (``write(_:into:)-(DocumentPiece,_)``), and is then written as its pieces come,
/// holding only the entries of an opened dictionary that come before its last.
public struct XMLStreamWriter: Sendable, DocumentPieceWriter {
    /// The options the document is written with.
    public let serializer: XMLSerializer

    /// How many documents have been written so far: 0 or 1.
    public internal(set) var documentCount = 0

    /// The document being written from its pieces.
    private var pieces: XMLDocumentPieces

    /// Creates a writer for one document.
    public init(options: XMLSerializer.Options = XMLSerializer.Options()) {
        serializer = XMLSerializer(options: options)
        pieces = XMLDocumentPieces(options: options)
    }

    /// Appends `document` as an XML document, when it is the first.
    /// - Throws: ``DataMapperError/Kind/unsupported`` for a second document, with the
    ///   message of ``XMLSerializer/serializeAll(_:)`` for several; otherwise the
    ///   errors of ``XMLSerializer/serialize(_:)``. The message starts with the
    ///   document's number (`document 2: `); `output` is then unchanged.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        let number = documentCount + 1
        guard pieces.isBetweenDocuments else {
            throw DataMapperError(.invalidValue, message: "a whole document was given while the one told piece by piece is still open")
                .inDocument(number)
        }
        guard documentCount == 0 else {
            throw DataMapperError.oneDocumentFormat(XMLSerializer.self, given: number).inDocument(number)
        }
        do {
            output.append(contentsOf: try serializer.serializeToBytes(document))
        } catch {
            let failure = error as? DataMapperError
                ?? DataMapperError(.unsupported, message: "cannot write XML: \(error)")
            throw failure.inDocument(number)
        }
        documentCount = number
    }

    /// Adds nothing after the document.
    /// - Throws: ``DataMapperError/Kind/unsupported`` when no document was written,
    ///   as ``XMLSerializer/serializeAll(_:)`` refuses none.
    public mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        guard pieces.isBetweenDocuments else {
            throw DataMapperError(.invalidValue, message: "the stream ends inside a document told piece by piece")
                .inDocument(documentCount + 1)
        }
        guard documentCount == 1 else {
            throw DataMapperError.oneDocumentFormat(XMLSerializer.self, given: documentCount)
        }
    }
}

extension XMLStreamWriter {
    /// Takes `piece`, the next piece of the document told piece by piece (see
    /// ``DocumentPiece``), and appends the bytes it completes: the bytes and errors of
    /// ``write(_:into:)-(SupportedType,_)`` for the whole document, as its pieces come.
    ///
    /// An opened array is written item by item. An opened dictionary's start tag holds
    /// its attributes, which may be any of its keys, so its entries are held until its
    /// last key arrives; when that key is a child element's, the start tag and the
    /// entries held are written and the last entry is written as it comes (an opened
    /// dictionary in it the same way), its text and end tag after its `end`. A
    /// dictionary whose last key is an attribute or the text, every dictionary under
    /// ``XMLSerializer/Options/sortKeys``, and a root dictionary of one entry whose
    /// value comes whole (it may name the root element) are held whole until they end.
    /// - Throws: ``DataMapperError`` as ``write(_:into:)-(SupportedType,_)`` does, with
    ///   the value's path and position, and `invalidValue` for pieces out of order.
    ///   The message starts with the document's number. The bytes of the pieces
    ///   before it are out, so the stream cannot go on.
    public mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        let number = documentCount + 1
        if pieces.isBetweenDocuments, documentCount > 0, !isValue(piece) {
            throw DataMapperError.oneDocumentFormat(XMLSerializer.self, given: number).inDocument(number)
        }
        let outcome: XMLDocumentPieces.Outcome
        do {
            outcome = try pieces.write(piece)
        } catch {
            throw error.inDocument(number)
        }
        switch outcome {
        case .document(let document):
            try write(document, into: &output)
        case .bytes(let bytes):
            output.append(contentsOf: bytes)
            if pieces.isBetweenDocuments { documentCount = number }
        }
    }

    private func isValue(_ piece: DocumentPiece) -> Bool {
        if case .value = piece { return true }
        return false
    }
}
