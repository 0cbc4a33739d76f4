/// What a piece writer knows of the containers it has opened: their kinds, announced
/// sizes and positions, and the item each is at, so that a writer can lay out
/// separators and closings, and name the full path and source position of a value it
/// refuses, as writing the whole document does.
///
/// Every piece goes through ``accept(_:)`` first, which checks its place with a
/// ``DocumentPieceCursor``. The stack holds one small entry per open container and
/// nothing of the values written.
package struct DocumentPieceStack: Sendable {
    /// An open array or dictionary.
    package struct Container: Sendable {
        package let isDictionary: Bool
        /// The items it announced.
        package let count: Int
        package let position: SourcePosition
        /// Items started so far (for a dictionary, keys given so far).
        package var started = 0
        /// The step to the item being written: the last key, or the last index started.
        fileprivate var step: DataPath.Component?
    }

    private var cursor = DocumentPieceCursor()
    /// The open containers, outermost first.
    package private(set) var open: [Container] = []
    /// The container the last `end` closed.
    package private(set) var closed: Container?

    package init() {}

    /// How many containers are open.
    package var depth: Int { open.count }

    /// Whether the next piece starts a document.
    package var isBetweenDocuments: Bool { open.isEmpty }

    /// Documents completed so far.
    package var documentsEnded: Int { cursor.documentsEnded }

    /// Takes `piece` as the next one, after checking it may come here.
    /// - Throws: the cursor's `invalidValue` error for a piece out of order.
    package mutating func accept(_ piece: DocumentPiece) throws(DataMapperError) {
        try cursor.accept(piece)
        switch piece {
        case .key(let key, _):
            open[open.count - 1].started += 1
            open[open.count - 1].step = .key(key)
        case .value:
            startItem()
        case .beginArray(let count, let position), .beginDictionary(let count, let position):
            startItem()
            let isDictionary: Bool
            if case .beginDictionary = piece { isDictionary = true } else { isDictionary = false }
            open.append(Container(isDictionary: isDictionary, count: count, position: position))
        case .end:
            closed = open.removeLast()
        }
    }

    private mutating func startItem() {
        guard let top = open.indices.last, !open[top].isDictionary else { return }
        open[top].step = .index(open[top].started)
        open[top].started += 1
    }

    /// Refuses a whole document while one told piece by piece is open; `number` is
    /// the document's number in the stream.
    package func checkBetweenDocuments(_ number: Int) throws(DataMapperError) {
        guard isBetweenDocuments else {
            throw DataMapperError(
                .invalidValue,
                message: "a whole document was given while the one told piece by piece is still open",
                path: path
            ).inDocument(number)
        }
    }

    /// Refuses to end a stream inside a document told piece by piece.
    package func checkFinished() throws(DataMapperError) {
        guard isBetweenDocuments else {
            throw DataMapperError(
                .invalidValue,
                message: "the stream ends inside a document told piece by piece, \(depth) containers still open",
                path: path
            ).inDocument(documentsEnded + 1)
        }
    }

    /// The path of the piece last accepted: a value's or a key's item, an opened
    /// container itself, or, after an `end`, the container it closed.
    package var path: DataPath {
        DataPath(open.compactMap(\.step))
    }

    /// `error`, raised while writing the piece last accepted (for a `value` piece,
    /// `value`, its path inside it), with the full path from the document's root and
    /// the position of the deepest value on that path that has one.
    package func locating(_ error: DataMapperError, in value: SupportedType? = nil) -> DataMapperError {
        var located = value.map { error.locatingValue(in: $0) } ?? error
        if located.location == nil, let known = open.last(where: { $0.position.isKnown }) {
            located.location = SourceLocation(position: known.position)
        }
        return located.nested(under: path)
    }
}
