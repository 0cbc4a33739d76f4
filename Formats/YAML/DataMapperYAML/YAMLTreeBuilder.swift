import DataMapper

/// Builds ``SupportedType`` trees from libyaml's events, one document at a time.
///
/// Collections are built on an explicit stack, never by recursion, so deep input
/// cannot exhaust the thread's stack; the stack is bounded by ``ParsingLimits/maxDepth``.
/// Every value is stamped with the line and column its event starts at.
///
/// Alias expansion is budgeted: each anchored value remembers how many values it
/// holds (counting the copies its own aliases made), and every alias adds that count
/// to the document's total, which may not pass ``ParsingLimits/maxExpandedValues``.
/// A "billion laughs" document is thus refused after about a million copies, long
/// before it costs much time or memory.
struct YAMLTreeBuilder {
    let options: YAMLSerializer.Options

    /// The document's frame, then one frame per open collection, innermost last.
    /// Never empty.
    var frames = [Frame(kind: .document, position: .unknown, anchor: nil, keyPositionsStart: 0)]

    /// The innermost open collection, or the document when none is open, accessed in
    /// place (a plain `frames.last` would copy the frame on every event).
    var top: Frame {
        _read { yield frames[frames.count - 1] }
        _modify { yield &frames[frames.count - 1] }
    }
    /// The positions of the keys of every open mapping, each mapping's after its parent's.
    private var keyPositions: [SourcePosition] = []
    /// Anchored values of the current document, by anchor name.
    private var anchors: [String: Anchored] = [:]
    /// Values copied by aliases so far in the current document.
    private var expanded = 0

    init(options: YAMLSerializer.Options) {
        self.options = options
    }

    /// An anchored value and the number of values it holds.
    struct Anchored {
        var value: SupportedType
        var count: Int
    }

    /// A merge key's mappings and where, among the explicit keys, it was written.
    struct Merge {
        var offset: Int
        var maps: [OrderedMap]
    }

    /// An open sequence or mapping.
    struct Frame {
        enum Kind {
            /// The document itself, holding at most its root.
            case document
            case sequence
            case mapping
        }

        var kind: Kind
        var position: SourcePosition
        var anchor: String?
        var items: [SupportedType] = []
        var map = OrderedMap()
        /// Whether the next node is a key (a mapping with no key waiting).
        var expectsKey = false
        /// The key waiting for its value, in a mapping.
        var key: String?
        var keyIsMerge = false
        var keyPosition = SourcePosition.unknown
        /// The offset of the entry with the same key as ``key``, when it repeats one.
        var duplicateOffset: Int?
        /// Where this mapping's key positions start in `keyPositions`.
        var keyPositionsStart: Int
        var merges: [Merge] = []
        /// Values in this collection's subtree, itself included, alias copies counted.
        var count = 1
        /// The document's root, once read.
        var root: SupportedType?

        init(kind: Kind, position: SourcePosition, anchor: String?, keyPositionsStart: Int) {
            self.kind = kind
            self.position = position
            self.anchor = anchor
            self.expectsKey = kind == .mapping
            self.keyPositionsStart = keyPositionsStart
        }
    }

    // MARK: - Events

    /// Reads documents until the stream ends, or after the first one if `firstOnly`.
    mutating func readDocuments(from parser: LibYAMLParser, firstOnly: Bool) throws -> [SupportedType] {
        var documents: [SupportedType] = []
        while true {
            switch try parser.next() {
            case .scalar:
                try scalar(parser)
            case .mappingStart:
                try start(mapping: true, parser)
            case .sequenceStart:
                try start(mapping: false, parser)
            case .mappingEnd, .sequenceEnd:
                try end()
            case .alias:
                try alias(parser)
            case .documentStart:
                frames.removeAll(keepingCapacity: true)
                frames.append(Frame(kind: .document, position: parser.position, anchor: nil, keyPositionsStart: 0))
                anchors.removeAll(keepingCapacity: true)
                expanded = 0
            case .documentEnd:
                documents.append(top.root ?? SupportedType(.null))
                if firstOnly { return documents }
            case .streamStart:
                continue
            case .streamEnd:
                return documents
            }
        }
    }

    private var awaitingKey: Bool { top.expectsKey }

    /// How many collections are open.
    private var depth: Int { frames.count - 1 }

    private mutating func scalar(_ parser: LibYAMLParser) throws {
        let position = parser.position
        let anchor = parser.anchor
        let tag = parser.tag
        if !awaitingKey, tag == nil, parser.scalarIsPlain {
            // The common case: a plain value. Numbers, booleans and null are resolved
            // from libyaml's bytes, so only strings cost a `String`.
            let schema = options.schema
            let resolved = parser.withScalarBytes { YAMLScalarResolver.resolve(bytes: $0, schema: schema) }
            try add(SupportedType(resolved ?? .string(parser.scalarText), position: position), count: 1, anchor: anchor)
            return
        }
        let text = parser.scalarText
        if awaitingKey {
            let isMerge = options.mergeKeys && tag == nil && text == "<<" && parser.scalarIsPlain
            try setKey(text, at: position, isMerge: isMerge)
            if let anchor {
                let value = try scalarValue(text, plain: parser.scalarIsPlain, tag: tag, at: position)
                anchors[anchor] = Anchored(value: value, count: 1)
            }
            return
        }
        let value = try scalarValue(text, plain: parser.scalarIsPlain, tag: tag, at: position)
        try add(value, count: 1, anchor: anchor)
    }

    private mutating func start(mapping: Bool, _ parser: LibYAMLParser) throws {
        let position = parser.position
        if awaitingKey {
            throw DataMapperError(
                .unsupported,
                message: "a \(mapping ? "mapping" : "sequence") is used as a key; only scalar keys are supported",
                path: currentPath(),
                location: SourceLocation(position: position)
            )
        }
        guard depth < options.limits.maxDepth else {
            throw DataMapperError(
                .limitExceeded,
                message: "collections nest more than \(options.limits.maxDepth) levels deep",
                path: currentPath(),
                location: SourceLocation(position: position)
            )
        }
        if let tag = parser.tag { try checkCollectionTag(tag, mapping: mapping, at: position) }
        let frame = Frame(
            kind: mapping ? .mapping : .sequence, position: position, anchor: parser.anchor,
            keyPositionsStart: keyPositions.count
        )
        frames.append(frame)
    }

    private mutating func end() throws {
        guard frames.count > 1 else {
            throw DataMapperError(.syntax, message: "libyaml ended a collection that was never started")
        }
        var frame = frames.removeLast()
        let value: SupportedType
        // The collections are moved out of the frame, not copied.
        if frame.kind == .mapping {
            keyPositions.removeSubrange(frame.keyPositionsStart...)
            var map = OrderedMap()
            swap(&map, &frame.map)
            if !frame.merges.isEmpty { map = Self.applying(frame.merges, to: map) }
            value = SupportedType(.dictionary(map), position: frame.position)
        } else {
            var items: [SupportedType] = []
            swap(&items, &frame.items)
            value = SupportedType(.array(items), position: frame.position)
        }
        try add(value, count: frame.count, anchor: frame.anchor)
    }

    private mutating func alias(_ parser: LibYAMLParser) throws {
        let name = parser.anchor ?? ""
        let position = parser.position
        guard let anchored = anchors[name] else {
            throw DataMapperError(
                .syntax,
                message: "the alias *\(name) refers to no anchor defined before it (nor may it point into the collection holding it)",
                path: currentPath(),
                location: SourceLocation(position: position)
            )
        }
        expanded += anchored.count
        guard expanded <= options.limits.maxExpandedValues else {
            throw DataMapperError(
                .limitExceeded,
                message: "aliases expand to more than \(options.limits.maxExpandedValues) values in one document",
                path: currentPath(),
                location: SourceLocation(position: position)
            )
        }
        if awaitingKey {
            try setKey(try keyText(of: anchored.value, at: position), at: position, isMerge: false)
            return
        }
        var value = anchored.value
        value.position = position
        try add(value, count: anchored.count, anchor: nil)
    }

    // MARK: - Building

    /// Puts a finished value in its place: the document root, a sequence, or a mapping.
    private mutating func add(_ value: SupportedType, count: Int, anchor: String?) throws {
        if let anchor { anchors[anchor] = Anchored(value: value, count: count) }
        switch top.kind {
        case .document:
            top.root = value
            return
        case .sequence:
            top.count += count
            // Most sequences are short; one allocation for the first four items saves
            // the reallocations of growing from one.
            if top.items.capacity == 0 { top.items.reserveCapacity(4) }
            top.items.append(value)
            return
        case .mapping:
            top.count += count
        }
        guard let key = top.key else {
            throw DataMapperError(.syntax, message: "libyaml gave a mapping a key without a value", location: SourceLocation(position: value.position))
        }
        if top.keyIsMerge {
            try merge(value)
        } else if top.duplicateOffset != nil {
            if options.duplicateKeys == .lastWins { top.map.updateValue(value, forKey: key) }
        } else {
            if top.map.isEmpty { top.map.reserveCapacity(4) }
            top.map.appendUnique(key: key, value: value)
            keyPositions.append(top.keyPosition)
        }
        top.key = nil
        top.keyIsMerge = false
        top.duplicateOffset = nil
        top.expectsKey = true
    }

    /// Records the key of the next entry of the innermost mapping.
    private mutating func setKey(_ key: String, at position: SourcePosition, isMerge: Bool) throws {
        if !isMerge, let existing = top.map.index(forKey: key) {
            if options.duplicateKeys == .error {
                let offset = top.keyPositionsStart + existing
                let first = offset < keyPositions.count ? keyPositions[offset] : .unknown
                let firstLine = first.line.map { "line \($0)" } ?? "an earlier line"
                let again = position.line.map { "line \($0)" } ?? "a later line"
                throw DataMapperError(
                    .syntax,
                    message: "duplicate key \"\(key)\": first on \(firstLine), again on \(again)",
                    path: currentPath().appending(key: key),
                    location: SourceLocation(position: position)
                )
            }
            top.duplicateOffset = existing
        }
        top.key = key
        top.keyIsMerge = isMerge
        top.keyPosition = position
        top.expectsKey = false
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
                path: currentPath(),
                location: SourceLocation(position: position)
            )
        }
    }

    /// The path of the value being read, for error messages.
    func currentPath() -> DataPath {
        var components: [DataPath.Component] = []
        for frame in frames {
            switch frame.kind {
            case .document: break
            case .mapping: if let key = frame.key { components.append(.key(key)) }
            case .sequence: components.append(.index(frame.items.count))
            }
        }
        return DataPath(components)
    }
}
