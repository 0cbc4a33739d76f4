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
/// (``write(_:into:)-(DocumentPiece,_)``); it is then gathered whole and written when
/// its last piece arrives, since an element's attributes and text, which may be any
/// of its dictionary's entries, are written around its children.
public struct XMLStreamWriter: Sendable, DocumentPieceWriter {
    /// The options the document is written with.
    public let serializer: XMLSerializer

    /// How many documents have been written so far: 0 or 1.
    public internal(set) var documentCount = 0

    /// The document being gathered from its pieces.
    private var assembler = DocumentPieceAssembler()

    /// Creates a writer for one document.
    public init(options: XMLSerializer.Options = XMLSerializer.Options()) {
        serializer = XMLSerializer(options: options)
    }

    /// Appends `document` as an XML document, when it is the first.
    /// - Throws: ``DataMapperError/Kind/unsupported`` for a second document, with the
    ///   message of ``XMLSerializer/serializeAll(_:)`` for several; otherwise the
    ///   errors of ``XMLSerializer/serialize(_:)``. The message starts with the
    ///   document's number (`document 2: `); `output` is then unchanged.
    public mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        let number = documentCount + 1
        guard assembler.isBetweenDocuments else {
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
        guard assembler.isBetweenDocuments else {
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
    /// ``DocumentPiece``), and writes the document when its last piece arrives, with
    /// the bytes and errors of ``write(_:into:)-(SupportedType,_)``. The document is
    /// held whole until then.
    /// - Throws: ``DataMapperError`` as ``write(_:into:)-(SupportedType,_)`` does, and
    ///   `invalidValue` for pieces out of order.
    public mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        let document: SupportedType?
        do {
            document = try assembler.add(piece)
        } catch {
            throw error.inDocument(documentCount + 1)
        }
        if let document { try write(document, into: &output) }
    }
}
