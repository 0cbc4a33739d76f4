import DataMapperCore

/// Builds ``SupportedType`` trees from libyaml's events, one document at a time.
///
/// One loop reads a whole document: the collections open around the current event are
/// kept on a stack on the heap (see ``OpenCollection``), their values on one shared
/// stack (``values``) until an end event makes the innermost collection's values its
/// value, so a document as deep as
/// ``ParsingLimits/maxDepth`` allows (deeper is an error) takes no more of the thread's
/// stack than a flat one. Every value is stamped with the line and column its event
/// starts at; an error gains, in front of its path, the key or index each open
/// collection was reading, so it names the full path when it surfaces.
///
/// Alias expansion is budgeted: each anchored value remembers how many values and
/// how many bytes of text it holds (counting the copies its own aliases made, merged
/// mappings included), and every alias adds both to the document's totals, which may
/// not pass ``ParsingLimits/maxExpandedValues`` and the byte budget of
/// ``ParsingLimits/expandedByteBudget(inputBytes:)``. A "billion laughs" document is
/// thus refused after about a million copies, and a long string aliased a thousand
/// times once the copies pass ten times the input, long before either costs much time
/// or memory.
struct YAMLTreeBuilder {
    let options: YAMLSerializer.Options

    /// The values of every open collection, each collection's after its parent's.
    let values = ContainerBuilder()
    /// The open collections around the one being read, outermost first.
    private let enclosing = GrowableBuffer<OpenCollection>(capacity: 16)
    /// The anchors of the open collections that have one, outermost first.
    private var collectionAnchors: [String] = []
    /// The keys of every open mapping, each mapping's after its parent's: a key goes
    /// on as soon as it is read, unless it repeats an earlier key of its mapping or is
    /// a merge key. Kept here rather than in each mapping so that a mapping whose keys
    /// repeat an earlier mapping's (see ``KeyInterner``) never allocates a key list of
    /// its own.
    var keys: [String] = []
    /// A fingerprint of each key of `keys`, for finding repeated keys cheaply.
    var fingerprints: [UInt64] = []
    /// Where each key of `keys` was written, for duplicate-key messages.
    private let keyPositions = GrowableBuffer<SourcePosition>(capacity: 64)
    /// The mappings merged into every open mapping by its `<<` keys, each mapping's
    /// after its parent's, like `keys`.
    var merges: [Merge] = []
    /// The document's keys, anchor names (every alias names its anchor again) and key
    /// lists, shared where they repeat.
    var interner = KeyInterner()
    /// Anchored values of the current document, by anchor name.
    private var anchors: [String: Node] = [:]
    /// What aliases copied so far in the current document.
    private var expanded = Tally()
    /// How many bytes of text aliases may copy in one document.
    private let expandedByteBudget: Int
    /// How many collections enclose the nodes read: those a piece reader has opened
    /// around them, which count towards ``ParsingLimits/maxDepth``.
    var enclosingDepth = 0

    /// A builder for a stream of `inputBytes` bytes, which sets its alias byte budget.
    init(options: YAMLSerializer.Options, inputBytes: Int) {
        self.options = options
        expandedByteBudget = options.limits.expandedByteBudget(inputBytes: inputBytes)
    }

    /// How much a node holds: its values, itself included, and the bytes of its
    /// scalars and keys, plus one per value so that empty ones count too, alias copies
    /// counted.
    struct Tally {
        var values = 0
        var bytes = 0

        mutating func add(_ other: Tally) {
            values += other.values
            bytes += other.bytes
        }
    }

    /// An anchored value and what it holds: what each alias of it adds to the
    /// expansion budget.
    struct Node {
        var value: SupportedType
        var tally: Tally
    }

    // MARK: - Documents

    /// Reads documents until the stream ends, or until a document after the first
    /// `limit` starts, whose position is then returned as `nextStart` without reading it.
    mutating func readDocuments(
        from parser: LibYAMLParser, limit: Int
    ) throws -> (documents: [SupportedType], nextStart: SourcePosition?) {
        var documents: [SupportedType] = []
        while true {
            switch try parser.next() {
            case .streamStart, .documentEnd:
                continue
            case .documentStart:
                if documents.count == limit { return (documents, parser.position) }
                startDocument()
                documents.append(try node(startingWith: try parser.next(), parser))
            case .streamEnd:
                return (documents, nil)
            default:
                throw outOfOrder(parser)
            }
        }
    }

    /// Forgets the anchors and the alias tally of the document before.
    mutating func startDocument() {
        anchors.removeAll(keepingCapacity: true)
        expanded = Tally()
    }

    // MARK: - Nodes

    /// Reads the node whose first event, `first`, has just been read, and all it holds.
    ///
    /// The collections open around the event being read are `current`, the innermost,
    /// and ``enclosing``, the others; `depth` counts them all. Values are moved onto
    /// ``values`` as soon as they are read: a copy kept alive would cost a retain and a
    /// release per value.
    mutating func node(startingWith first: YAMLEventKind, _ parser: LibYAMLParser) throws -> SupportedType {
        // A placeholder until the first collection opens; never read at depth 0.
        var current = OpenCollection(sequenceAt: .unknown, hasAnchor: false, opening: values.open())
        var depth = 0
        var event = first
        do {
            while true {
                // `event` starts a node inside `current`, or the document when `depth` is 0.
                switch event {
                case .scalar:
                    let length = parser.scalarLength
                    let value = try scalar(parser)
                    guard depth > 0 else { return value }
                    current.count.add(Tally(values: 1, bytes: 1 + length))
                    try add(value, to: &current)
                case .alias:
                    var count = Tally()
                    let value = try alias(parser, count: &count)
                    guard depth > 0 else { return value }
                    current.count.add(count)
                    try add(value, to: &current)
                case .mappingStart, .sequenceStart:
                    var opened = try open(mapping: event == .mappingStart, parser, depth: depth + 1)
                    swap(&current, &opened)
                    if depth > 0 { enclosing.append(opened) }
                    depth += 1
                default:
                    throw outOfOrder(parser)
                }
                // Reads on until an event starts a node, ending the collections that end.
                while true {
                    let next = try parser.next()
                    if current.isMapping, next != .mappingEnd {
                        try startEntry(next, parser, in: &current)
                        current.readingChild = true
                        event = try parser.next()
                        break
                    }
                    if !current.isMapping, next != .sequenceEnd {
                        current.readingChild = true
                        event = next
                        break
                    }
                    let value = current.isMapping ? endMapping(current) : endSequence(current)
                    let count = current.count
                    depth -= 1
                    guard depth > 0 else { return value }
                    current = enclosing.removeLast()
                    current.count.add(count)
                    try add(value, to: &current)
                }
            }
        } catch let error as DataMapperError {
            var steps: [DataPath.Component] = []
            for level in 0..<enclosing.elementCount {
                if let step = childStep(of: enclosing[level]) { steps.append(step) }
            }
            if depth > 0, let step = childStep(of: current) { steps.append(step) }
            throw error.nested(under: DataPath(steps))
        }
    }

    /// Moves a value just read into `collection`: the next item of a sequence, or the
    /// value of the entry being read in a mapping, under the duplicate-key policy, or
    /// the mappings a merge key stands for.
    ///
    /// An error leaves the collection reading the child, so that its path names it.
    @inline(__always)
    private mutating func add(_ value: consuming SupportedType, to collection: inout OpenCollection) throws {
        if collection.isMapping {
            switch collection.entry {
            case .new:
                values.append(value)
                collection.length += 1
            case .repeated(let place):
                if options.duplicateKeys == .lastWins { values.replace(place, since: collection.opening, with: value) }
            case .merge:
                try appendMerges(of: value, at: collection.length)
            }
        } else {
            values.append(value)
            collection.length += 1
        }
        collection.readingChild = false
    }

    /// The step to the child `collection` is reading, when it is reading one.
    private func childStep(of collection: OpenCollection) -> DataPath.Component? {
        guard collection.readingChild else { return nil }
        guard collection.isMapping else { return .index(collection.length) }
        switch collection.entry {
        case .new: return .key(keys[collection.keyBase + collection.length])
        case .repeated(let place): return .key(keys[collection.keyBase + place])
        case .merge: return .key("<<")
        }
    }

    private mutating func scalar(_ parser: LibYAMLParser) throws -> SupportedType {
        let position = parser.position
        // Most scalars have neither tag nor anchor, which is told without making strings.
        let bare = parser.isBare
        let tag = bare ? nil : parser.tag
        let value: SupportedType
        if tag == nil, parser.scalarIsPlain {
            // The common case: a plain value. Numbers, booleans and null are resolved
            // from libyaml's bytes, so only strings cost a `String`.
            let schema = options.schema
            let resolved: SupportedType.Kind?
            do {
                resolved = try parser.withScalarBytes { bytes throws(DataMapperError) in
                    try YAMLScalarResolver.resolve(bytes: bytes, schema: schema)
                }
            } catch {
                throw Self.located(error, at: position)
            }
            value = SupportedType(resolved ?? .string(parser.scalarText), position: position)
        } else {
            value = try scalarValue(parser.scalarText, plain: parser.scalarIsPlain, tag: tag, at: position)
        }
        if !bare, let anchor = anchorName(parser) {
            anchors[anchor] = Node(value: value, tally: Tally(values: 1, bytes: 1 + parser.scalarLength))
        }
        return value
    }

    private mutating func alias(_ parser: LibYAMLParser, count: inout Tally) throws -> SupportedType {
        let name = anchorName(parser) ?? ""
        let position = parser.position
        guard let anchored = anchors[name] else {
            throw DataMapperError(
                .syntax,
                message: "the alias *\(name) refers to no anchor defined before it (nor may it point into the collection holding it)",
                location: SourceLocation(position: position)
            )
        }
        expanded.add(anchored.tally)
        guard expanded.values <= options.limits.maxExpandedValues else {
            throw DataMapperError(
                .limitExceeded,
                message: "aliases expand to more than \(options.limits.maxExpandedValues) values in one document",
                location: SourceLocation(position: position),
                remedy: .limit(.maxExpandedValues, options.limits.maxExpandedValues, in: "YAMLSerializer.Options.limits")
            )
        }
        guard expanded.bytes <= expandedByteBudget else {
            throw DataMapperError(
                .limitExceeded,
                message: "aliases expand to more than \(expandedByteBudget) bytes in one document",
                location: SourceLocation(position: position),
                remedy: .limit(.maxExpandedBytes, expandedByteBudget, in: "YAMLSerializer.Options.limits")
            )
        }
        count.add(anchored.tally)
        return anchored.value.withPosition(position)
    }

    /// The anchor of the current node, or the one the current alias names.
    private mutating func anchorName(_ parser: LibYAMLParser) -> String? {
        // libyaml has checked the bytes are UTF-8.
        parser.withAnchorBytes { bytes in interner.string(bytes).key }
    }

    /// The collection starting at the current event, opening at `depth`, once its
    /// depth and its tag are checked.
    private mutating func open(mapping: Bool, _ parser: LibYAMLParser, depth: Int) throws -> OpenCollection {
        let position = parser.position
        try checkDepth(depth + enclosingDepth, at: position)
        var hasAnchor = false
        if !parser.isBare {
            if let tag = parser.tag { try checkCollectionTag(tag, mapping: mapping, at: position) }
            if let anchor = anchorName(parser) {
                collectionAnchors.append(anchor)
                hasAnchor = true
            }
        }
        guard mapping else { return OpenCollection(sequenceAt: position, hasAnchor: hasAnchor, opening: values.open()) }
        return OpenCollection(
            mappingAt: position, hasAnchor: hasAnchor, opening: values.open(), keyBase: keys.count, mergeBase: merges.count
        )
    }

    /// Refuses a collection opening `depth` levels deep when that is past ``ParsingLimits/maxDepth``.
    func checkDepth(_ depth: Int, at position: SourcePosition) throws(DataMapperError) {
        guard depth <= options.limits.maxDepth else {
            throw DataMapperError(
                .limitExceeded,
                message: "collections nest more than \(options.limits.maxDepth) levels deep",
                location: SourceLocation(position: position),
                remedy: .limit(.maxDepth, options.limits.maxDepth, in: "YAMLSerializer.Options.limits")
            )
        }
    }

    /// Registers a finished collection under its anchor, if it has one, and gives it back.
    private mutating func close(_ value: consuming SupportedType, _ collection: OpenCollection) -> SupportedType {
        if collection.hasAnchor, let anchor = collectionAnchors.popLast() {
            anchors[anchor] = Node(value: copy value, tally: collection.count)
        }
        return value
    }

    // MARK: - Sequences

    /// The value of a sequence whose end event has just been read.
    private mutating func endSequence(_ sequence: OpenCollection) -> SupportedType {
        close(SupportedType(.array(values.closeArray(sequence.opening)), position: sequence.position), sequence)
    }

    // MARK: - Mappings

    /// Reads the key of an entry of `mapping`, whose first event, `event`, has just
    /// been read, checks it against the keys before it, and pushes it on the key
    /// stacks when it is new.
    private mutating func startEntry(_ event: YAMLEventKind, _ parser: LibYAMLParser, in mapping: inout OpenCollection) throws {
        let keyPosition = parser.position
        let (key, fingerprint, isMerge) = try self.key(event, parser)
        mapping.count.bytes += key.utf8.count
        if isMerge {
            mapping.entry = .merge
            return
        }
        let base = mapping.keyBase
        if let existing = mapping.finder.place(of: key, fingerprint: fingerprint, keys: keys, from: base, fingerprints: fingerprints, from: base) {
            if options.duplicateKeys == .error {
                throw duplicateKeyError(key, first: keyPositions[base + existing], again: keyPosition)
            }
            mapping.entry = .repeated(existing)
            return
        }
        keys.append(key)
        fingerprints.append(fingerprint)
        keyPositions.append(keyPosition)
        mapping.finder.record(fingerprint: fingerprint, keys: keys, from: base)
        mapping.entry = .new
    }

    /// The value of a mapping whose end event has just been read, its keys taken off
    /// the key stacks.
    private mutating func endMapping(_ mapping: OpenCollection) -> SupportedType {
        let explicit = values.takeValues(mapping.opening)
        let (base, mergeBase) = (mapping.keyBase, mapping.mergeBase)
        let map = merges.count == mergeBase
            ? interner.map(keys: keys, fingerprints: fingerprints, from: base, values: consume explicit)
            : merging(from: mergeBase, into: consume explicit, base: base, explicitKeys: mapping.finder)
        // One at a time: mappings have few keys, and `removeLast(_:)` costs more per
        // call than this loop costs per key.
        while keys.count > base { keys.removeLast() }
        fingerprints.removeLast(fingerprints.count - base)
        keyPositions.removeAll(from: base)
        if merges.count > mergeBase { merges.removeLast(merges.count - mergeBase) }
        return close(SupportedType(.dictionary(map), position: mapping.position), mapping)
    }

    /// Reads a key whose first event, `event`, has just been read: its text, the
    /// fingerprint of that text, and whether it is a merge key (`<<`).
    ///
    /// A scalar key is its text whatever its tag or style, and repeated keys share one
    /// `String`; an alias key is the text of the scalar it stands for.
    mutating func key(_ event: YAMLEventKind, _ parser: LibYAMLParser) throws -> (key: String, fingerprint: UInt64, isMerge: Bool) {
        switch event {
        case .scalar:
            // libyaml has checked the bytes are UTF-8.
            let (made, spellsMerge) = parser.withScalarBytes { bytes in
                (interner.string(bytes), bytes.count == 2 && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "<"))
            }
            let (text, fingerprint) = made
            if parser.isBare {
                return (text, fingerprint, spellsMerge && options.mergeKeys && parser.scalarIsPlain)
            }
            let tag = parser.tag
            if let anchor = anchorName(parser) {
                let value = try scalarValue(text, plain: parser.scalarIsPlain, tag: tag, at: parser.position)
                anchors[anchor] = Node(value: value, tally: Tally(values: 1, bytes: 1 + text.utf8.count))
            }
            let isMerge = spellsMerge && options.mergeKeys && tag == nil && parser.scalarIsPlain
            return (text, fingerprint, isMerge)
        case .alias:
            let position = parser.position
            var ignored = Tally()
            let text = try keyText(of: try alias(parser, count: &ignored), at: position)
            return (text, KeyInterner.fingerprint(of: text), false)
        case .mappingStart, .sequenceStart:
            throw DataMapperError(
                .unsupported,
                message: "a \(event == .mappingStart ? "mapping" : "sequence") is used as a key; only scalar keys are supported",
                location: SourceLocation(position: parser.position)
            )
        default:
            throw outOfOrder(parser)
        }
    }

    // MARK: - Errors

    func duplicateKeyError(_ key: String, first: SourcePosition, again: SourcePosition) -> DataMapperError {
        let firstLine = first.line.map { "line \($0)" } ?? "an earlier line"
        let againLine = again.line.map { "line \($0)" } ?? "a later line"
        return DataMapperError(
            .syntax,
            message: "duplicate key \"\(key)\": first on \(firstLine), again on \(againLine)",
            path: [key],
            location: SourceLocation(position: again),
            remedy: .duplicateKeys(in: "YAMLSerializer.Options.duplicateKeys")
        )
    }

    private func outOfOrder(_ parser: LibYAMLParser) -> DataMapperError {
        DataMapperError(
            .syntax,
            message: "libyaml reported an event out of order",
            location: SourceLocation(position: parser.position)
        )
    }

    /// The text an aliased scalar stands for when it is used as a key.
    private func keyText(of value: SupportedType, at position: SourcePosition) throws -> String {
        switch value.kind {
        case .string(let text), .bigNumber(let text): return text
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number), .intOrDouble(let number): return String(number)
        case .uint(let number): return String(number)
        case .double(let number): return YAMLWriter.text(of: number)
        default:
            throw DataMapperError(
                .unsupported,
                message: "an alias of a collection or binary value is used as a key; only scalar keys are supported",
                location: SourceLocation(position: position)
            )
        }
    }
}
