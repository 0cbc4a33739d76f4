import DataMapperCore
import Testing

extension SupportedType {
    /// This value told piece by piece, opening every container down to `depth` levels
    /// (0: one `value` piece) and handing deeper ones over whole: the pieces a piece
    /// reader gives for the document, to check writers and readers against trees.
    public func pieces(openingTo depth: Int) -> [DocumentPiece] {
        var pieces: [DocumentPiece] = []
        appendPieces(to: &pieces, openingTo: depth)
        return pieces
    }

    private func appendPieces(to pieces: inout [DocumentPiece], openingTo depth: Int) {
        guard depth > 0 else { return pieces.append(.value(self)) }
        switch kind {
        case .array(let items):
            pieces.append(.beginArray(count: items.count, position: position))
            for item in items { item.appendPieces(to: &pieces, openingTo: depth - 1) }
            pieces.append(.end)
        case .dictionary(let map):
            pieces.append(.beginDictionary(count: map.count, position: position))
            for (key, item) in zip(map.keys, map.values) {
                pieces.append(.key(key, position: item.position))
                item.appendPieces(to: &pieces, openingTo: depth - 1)
            }
            pieces.append(.end)
        default:
            pieces.append(.value(self))
        }
    }
}

/// Every piece of `reader`, built back into documents with ``DocumentPieceAssembler``.
public func assembledDocuments(from reader: some DocumentPieceReader) throws(DataMapperError) -> [SupportedType] {
    var reader = reader
    var assembler = DocumentPieceAssembler()
    var documents: [SupportedType] = []
    while let piece = try reader.nextPiece() {
        if let document = try assembler.add(piece) { documents.append(document) }
    }
    return documents
}

/// Expects a piece reader to read as a stream reader does: the same documents with the
/// same positions everywhere inside them, or the same error.
public func expectSameReading(
    pieces: () throws(DataMapperError) -> [SupportedType],
    stream: () throws(DataMapperError) -> [SupportedType],
    _ comment: Comment,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let expected = Result { () throws(DataMapperError) in try stream() }
    let read = Result { () throws(DataMapperError) in try pieces() }
    switch (read, expected) {
    case (.success(let documents), .success(let wanted)):
        #expect(documents == wanted, comment, sourceLocation: sourceLocation)
        #expect(documents.map(allPositions) == wanted.map(allPositions), comment, sourceLocation: sourceLocation)
    case (.failure(let error), .failure(let wanted)):
        #expect(error == wanted, comment, sourceLocation: sourceLocation)
    default:
        Issue.record("\(comment): pieces read \(read), the stream \(expected)", sourceLocation: sourceLocation)
    }
}
