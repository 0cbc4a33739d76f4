/// A stream reader that can list what reading each document left out (comments,
/// tags, keys that were not strings), one document at a time.
///
/// The stream counterpart of ``ReadingLossReporting``: a conversion that goes
/// document by document asks for the losses of each document as it passes, so the
/// loss report never needs the whole input. A reader whose format loses nothing on
/// reading need not conform.
public protocol StreamReadingLossReporting: DocumentStreamReader {
    /// What reading the document that ``DocumentStreamReader/next()`` returned last
    /// leaves out, in order; each loss names that document's number (counted from 1)
    /// and its position in the whole stream. Empty before the first document.
    ///
    /// A pass of its own over the document's bytes, made only when asked for.
    /// - Throws: ``DataMapperError`` when the bytes cannot be read again; a reader that
    ///   returned the document will not throw.
    func lastDocumentReadingLosses() throws(DataMapperError) -> [ConversionLoss]

    /// What reading loses after the last document, asked once the input has ended and
    /// ``DocumentStreamReader/next()`` has returned `nil` (comments after a YAML
    /// stream's last `...`, say), each naming the last document's number. Empty by default.
    func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss]
}

extension StreamReadingLossReporting {
    /// Nothing: most formats hold nothing after their last document.
    public func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss] { [] }
}
