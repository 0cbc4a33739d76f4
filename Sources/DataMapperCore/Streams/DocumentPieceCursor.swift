/// Where a stream of ``DocumentPiece``s stands: the containers open, the path of the
/// next piece, and whether the pieces keep the rules ``DocumentPiece`` states.
///
/// Piece readers and writers keep one to check their pieces and to name the path of a
/// value in their errors.
public struct DocumentPieceCursor: Sendable {
    private struct Container: Sendable {
        let isDictionary: Bool
        let count: Int
        /// Items started so far; for a dictionary, keys read so far.
        var started = 0
        /// For a dictionary, whether the last key still waits for its item.
        var awaitsItem = false
    }

    private var containers: [Container] = []
    private var steps: [DataPath.Component] = []

    /// Documents completed so far.
    public private(set) var documentsEnded = 0

    /// A cursor before the first piece of a stream.
    public init() {}

    /// How many containers are open.
    public var depth: Int { containers.count }

    /// Whether no container is open, so the next piece starts a document.
    public var isBetweenDocuments: Bool { containers.isEmpty }

    /// The path of the next piece: inside an array, the index of its next item; inside a
    /// dictionary, after a key, that key.
    public var path: DataPath { DataPath(steps) }

    /// Takes `piece` as the next one.
    /// - Throws: ``DataMapperError`` (`invalidValue`) when `piece` may not come here: a
    ///   key outside a dictionary or twice in a row, an item where a key is due, more
    ///   items than the container announced, or an `end` before them all.
    public mutating func accept(_ piece: DocumentPiece) throws(DataMapperError) {
        switch piece {
        case .key(let key, _):
            guard var top = containers.last, top.isDictionary, !top.awaitsItem else {
                throw misplaced("a key outside a dictionary or where its item is due")
            }
            guard top.started < top.count else { throw misplaced("more entries than the dictionary announced") }
            top.started += 1
            top.awaitsItem = true
            containers[containers.count - 1] = top
            steps.append(.key(key))
        case .value:
            try startItem()
            finishItem()
        case .beginArray(let count, _), .beginDictionary(let count, _):
            guard count >= 0 else { throw misplaced("a container announcing \(count) items") }
            try startItem()
            if case .beginDictionary = piece {
                containers.append(Container(isDictionary: true, count: count))
            } else {
                containers.append(Container(isDictionary: false, count: count))
                steps.append(.index(0))
            }
        case .end:
            guard let top = containers.last else { throw misplaced("an end with no container open") }
            guard top.started == top.count, !top.awaitsItem else {
                throw misplaced("an end after \(top.started) of \(top.count) items")
            }
            if !top.isDictionary { steps.removeLast() }
            containers.removeLast()
            finishItem()
        }
    }

    /// Checks that an item may start here.
    private mutating func startItem() throws(DataMapperError) {
        guard var top = containers.last else { return }
        if top.isDictionary {
            guard top.awaitsItem else { throw misplaced("an item where a dictionary key is due") }
            top.awaitsItem = false
        } else {
            guard top.started < top.count else { throw misplaced("more items than the array announced") }
            top.started += 1
        }
        containers[containers.count - 1] = top
    }

    /// Steps past the item just completed: in a dictionary off its key, in an array on
    /// to the next index; with no container open, the item was a whole document.
    private mutating func finishItem() {
        guard let top = containers.last else { return documentsEnded += 1 }
        if top.isDictionary {
            steps.removeLast()
        } else {
            steps[steps.count - 1] = .index(top.started)
        }
    }

    private func misplaced(_ what: String) -> DataMapperError {
        DataMapperError(.invalidValue, message: "document pieces out of order: \(what)", path: path)
    }
}
