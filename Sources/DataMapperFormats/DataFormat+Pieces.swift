import DataMapperCore
import Foundation

extension DataFormat {
    /// A reader that tells the documents of `bytes`, a whole input held in memory (a
    /// ``MappedFile`` or a buffer), piece by piece, opening only the containers of more
    /// than `openingAbove` bytes; `nil` when the format has no piece reader (its input
    /// is then read with ``streamReader(reading:)`` or whole).
    ///
    /// Built back with ``DocumentPieceAssembler``, the pieces give the documents and
    /// errors of ``streamReader(reading:)`` over the same bytes.
    ///
    /// ```swift
    /// let file = try MappedFile(path: "big.json")
    /// guard var pieces = DataFormat.json.pieceReader(bytes: file) else { return }
    /// while let piece = try pieces.nextPiece() { handle(piece) }
    /// ```
    public func pieceReader(
        bytes: some ContiguousBytes & Sendable,
        reading: FormatReadOptions = .default,
        openingAbove threshold: Int = 1 << 20
    ) -> FormatPieceReader? {
        guard let pieceReaderFactory else { return nil }
        let base = pieceReaderFactory(bytes, reading, threshold)
        let losesNothing = !(serializer(reading: reading) is any ReadingLossReporting)
        return FormatPieceReader(base: base, knowsReadingLosses: losesNothing || base is any PieceReadingLossReporting)
    }
}

/// A format's piece reader, whatever its type: what
/// ``DataFormat/pieceReader(bytes:reading:openingAbove:)`` makes, for a caller that
/// picks the format at run time.
public struct FormatPieceReader: PieceReadingLossReporting {
    private var base: any DocumentPieceReader
    /// Whether ``documentReadingLosses()`` lists everything reading a document loses:
    /// true when the format loses nothing on reading (JSON) or its reader reports
    /// losses document by document (MessagePack).
    public let knowsReadingLosses: Bool

    init(base: any DocumentPieceReader, knowsReadingLosses: Bool) {
        self.base = base
        self.knowsReadingLosses = knowsReadingLosses
    }

    /// How many bytes of the input lie behind the pieces told so far.
    public var bytesRead: Int { base.bytesRead }

    /// The next piece, or `nil` after the last document.
    public mutating func nextPiece() throws(DataMapperError) -> DocumentPiece? {
        try base.nextPiece()
    }

    /// What reading the document of the last piece lost, when the format's reader can
    /// tell; otherwise nothing (see ``knowsReadingLosses``).
    public func documentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        guard let reporting = base as? any PieceReadingLossReporting else { return [] }
        return try reporting.documentReadingLosses()
    }

    /// What reading loses after the last document, when the format's reader can tell.
    public func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss] {
        guard let reporting = base as? any PieceReadingLossReporting else { return [] }
        return try reporting.readingLossesAfterLastDocument()
    }
}
