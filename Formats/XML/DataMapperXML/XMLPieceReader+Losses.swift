import DataMapperCore

extension XMLPieceReader: PieceReadingLossReporting {
    /// The comments and processing instructions of the document, once its first piece
    /// is out, with the paths, positions and messages of
    /// ``XMLSerializer/readingLosses(in:)`` for the same bytes. Empty before the first piece.
    ///
    /// The counting pass noted them, each with the elements around it; a document read
    /// whole without that pass is read again here.
    public func documentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        switch stage {
        case .notStarted:
            return []
        case .walking(_, let plan), .finished(let plan?):
            return plan.markup.map { $0.note.loss(at: $0.path) }
        case .finished(nil):
            let options = options
            do {
                let (value, markup) = try bytes.withUnsafeBytes { bytes in
                    try LibXML2Reader.read(bytes: bytes, options: options, notingMarkup: true)
                }
                return XMLSerializer.losses(of: markup, in: value, unwrapped: options.unwrapsRoot)
            } catch let error as DataMapperError {
                throw error
            } catch {
                throw DataMapperError(.syntax, message: "the XML document could not be read: \(error)")
            }
        }
    }
}
