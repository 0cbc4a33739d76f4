import DataMapperCore

// A document's reading losses come from a pass of `YAMLLossScanner` over its bytes, cut
// as the stream reader cuts them: from the line where the document before ended (its
// `...` line, read after an empty document so that libyaml takes it as in the stream,
// or the `---` that started this one) to this document's `...`, or to where the next
// document starts.
extension YAMLPieceReader {
    /// The bytes a document's loss scan reads.
    struct LossRegion {
        var bytes: Range<Int>
        /// The 0-based line of the region's first byte.
        var line: Int
        /// Whether the region starts at a `...` line, read after an empty document.
        var followsDocumentEnd: Bool
        var number: Int
    }

    /// Where the region of the document being started lies, from the counting pass.
    mutating func noteLossRegion() {
        let start: Int
        let line: Int
        var followsDocumentEnd = false
        if let previous = lastDocumentEnd {
            start = lineStart(before: offsets.byteOffset(ofCharacter: previous.index))
            line = previous.line
            followsDocumentEnd = isDocumentEndMarker(at: offsets.byteOffset(ofCharacter: previous.index))
        } else {
            (start, line) = (0, 0)
        }
        let endStart = offsets.byteOffset(ofCharacter: plan.documentEnd.start.index)
        let explicitEnd = isDocumentEndMarker(at: endStart)
        let end = explicitEnd ? offsets.byteOffset(ofCharacter: plan.documentEnd.end.index) : endStart
        lossRegion = LossRegion(
            bytes: start..<max(start, end), line: line, followsDocumentEnd: followsDocumentEnd, number: documentCount)
        lastDocumentEnd = plan.documentEnd.start
    }

    /// The byte offset of the start of the line holding byte `offset`.
    private func lineStart(before offset: Int) -> Int {
        var start = min(offset, input.bytes.count)
        while start > 0, input.bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    private func isDocumentEndMarker(at offset: Int) -> Bool {
        offset + 3 <= input.bytes.count && input.bytes[offset..<offset + 3].elementsEqual("...".utf8)
    }

    /// The comments, tags other than those the reader honours, anchors and aliases,
    /// and plain keys read as strings of the document of the piece ``nextPiece()``
    /// returned last, with the paths, lines and messages of
    /// ``YAMLStreamReader/lastDocumentReadingLosses()`` for the same document.
    /// Empty before the first piece, and for a document libyaml could not read.
    ///
    /// A pass of its own over the document's bytes, made only when asked for.
    public func documentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        guard let region = lossRegion, region.number == documentCount else { return [] }
        let prefix: [UInt8] = region.followsDocumentEnd ? Array("---\n".utf8) : []
        let bytes = prefix + input.bytes[region.bytes]
        let wanted = region.followsDocumentEnd ? 2 : 1
        do {
            let losses = try YAMLLossScanner.losses(in: bytes, lineOffset: region.line - (prefix.isEmpty ? 0 : 1), options: options)
            return losses.filter { $0.document == wanted }.map { loss in
                var numbered = loss
                numbered.document = region.number
                return numbered
            }
        } catch {
            throw Self.ours(error).inDocument(region.number)
        }
    }
}

extension YAMLPieceReader: PieceReadingLossReporting {
    /// The comments after the input's last `...`, given to the last document as
    /// ``YAMLStreamReader/readingLossesAfterLastDocument()`` gives them.
    public func readingLossesAfterLastDocument() throws(DataMapperError) -> [ConversionLoss] {
        guard finished, let previous = lastDocumentEnd else { return [] }
        var offsets = offsets
        let offset = offsets.byteOffset(ofCharacter: previous.index)
        guard isDocumentEndMarker(at: offset) else { return [] }
        // After an empty document of its own, the `...` line and what follows read as
        // they do after the last document of the whole input.
        let bytes = Array("---\n".utf8) + input.bytes[lineStart(before: offset)...]
        do {
            return try YAMLLossScanner.losses(in: bytes, lineOffset: previous.line - 1, options: options).map { loss in
                var numbered = loss
                numbered.document = documentCount
                return numbered
            }
        } catch {
            throw Self.ours(error).inDocument(documentCount)
        }
    }
}
