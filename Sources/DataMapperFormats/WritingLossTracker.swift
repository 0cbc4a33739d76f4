import DataMapperCore

/// Finds what writing a document in a format loses while the document goes by piece
/// by piece (see ``DocumentPiece``), for a loss report on a document too large to
/// hold whole: the losses, paths and details of ``DataFormat/losses(writing:document:options:)``
/// for the same document, in the same order.
///
/// ```swift
/// var tracker = DataFormat.xml.writingLossTracker()
/// while let piece = try reader.nextPiece() {
///     report.append(contentsOf: try tracker.losses(adding: piece, document: number))
///     try writer.write(piece, into: &output)
/// }
/// ```
///
/// Losses are handed over as their pieces come, except where the format has a rule
/// for the document's root (XML): losses inside a root opened by a piece wait until
/// every child of the root has begun, since the root's loss comes first.
public struct WritingLossTracker: Sendable {
    private var finder: TargetLossFinder
    private var cursor = DocumentPieceCursor()

    init(fidelity: ValueFidelity, formatName: String, options: FormatWriteOptions) {
        finder = TargetLossFinder(fidelity: fidelity, formatName: formatName, document: 1, policies: options)
    }

    /// Takes the next piece of the stream and returns the losses found that are ready.
    /// - Parameter document: The number, from 1, of the document `piece` is in, put
    ///   on each loss.
    /// - Throws: ``DataMapperError`` (`invalidValue`) for a piece out of order.
    public mutating func losses(adding piece: DocumentPiece, document: Int) throws(DataMapperError) -> [ConversionLoss] {
        try cursor.accept(piece)
        finder.document = document
        finder.add(piece)
        return finder.takeLosses()
    }
}

extension DataFormat {
    /// A tracker of what writing documents told piece by piece in this format with
    /// `options` loses (see ``WritingLossTracker``).
    public func writingLossTracker(options: FormatWriteOptions = .default) -> WritingLossTracker {
        WritingLossTracker(fidelity: fidelity, formatName: name, options: options)
    }
}
