import DataMapperCore

// The second pass tells a document: the walker parser reads its events in order, an
// opened collection one step per piece, every other node whole through the tree
// builder, which keeps the document's anchors and alias budget across its calls.
// Errors get the path the tree builder would give them: a collection's own path
// between its items, the item's path inside one.
extension YAMLPieceReader {
    /// An opened sequence or mapping.
    struct Level {
        let isMapping: Bool
        /// 1 for a document's outermost collection.
        let depth: Int
        /// The collection's key path in its document.
        let path: DataPath
        /// Items started so far, in a sequence.
        var started = 0
        /// In a mapping, where each key told so far was written.
        var seen: [String: SourcePosition] = [:]
    }

    /// Counts the document the walker has just started, numbered `documentCount`.
    /// - Throws: ``YAMLStreamReader``'s error for a document larger than
    ///   ``ParsingLimits/maxInputBytes``, numbered.
    mutating func countDocument(_ counter: LibYAMLParser) throws(DataMapperError) {
        plan = YAMLOpeningPlan.count(from: counter, threshold: openingThreshold, duplicateKeys: options.duplicateKeys)
        let start = offsets.byteOffset(ofCharacter: plan.documentStart.index)
        let size = plan.counted ? offsets.byteOffset(ofCharacter: plan.documentEnd.end.index) - start : input.bytes.count - start
        let limit = options.limits.maxInputBytes
        guard size <= limit else {
            throw YAMLStreamReader.tooLarge(limit: limit, line: plan.documentStart.line + 1, number: documentCount)
        }
        if plan.counted { noteLossRegion() }
        builder = YAMLTreeBuilder(options: options, inputBytes: size)
        builder.startDocument()
    }

    /// The first piece of the document the walker has just started and the counter counted.
    mutating func startDocument(_ walker: LibYAMLParser) throws(DataMapperError) -> DocumentPiece {
        let first = try Self.next(walker, under: DataPath())
        return try item(first, walker, path: DataPath(), depth: 0)
    }

    /// The next piece inside the innermost opened collection: its end, or its next
    /// item (in a mapping, the key, the item queued after it).
    mutating func step() throws(DataMapperError) -> DocumentPiece {
        guard let walker else { throw Self.outOfOrder(at: .unknown) }
        let top = levels.count - 1
        let level = levels[top]
        var event = try Self.next(walker, under: level.path)
        while true {
            if event == .mappingEnd || event == .sequenceEnd {
                levels.removeLast()
                if levels.isEmpty { try endDocument(walker) }
                return .end
            }
            guard level.isMapping else {
                levels[top].started += 1
                return try item(event, walker, path: level.path.appending(index: level.started), depth: level.depth)
            }
            let keyPosition = walker.position
            let key: String
            do {
                key = try builder.key(event, walker).key
            } catch {
                throw Self.ours(error).nested(under: level.path)
            }
            let path = level.path.appending(key: key)
            guard let first = levels[top].seen[key] else {
                levels[top].seen[key] = keyPosition
                queued = try item(try Self.next(walker, under: path), walker, path: path, depth: level.depth)
                return .key(key, position: keyPosition)
            }
            guard options.duplicateKeys == .firstWins else {
                // Under last-wins the counting pass opens no mapping whose keys repeat.
                throw builder.duplicateKeyError(key, first: first, again: keyPosition).nested(under: level.path)
            }
            // The later entry is read, for its errors and anchors, and left out.
            _ = try whole(try Self.next(walker, under: path), walker, path: path, depth: level.depth)
            event = try Self.next(walker, under: level.path)
        }
    }

    /// The item whose first event, `event`, the walker has just read, `depth` opened
    /// collections deep: a collection to open, opened, else the whole value.
    private mutating func item(
        _ event: YAMLEventKind, _ walker: LibYAMLParser, path: DataPath, depth: Int
    ) throws(DataMapperError) -> DocumentPiece {
        let isMapping = event == .mappingStart
        if isMapping || event == .sequenceStart, let count = plan.counts[walker.marks.start.index] {
            let position = walker.position
            do {
                try builder.checkDepth(depth + 1, at: position)
            } catch {
                throw error.nested(under: path)
            }
            levels.append(Level(isMapping: isMapping, depth: depth + 1, path: path))
            return isMapping ? .beginDictionary(count: count, position: position) : .beginArray(count: count, position: position)
        }
        let value = try whole(event, walker, path: path, depth: depth)
        if levels.isEmpty { try endDocument(walker) }
        return .value(value)
    }

    /// The node whose first event, `event`, the walker has just read, read whole.
    private mutating func whole(
        _ event: YAMLEventKind, _ walker: LibYAMLParser, path: DataPath, depth: Int
    ) throws(DataMapperError) -> SupportedType {
        builder.enclosingDepth = depth
        do {
            return try builder.node(startingWith: event, walker)
        } catch {
            throw Self.ours(error).nested(under: path)
        }
    }

    /// Reads the end of the document whose last node has been read, so that an error
    /// there comes before the document's last piece, as in the stream reader.
    private func endDocument(_ walker: LibYAMLParser) throws(DataMapperError) {
        guard try Self.next(walker, under: DataPath()) == .documentEnd else { throw Self.outOfOrder(at: walker.position) }
    }

    /// The walker's next event; an error gets `path`.
    private static func next(_ walker: LibYAMLParser, under path: DataPath) throws(DataMapperError) -> YAMLEventKind {
        do {
            return try walker.next()
        } catch {
            throw ours(error).nested(under: path)
        }
    }
}
