import DataMapperCore

/// Writes one XML document told piece by piece as its pieces come, holding only what
/// the convention needs before it can write: the gathered entries of each opened
/// dictionary until its last key arrives.
///
/// A dictionary's start tag holds its attributes, which may be any of its keys, so an
/// opened dictionary gathers the entries before its last as small trees. When the last
/// key arrives and is a child key, every attribute is known: the start tag and the
/// gathered children are written, the last entry streams (an opened array item by item,
/// an opened dictionary in the same way), and the text and end tag follow its `end`.
/// Otherwise (the last key an attribute or the text, sorted keys, a root dictionary
/// of one entry whose value comes whole and may name the root element) the dictionary
/// is gathered whole and written when it ends. An opened array streams item by item.
struct XMLDocumentPieces: Sendable {
    /// What an open container of the document stands for.
    private enum Frame: Sendable {
        /// An array whose items are each written as the element `element` at `depth`;
        /// `closes` is the element the array stands for, begun, when it has one.
        case items(element: String, depth: Int, closes: ArrayElement?)
        /// An opened dictionary, gathering or streaming its last entry.
        case dictionary(DictionaryFrame)
        /// The root dictionary whose only entry is the root element: it writes nothing.
        case unwrapped
    }

    /// An element standing for an array, its start tag written.
    private struct ArrayElement: Sendable {
        let name: String
        let depth: Int
        let isEmpty: Bool
    }

    /// An opened dictionary: the element for the key `key` at `depth`.
    private struct DictionaryFrame: Sendable {
        enum Last: Sendable {
            /// The last key has not arrived.
            case notYet
            /// The last key has arrived; its item has not begun.
            case keyed(String)
            /// The last entry is gathered as a tree; here so far.
            case gathering(String, DocumentPieceAssembler)
            /// The last entry is whole.
            case gathered(String, SupportedType)
            /// The start tag and gathered children are written; the last entry streams.
            /// `map` holds the gathered entries and the last key.
            case streaming(XMLWriter.StartedDictionary, map: OrderedMap)
        }

        let key: String
        let depth: Int
        let count: Int
        let position: SourcePosition
        /// The dictionary's path from the document's root.
        let path: DataPath
        /// How many containers are open, this one included.
        let level: Int
        /// Whether it is the document's root, written as a whole document when gathered whole.
        let isRoot: Bool
        /// The entries before the last, gathered as one dictionary of `count - 1` entries.
        var head = DocumentPieceAssembler()
        var last = Last.notYet

        /// The dictionary with the gathered entries and `item` under `key`.
        func map(with key: String, _ item: SupportedType) throws(DataMapperError) -> OrderedMap {
            var map = OrderedMap()
            if count > 1, case .dictionary(let gathered)? = try headMap()?.kind { map = gathered }
            guard map.updateValue(item, forKey: key) == nil else {
                throw DataMapperError(.invalidValue, message: "document pieces repeat the key \"\(key)\"", path: path)
            }
            return map
        }

        /// Closes the head and returns it, when there are entries before the last.
        private func headMap() throws(DataMapperError) -> SupportedType? {
            var head = head
            return try head.add(.end)
        }
    }

    private var stack = DocumentPieceStack()
    private var writer: XMLWriter
    private var frames: [Frame] = []
    /// Whether the root element is the only entry of the root dictionary, so paths
    /// run from that entry's value, as they do for a whole document.
    private var unwrapsRoot = false
    /// Whether the XML declaration is written.
    private var declared = false

    init(options: XMLSerializer.Options) {
        writer = XMLWriter(options: options)
    }

    /// Whether no document is half written.
    var isBetweenDocuments: Bool { stack.isBetweenDocuments }

    /// What a piece asks of the stream writer.
    enum Outcome {
        /// Bytes to append.
        case bytes([UInt8])
        /// A document gathered whole, to write as a whole document.
        case document(SupportedType)
    }

    /// Takes `piece`, checks its place, and writes what it allows.
    /// - Throws: ``DataMapperError`` for pieces out of order or a value XML cannot
    ///   hold, with the path and position writing the whole document gives.
    mutating func write(_ piece: DocumentPiece) throws(DataMapperError) -> Outcome {
        let starts = stack.isBetweenDocuments
        try stack.accept(piece)
        if starts {
            if case .value(let document) = piece { return .document(document) }
            unwrapsRoot = false
            declared = false
        }
        if let whole = try place(piece) { return .document(whole) }
        return .bytes(writer.takeOutput())
    }

    /// Writes `piece` where the open frames stand; returns the root dictionary when
    /// it was gathered whole.
    private mutating func place(_ piece: DocumentPiece) throws(DataMapperError) -> SupportedType? {
        guard let top = frames.last else {
            return try startRoot(piece)
        }
        switch top {
        case .unwrapped:
            frames.removeLast()
        case .items(let element, let depth, let closes):
            if case .end = piece {
                frames.removeLast()
                if let closes { writer.endArray(closes.name, isEmpty: closes.isEmpty, depth: closes.depth) }
            } else {
                try item(piece, named: element, depth: depth)
            }
        case .dictionary(var frame):
            let index = frames.count - 1
            frames[index] = .unwrapped  // Keeps the frame's storage unshared while it changes.
            switch try advance(&frame, with: piece) {
            case .goesOn:
                frames[index] = .dictionary(frame)
            case .unwrapsRoot:
                break
            case .ended:
                frames.removeLast()
                return try end(frame)
            }
        }
        return nil
    }

    /// Opens the root container.
    private mutating func startRoot(_ piece: DocumentPiece) throws(DataMapperError) -> SupportedType? {
        let name = writer.options.rootName ?? "root"
        switch piece {
        case .beginArray(let count, _):
            let begun = try writing(at: stack.path, within: stack.depth) { writer throws in
                try writer.startArray(name, isEmpty: count == 0, depth: 0)
            }
            frames.append(.items(element: "item", depth: 1, closes: ArrayElement(name: begun, depth: 0, isEmpty: count == 0)))
        case .beginDictionary(let count, let position):
            frames.append(.dictionary(newDictionary(name, depth: 0, count: count, position: position, isRoot: true)))
        case .key, .value, .end:
            break  // The stack refused them.
        }
        return nil
    }

    /// Writes `piece`, an item of an array whose items are elements named `name` at `depth`.
    private mutating func item(_ piece: DocumentPiece, named name: String, depth: Int) throws(DataMapperError) {
        switch piece {
        case .value(let value):
            try writing(at: stack.path, within: stack.depth, in: value) { writer throws in
                try writer.element(name, value, depth: depth)
            }
        case .beginArray(let count, _):
            let begun = try writing(at: stack.path, within: stack.depth) { writer throws in
                try writer.startArray(name, isEmpty: count == 0, depth: depth)
            }
            frames.append(.items(element: "item", depth: depth + 1, closes: ArrayElement(name: begun, depth: depth, isEmpty: count == 0)))
        case .beginDictionary(let count, let position):
            frames.append(.dictionary(newDictionary(name, depth: depth, count: count, position: position, isRoot: false)))
        case .key, .end:
            break  // The stack refused a key; an end is the caller's.
        }
    }

    /// A frame for the dictionary just opened.
    private func newDictionary(
        _ key: String, depth: Int, count: Int, position: SourcePosition, isRoot: Bool
    ) -> DictionaryFrame {
        var frame = DictionaryFrame(
            key: key, depth: depth, count: count, position: position, path: stack.path, level: stack.depth, isRoot: isRoot
        )
        // A fresh assembler takes any opening piece, so `try?` loses nothing.
        if count > 1 { _ = try? frame.head.add(.beginDictionary(count: count - 1, position: position)) }
        return frame
    }

    /// What a piece did to a dictionary's frame.
    private enum Step {
        case goesOn
        /// The root dictionary's only entry became the root element.
        case unwrapsRoot
        /// Its `end` came.
        case ended
    }

    /// Takes `piece` into the dictionary `frame`.
    private mutating func advance(_ frame: inout DictionaryFrame, with piece: DocumentPiece) throws(DataMapperError) -> Step {
        switch frame.last {
        case .notYet:
            if case .end = piece, stack.depth < frame.level {
                return .ended  // An empty dictionary.
            } else if case .key(let key, _) = piece, stack.depth == frame.level, stack.open[frame.level - 1].started == frame.count {
                frame.last = .keyed(key)
            } else {
                _ = try frame.head.add(piece)
            }
        case .keyed(let key):
            if try startLast(&frame, key: key, with: piece) { return .unwrapsRoot }
        case .gathering(let key, var assembler):
            frame.last = .notYet  // Keeps the assembler's storage unshared while it grows.
            if let item = try assembler.add(piece) {
                frame.last = .gathered(key, item)
            } else {
                frame.last = .gathering(key, assembler)
            }
        case .gathered, .streaming:
            return .ended  // Only its `end` can come.
        }
        return .goesOn
    }

    /// Begins the last entry of `frame`, under `key`, with `piece`: streamed when the
    /// key is a child element's and what comes allows it, else gathered. Returns
    /// whether the entry became the root element, and `frame` the root dictionary
    /// around it, which writes nothing.
    private mutating func startLast(
        _ frame: inout DictionaryFrame, key: String, with piece: DocumentPiece
    ) throws(DataMapperError) -> Bool {
        let opensRoot = frame.isRoot && writer.options.rootName == nil && frame.count == 1
        let streams = writer.isChildKey(key) && !writer.options.sortKeys
        switch piece {
        case .value(let value) where streams && !opensRoot:
            let dictionary = try startStreaming(&frame, key: key, placeholder: value)
            try writing(at: frame.path, within: frame.level, in: dictionary) { writer throws in
                try writer.childEntry(key, value, depth: frame.depth + 1)
            }
        case .beginArray(let count, _) where streams:
            try startStreaming(&frame, key: key, placeholder: count == 0 ? [] : .null)
            frames.append(.items(element: key, depth: frame.depth + 1, closes: nil))
        case .beginDictionary(let count, let position) where streams && opensRoot:
            // The root dictionary's only entry is the root element, and paths run from it.
            unwrapsRoot = true
            frames.append(.dictionary(newDictionary(key, depth: 0, count: count, position: position, isRoot: false)))
            return true
        case .beginDictionary(let count, let position) where streams:
            try startStreaming(&frame, key: key, placeholder: .null)
            frames.append(.dictionary(newDictionary(key, depth: frame.depth + 1, count: count, position: position, isRoot: false)))
        case .value(let value):
            frame.last = .gathered(key, value)
        case .beginArray, .beginDictionary:
            var assembler = DocumentPieceAssembler()
            _ = try assembler.add(piece)
            frame.last = .gathering(key, assembler)
        case .key, .end:
            break  // The stack refused them.
        }
        return false
    }

    /// Writes the start tag of `frame`'s element and its gathered children, the last
    /// entry, under `key`, standing as `placeholder` (an item that gives it the same
    /// child elements or none). Returns the dictionary so far, to locate errors in.
    @discardableResult
    private mutating func startStreaming(
        _ frame: inout DictionaryFrame, key: String, placeholder: SupportedType
    ) throws(DataMapperError) -> SupportedType {
        let map = try frame.map(with: key, placeholder)
        let dictionary = SupportedType(.dictionary(map), position: frame.position)
        let started = try writing(at: frame.path, within: frame.level, in: dictionary) {
            writer throws in
            let started = try writer.startDictionary(frame.key, map, depth: frame.depth)
            try writer.childEntries(map, before: map.count - 1, depth: frame.depth + 1)
            return started
        }
        frame.last = .streaming(started, map: map)
        return dictionary
    }

    /// Writes what is left of the dictionary `frame`, whose `end` has come, and takes
    /// its frame is off; returns the root dictionary when it was gathered whole.
    private mutating func end(_ frame: DictionaryFrame) throws(DataMapperError) -> SupportedType? {
        let whole: OrderedMap
        switch frame.last {
        case .streaming(let started, let map):
            try writing(at: frame.path, within: frame.level, in: SupportedType(.dictionary(map), position: frame.position)) {
                writer throws in try writer.endDictionary(started, map)
            }
            return nil
        case .gathered(let key, let item):
            whole = try frame.map(with: key, item)
        case .notYet, .keyed, .gathering:
            whole = OrderedMap()  // Only an empty dictionary ends before its last entry.
        }
        let value = SupportedType(.dictionary(whole), position: frame.position)
        if frame.isRoot { return value }
        try writing(at: frame.path, within: frame.level - 1, in: value) { writer throws in
            try writer.element(frame.key, value, depth: frame.depth)
        }
        return nil
    }

    /// Runs `body` with the writer; an error it throws, whose path runs from the value
    /// at `path` (`value`, when given), gets the path and position writing the whole
    /// document gives. The value's enclosing containers are the first `level` open.
    @discardableResult
    private mutating func writing<Result>(
        at path: DataPath, within level: Int, in value: SupportedType? = nil,
        _ body: (inout XMLWriter) throws -> Result
    ) throws(DataMapperError) -> Result {
        if !declared {
            writer.declaration()
            declared = true
        }
        do {
            return try body(&writer)
        } catch {
            var located = error as? DataMapperError ?? DataMapperError(.unsupported, message: "cannot write XML: \(error)")
            if let value { located = located.locatingValue(in: value) }
            let skipped = unwrapsRoot ? 1 : 0
            if located.location == nil,
               let known = stack.open.prefix(level).dropFirst(skipped).last(where: { $0.position.isKnown }) {
                located.location = SourceLocation(position: known.position)
            }
            throw located.nested(under: DataPath(Array(path.components.dropFirst(skipped))))
        }
    }
}
