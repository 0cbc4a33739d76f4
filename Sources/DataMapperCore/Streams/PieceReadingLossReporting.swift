/// A piece reader that can list what reading a document left out (keys that were not
/// strings, comments), one document at a time: the piece counterpart of
/// ``StreamReadingLossReporting``.
public protocol PieceReadingLossReporting: DocumentPieceReader {
    /// What reading the document of the piece ``DocumentPieceReader/nextPiece()``
    /// returned last leaves out, in order, each loss naming that document's number
    /// (counted from 1), its full key path in the document and its position in the
    /// whole input. Empty before the first piece.
    ///
    /// A pass of its own over the document's bytes, made only when asked for.
    /// - Throws: ``DataMapperError`` when the bytes cannot be read again.
    func documentReadingLosses() throws(DataMapperError) -> [ConversionLoss]

    /// What reading loses after the last document, asked once ``DocumentPieceReader/nextPiece()``
    /// has returned `nil` (comments after a YAML stream's last `...`, say), each naming
    /// the last document's number. Empty by default.
    func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss]
}

extension PieceReadingLossReporting {
    /// Nothing: most formats hold nothing after their last document.
    public func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss] { [] }
}
