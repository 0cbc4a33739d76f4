@_spi(Parsing) import DataMapper

/// Builds ``SupportedType`` trees from libyaml's events, one document at a time.
///
/// It descends recursively, one call per open collection, and each collection gathers
/// its children in local arrays that become its value when its end event arrives.
/// Recursion is bounded by ``ParsingLimits/maxDepth``, so deep input is an error, not
/// an exhausted stack. Every value is stamped with the line and column its event
/// starts at; an error raised inside a collection gains the collection's key or index
/// in front of its path as it leaves it, so it names the full path when it surfaces.
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

    /// The keys of every open mapping, each mapping's after its parent's. Kept here
    /// rather than in each mapping so that a mapping whose keys repeat an earlier
    /// mapping's (see ``MapShapeCache``) never allocates a key list of its own.
    var keys: [String] = []
    /// A fingerprint of each key of `keys`, for finding repeated keys cheaply.
    var fingerprints: [UInt64] = []
    /// Where each key of `keys` was written, for duplicate-key messages.
    private var keyPositions: [SourcePosition] = []
    /// The mappings merged into every open mapping by its `<<` keys, each mapping's
    /// after its parent's, like `keys`.
    var merges: [Merge] = []
    /// Keys and anchor names already made into `String`s, reused when the same bytes
    /// come back: every alias names its anchor again.
    private var keyCache = KeyCache()
    /// Key lists of recent mappings, shared by later mappings with the same keys.
    var shapes = MapShapeCache()
    /// How recent mappings with merge keys were put together, for later ones like them.
    var mergePlans = YAMLMergePlans()
    /// The last mapping without merge keys read at each place (see ``predictionSlot(_:)``),
    /// whose keys are the guess for the next mapping there; empty until the first mapping.
    private var predictions: [OrderedMap] = []
    /// The keys of each of `predictions`, kept apart to be compared in place.
    private var predictedKeys: [[String]] = []
    /// How many open mappings are reading keys predicted from each slot, which keeps
    /// the mappings nested in them from replacing the prediction meanwhile.
    private var predictionUses: [Int] = []
    /// How many entries the last mapping read had, as a guess at the next one's size.
    private var lastMappingSize = 4
    /// How many items the last non-empty sequence read had, likewise.
    private var lastSequenceLength = 4
    /// Anchored values of the current document, by anchor name.
    private var anchors: [String: Node] = [:]
    /// What aliases copied so far in the current document.
    private var expanded = Tally()
    /// How many bytes of text aliases may copy in one document.
    private let expandedByteBudget: Int

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

    /// Reads documents until the stream ends, or after the first one if `firstOnly`.
    mutating func readDocuments(from parser: LibYAMLParser, firstOnly: Bool) throws -> [SupportedType] {
        var documents: [SupportedType] = []
        while true {
            switch try parser.next() {
            case .streamStart, .documentEnd:
                continue
            case .documentStart:
                anchors.removeAll(keepingCapacity: true)
                expanded = Tally()
                var count = Tally()
                documents.append(try node(try parser.next(), parser, depth: 0, place: 0, count: &count))
                if firstOnly { return documents }
            case .streamEnd:
                return documents
            default:
                throw outOfOrder(parser)
            }
        }
    }

    // MARK: - Nodes

    /// Reads the node whose first event, `event`, has just been read; `depth` counts
    /// the collections around it, and `place` tells where it stands: the fingerprint
    /// of the key holding it, or a mix of its sequence's place for an item. Adds the
    /// ``Tally`` of what the node holds to `count`.
    ///
    /// Callers move the value into their collection (`consume`): a copy kept alive to
    /// the end of the loop would cost a retain and a release per value.
    private mutating func node(_ event: YAMLEventKind, _ parser: LibYAMLParser, depth: Int, place: UInt64, count: inout Tally) throws -> SupportedType {
        switch event {
        case .scalar:
            count.add(Tally(values: 1, bytes: 1 + parser.scalarLength))
            return try scalar(parser)
        case .mappingStart:
            return try mapping(parser, depth: depth + 1, place: place, count: &count)
        case .sequenceStart:
            return try sequence(parser, depth: depth + 1, place: place, count: &count)
        case .alias:
            return try alias(parser, count: &count)
        default:
            throw outOfOrder(parser)
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
                location: SourceLocation(position: position)
            )
        }
        guard expanded.bytes <= expandedByteBudget else {
            throw DataMapperError(
                .limitExceeded,
                message: "aliases expand to more than \(expandedByteBudget) bytes in one document (maxExpandedBytes)",
                location: SourceLocation(position: position)
            )
        }
        count.add(anchored.tally)
        return anchored.value.withPosition(position)
    }

    /// The anchor of the current node, or the one the current alias names.
    private mutating func anchorName(_ parser: LibYAMLParser) -> String? {
        // libyaml has checked the bytes are UTF-8.
        parser.withAnchorBytes { bytes in keyCache.string(bytes).key }
    }

    /// Checks that a collection starting at the current event may open at `depth` and
    /// that its tag fits its kind, and gives its position and anchor.
    private mutating func open(mapping: Bool, _ parser: LibYAMLParser, depth: Int) throws -> (position: SourcePosition, anchor: String?) {
        let position = parser.position
        guard depth <= options.limits.maxDepth else {
            throw DataMapperError(
                .limitExceeded,
                message: "collections nest more than \(options.limits.maxDepth) levels deep",
                location: SourceLocation(position: position)
            )
        }
        if parser.isBare { return (position, nil) }
        if let tag = parser.tag { try checkCollectionTag(tag, mapping: mapping, at: position) }
        return (position, anchorName(parser))
    }

    /// Registers a finished collection under its anchor, if it has one, and gives it back.
    private mutating func close(_ value: consuming SupportedType, count: Tally, anchor: String?) -> SupportedType {
        if let anchor { anchors[anchor] = Node(value: copy value, tally: count) }
        return value
    }

    // MARK: - Sequences

    private mutating func sequence(_ parser: LibYAMLParser, depth: Int, place: UInt64, count total: inout Tally) throws -> SupportedType {
        let (position, anchor) = try open(mapping: false, parser, depth: depth)
        // The items share a place of their own, apart from the sequence's.
        let itemPlace = (place ^ 0x5BD1_E995) &* 0x9E37_79B9_7F4A_7C15
        var items: [SupportedType] = []
        var count = Tally(values: 1, bytes: 1)
        while true {
            let event = try parser.next()
            if event == .sequenceEnd { break }
            let child: SupportedType
            do {
                child = try node(event, parser, depth: depth, place: itemPlace, count: &count)
            } catch let error as DataMapperError {
                throw error.under(.index(items.count))
            }
            // Sequences next to each other tend to have the same length: room for as
            // many items as the last one had saves growing from one.
            if items.capacity == 0 { items.reserveCapacity(lastSequenceLength) }
            items.append(consume child)
        }
        if !items.isEmpty { lastSequenceLength = items.count }
        total.add(count)
        return close(SupportedType(.array(SupportedArray(items)), position: position), count: count, anchor: anchor)
    }

    // MARK: - Mappings

    private mutating func mapping(_ parser: LibYAMLParser, depth: Int, place: UInt64, count total: inout Tally) throws -> SupportedType {
        let (position, anchor) = try open(mapping: true, parser, depth: depth)
        var values: [SupportedType] = []
        var finder = RepeatedKeyFinder()
        var count = Tally(values: 1, bytes: 1)
        let base = keys.count
        let mergeBase = merges.count
        // While the keys read are the ones the last mapping in this place had, in its
        // order, they are distinct and need neither the repeated-key finder nor the key
        // stacks: `predicted` of them were read so far, or `nil` once a key differed.
        let slot = predictionSlot(place)
        let predictedCount = predictedKeys[slot].count
        var predicted: Int? = predictedCount == 0 ? nil : 0
        if predicted != nil { predictionUses[slot] += 1 }
        defer {
            if predicted != nil { predictionUses[slot] -= 1 }
            Self.truncate(&keys, to: base)
            Self.truncate(&fingerprints, to: base)
            Self.truncate(&keyPositions, to: base)
            Self.truncate(&merges, to: mergeBase)
        }
        while true {
            let event = try parser.next()
            if event == .mappingEnd { break }
            let keyPosition = parser.position
            let (key, fingerprint, isMerge) = try self.key(event, parser)
            count.bytes += key.utf8.count
            let foreseen = !isMerge && predicted.map { isPredicted(key, at: $0, slot: slot) } == true
            if !foreseen, let read = predicted {
                leavePrediction(after: read, slot: slot, finder: &finder, base: base)
                predicted = nil
            }
            var existing: Int?
            if !isMerge && !foreseen {
                existing = finder.place(
                    of: key, fingerprint: fingerprint, keys: keys, from: base, fingerprints: fingerprints, from: base
                )
                if let existing, options.duplicateKeys == .error {
                    throw duplicateKeyError(key, first: keyPositions[base + existing], again: keyPosition)
                }
            }
            let child: SupportedType
            do {
                child = try node(try parser.next(), parser, depth: depth, place: fingerprint, count: &count)
            } catch let error as DataMapperError {
                throw error.under(.key(key))
            }
            if isMerge {
                do {
                    try appendMerges(of: child, at: values.count)
                } catch let error as DataMapperError {
                    throw error.under(.key(key))
                }
            } else if let existing {
                if options.duplicateKeys == .lastWins { values[existing] = consume child }
            } else {
                if foreseen {
                    predicted? += 1
                } else {
                    keys.append(consume key)
                    fingerprints.append(fingerprint)
                    finder.record(fingerprint: fingerprint, keys: keys, from: base)
                }
                // Room for as many entries as the predicted mapping, or else the last
                // mapping, had saves growing from one.
                if values.capacity == 0 { values.reserveCapacity(predictedCount == 0 ? lastMappingSize : predictedCount) }
                values.append(consume child)
                keyPositions.append(keyPosition)
            }
        }
        if !values.isEmpty { lastMappingSize = values.count }
        let map: OrderedMap
        if predicted == predictedCount {
            // The template is lent in place: copying it out would retain and release its storage.
            map = predictions.withUnsafeBufferPointer { OrderedMap(keysOf: $0[slot], values: values) }
        } else {
            if let read = predicted {
                leavePrediction(after: read, slot: slot, finder: &finder, base: base)
                predicted = nil
            }
            if merges.count == mergeBase {
                map = shapes.map(keys: keys, fingerprints: fingerprints, from: base, values: consume values)
                if !map.isEmpty, predictionUses[slot] == 0 {
                    predictedKeys[slot] = map.keys
                    predictions[slot] = map
                }
            } else {
                map = merging(from: mergeBase, into: consume values, base: base, explicitKeys: finder)
            }
        }
        total.add(count)
        return close(SupportedType(.dictionary(map), position: position), count: count, anchor: anchor)
    }

    /// The slot of ``predictions`` for mappings at `place` (see ``node(_:_:depth:place:count:)``).
    /// Mappings in the same place (every service's `ports`) tend to have the same keys.
    private mutating func predictionSlot(_ place: UInt64) -> Int {
        if predictions.isEmpty {
            predictions = Array(repeating: OrderedMap(), count: 128)
            predictedKeys = Array(repeating: [], count: 128)
            predictionUses = Array(repeating: 0, count: 128)
        }
        // The top seven bits: one of 128 slots.
        return Int(truncatingIfNeeded: (place &* 0xD6E8_FEB8_6659_FD93) >> 57)
    }

    /// Whether `key` is the key at `offset` of the prediction in `slot`.
    private func isPredicted(_ key: String, at offset: Int, slot: Int) -> Bool {
        // Compared in place: copying the key list out would retain and release it.
        predictedKeys.withUnsafeBufferPointer { lists in
            offset < lists[slot].count && lists[slot][offset] == key
        }
    }

    /// Ends a mapping's use of the prediction in `slot` once a key differs from it (or
    /// the mapping ends early): the `read` keys it read as predicted go on the key
    /// stacks (whose mapping starts at `base`) and in `finder`, as if read one by one.
    private mutating func leavePrediction(after read: Int, slot: Int, finder: inout RepeatedKeyFinder, base: Int) {
        for offset in 0..<read {
            let key = predictedKeys[slot][offset]
            let fingerprint = KeyCache.fingerprint(of: key)
            keys.append(key)
            fingerprints.append(fingerprint)
            finder.record(fingerprint: fingerprint, keys: keys, from: base)
        }
        predictionUses[slot] -= 1
    }

    /// Reads a key whose first event, `event`, has just been read: its text, the
    /// fingerprint of that text, and whether it is a merge key (`<<`).
    ///
    /// A scalar key is its text whatever its tag or style, and repeated keys share one
    /// `String`; an alias key is the text of the scalar it stands for.
    private mutating func key(_ event: YAMLEventKind, _ parser: LibYAMLParser) throws -> (key: String, fingerprint: UInt64, isMerge: Bool) {
        switch event {
        case .scalar:
            // libyaml has checked the bytes are UTF-8.
            let (made, spellsMerge) = parser.withScalarBytes { bytes in
                (keyCache.string(bytes), bytes.count == 2 && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "<"))
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
            return (text, KeyCache.fingerprint(of: text), false)
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

    /// Drops the elements of a key stack from `count` on, when a mapping is done with
    /// them. One at a time: mappings have few keys, and `removeLast(_:)` and
    /// `removeSubrange(_:)` cost more per call than this loop costs per key.
    @inline(__always)
    private static func truncate<Element>(_ stack: inout [Element], to count: Int) {
        while stack.count > count { stack.removeLast() }
    }

    // MARK: - Errors

    private func duplicateKeyError(_ key: String, first: SourcePosition, again: SourcePosition) -> DataMapperError {
        let firstLine = first.line.map { "line \($0)" } ?? "an earlier line"
        let againLine = again.line.map { "line \($0)" } ?? "a later line"
        return DataMapperError(
            .syntax,
            message: "duplicate key \"\(key)\": first on \(firstLine), again on \(againLine)",
            path: [key],
            location: SourceLocation(position: again)
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
