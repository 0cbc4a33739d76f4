import DataMapperCore

// A document's reading losses come from a second pass of `YAMLLossScanner` over the
// bytes that gave it, read as the whole stream reads them. A whole scan gives the
// comments after a `...` to the next document (or, at the end, to the last), so a
// document's scan starts at the `...` that ended the one before and stops at its own.
extension YAMLStreamReader: StreamReadingLossReporting {
    /// What a loss scan of one document reads: stream bytes, read after `prefix`.
    struct LossScan: Sendable {
        /// Where a scan starts in the stream.
        struct Start: Sendable {
            var offset: Int
            var line: Int
            /// Whether the bytes start with the `...` line that ended a document, and
            /// so are read after a document start, as in the stream.
            var followsDocument: Bool
        }

        var start: Start
        /// What libyaml reads before the stream bytes: nothing, or one empty document
        /// left open for the stream's `...` to end, or ended already.
        var prefix: [UInt8]
        /// The stream offset the scan stops at.
        var end: Int
        /// The document's number in the stream.
        var number: Int

        /// How many documents the prefix holds: the scanned document comes after them.
        var prefixDocuments: Int { prefix.isEmpty ? 0 : 1 }
    }

    private static let openDocument: [UInt8] = Array("---\n".utf8)
    private static let endedDocument: [UInt8] = Array("---\n...\n".utf8)

    /// The comments, tags other than those the reader honours, anchors and aliases, and
    /// plain keys read as strings of the document ``next()`` returned last, with the
    /// paths, lines and messages of ``YAMLSerializer/readingLosses(in:)`` on the whole
    /// stream. Comments after a `...` belong to the next document, as in a whole read;
    /// those after the stream's last `...` come from ``readingLossesAfterLastDocument()``.
    ///
    /// Comments and directives between a `...` and the next document that together pass
    /// ``ParsingLimits/maxInputBytes`` are not kept for the scan, and go unreported.
    public func lastDocumentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        guard let lastScan else { return [] }
        return try losses(of: lastScan).filter { $0.document == lastScan.prefixDocuments + 1 }.map { loss in
            var numbered = loss
            numbered.document = lastScan.number
            return numbered
        }
    }

    /// What reading loses after the last document, once ``finish()`` has been called and
    /// ``next()`` has returned `nil`: comments after the `...` that ended the last
    /// document, reported with its number (1 when the stream holds none).
    public func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss] {
        guard ended, let gap, dropped + buffer.count > gap.offset else { return [] }
        let scan = LossScan(
            start: gap, prefix: gap.followsDocument ? Self.openDocument : [], end: dropped + buffer.count,
            number: max(1, documentCount))
        return try losses(of: scan).map { loss in
            var numbered = loss
            numbered.document = scan.number
            return numbered
        }
    }

    /// What the loss scan of the document read from `piece` reads.
    func lossScan(of piece: Piece, framed: YAMLStreamFramer.Frame, number: Int) -> LossScan {
        let end = framed.documentEnd.map { $0.offset + 3 } ?? piece.range.upperBound + framed.lookahead
        if let gap {
            return LossScan(start: gap, prefix: gap.followsDocument ? Self.openDocument : [], end: end, number: number)
        }
        let start = LossScan.Start(offset: piece.range.lowerBound, line: piece.line, followsDocument: false)
        return LossScan(start: start, prefix: piece.followsDocumentEnd ? Self.endedDocument : [], end: end, number: number)
    }

    /// Every loss of reading `scan`'s bytes, its lines those of the stream.
    private func losses(of scan: LossScan) throws(DataMapperError) -> [ConversionLoss] {
        var bytes = scan.prefix
        bytes += buffer[(scan.start.offset - dropped)..<(scan.end - dropped)]
        let prefixLines = scan.prefix.lazy.filter { $0 == UInt8(ascii: "\n") }.count
        do {
            return try YAMLLossScanner.losses(in: bytes, lineOffset: scan.start.line - 1 - prefixLines, options: serializer.options)
        } catch let error as DataMapperError {
            throw error.inDocument(scan.number)
        } catch {
            throw DataMapperError(.syntax, message: "the YAML document could not be read again: \(error)").inDocument(scan.number)
        }
    }
}
