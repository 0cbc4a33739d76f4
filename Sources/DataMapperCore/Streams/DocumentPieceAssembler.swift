/// Builds whole documents back from their pieces: the bridge from a
/// ``DocumentPieceReader`` to code that wants trees, and the way a writer without a
/// piece-by-piece path still takes pieces (holding each document whole).
public struct DocumentPieceAssembler: Sendable {
    private struct Container: Sendable {
        var items: [SupportedType] = []
        var keys: [String]? = nil
        let position: SourcePosition

        func value() throws(DataMapperError) -> SupportedType {
            guard let keys else { return SupportedType(.array(SupportedArray(items)), position: position) }
            var map = OrderedMap(minimumCapacity: keys.count)
            for (key, item) in zip(keys, items) where map.updateValue(item, forKey: key) != nil {
                // A reader settles duplicate keys by its policy before it hands them on.
                throw DataMapperError(.invalidValue, message: "document pieces repeat the key \"\(key)\"")
            }
            return SupportedType(.dictionary(map), position: position)
        }
    }

    private var cursor = DocumentPieceCursor()
    private var containers: [Container] = []

    /// An assembler before the first piece of a stream.
    public init() {}

    /// Whether no document is half built.
    public var isBetweenDocuments: Bool { cursor.isBetweenDocuments }

    /// Takes the next piece; returns the document it completes, if it completes one.
    /// - Throws: ``DataMapperError`` when the pieces break the rules of ``DocumentPiece``.
    public mutating func add(_ piece: DocumentPiece) throws(DataMapperError) -> SupportedType? {
        try cursor.accept(piece)
        switch piece {
        case .beginArray(_, let position):
            containers.append(Container(position: position))
            return nil
        case .beginDictionary(let count, let position):
            var container = Container(keys: [], position: position)
            container.keys?.reserveCapacity(count)
            containers.append(container)
            return nil
        case .key(let key, _):
            containers[containers.count - 1].keys?.append(key)
            return nil
        case .value(let value):
            return place(value)
        case .end:
            return place(try containers.removeLast().value())
        }
    }

    /// Puts a completed item in its container, or returns it when it is a document.
    private mutating func place(_ item: SupportedType) -> SupportedType? {
        guard !containers.isEmpty else { return item }
        containers[containers.count - 1].items.append(item)
        return nil
    }
}
