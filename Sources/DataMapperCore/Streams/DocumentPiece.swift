/// One step of a document told piece by piece: containers opened and closed around
/// whole values.
///
/// A document too large to hold as one ``SupportedType`` tree can still go from a
/// reader to a writer piece by piece: the reader opens its large containers and hands
/// over their children as small trees, and the writer writes each piece as it comes,
/// so memory holds one child at a time instead of the whole document.
///
/// Pieces nest like the document: every ``beginArray(count:position:)`` and
/// ``beginDictionary(count:position:)`` is closed by one ``end``, an open array holds
/// exactly `count` items (``value(_:)`` pieces or nested containers), and an open
/// dictionary holds `count` entries, each a ``key(_:position:)`` followed by one item.
/// A document ends when its outermost container closes, or is a single ``value(_:)``
/// when no container is open; the next piece starts the next document of the stream.
/// ``DocumentPieceCursor`` checks these rules and knows the path of the next piece.
public enum DocumentPiece: Sendable {
    /// An array of `count` items opens.
    case beginArray(count: Int, position: SourcePosition)
    /// A dictionary of `count` entries opens.
    case beginDictionary(count: Int, position: SourcePosition)
    /// The key of the next entry of the innermost open dictionary.
    case key(String, position: SourcePosition)
    /// A whole value: the next item of the innermost open container, or a whole
    /// document when no container is open.
    case value(SupportedType)
    /// The innermost open container closes.
    case end
}

/// A source of documents told piece by piece (see ``DocumentPiece``), for documents
/// too large to hold as one tree.
public protocol DocumentPieceReader {
    /// How many bytes of the input lie behind the pieces told so far, for showing
    /// progress through a large input.
    var bytesRead: Int { get }

    /// The next piece of the stream, or `nil` after the last document.
    /// - Throws: ``DataMapperError`` for a bad document, naming its path and position.
    mutating func nextPiece() throws(DataMapperError) -> DocumentPiece?
}

/// A stream writer that also takes documents piece by piece (see ``DocumentPiece``),
/// writing each piece as it comes so that a large document never stands whole in
/// memory. Writing a document's pieces gives the same bytes as writing the document.
public protocol DocumentPieceWriter: DocumentStreamWriter {
    /// Writes `piece`, appending the bytes it makes to `output`.
    /// - Throws: ``DataMapperError`` for a value the format cannot hold, or pieces out
    ///   of the order ``DocumentPiece`` describes.
    mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError)
}
