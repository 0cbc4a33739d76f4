import DataMapperCore

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
