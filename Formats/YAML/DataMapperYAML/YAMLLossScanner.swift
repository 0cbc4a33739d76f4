import DataMapperCore
import Foundation

/// Lists what reading a YAML stream into ``SupportedType`` leaves out: comments,
/// tags the reader does not honour, anchors and aliases, and plain keys the schema
/// would read as another type but that become string keys.
///
/// A pass over libyaml's events of its own, made only when a loss report is asked
/// for, so ``YAMLSerializer/deserialize(_:)`` pays nothing for it. It follows the
/// key path of each event on a stack, as the tree builder does.
///
/// libyaml drops comments, so ``YAMLCommentFinder`` finds them in the text outside
/// scalars and aliases. Other events are searched: a collection's span may run from
/// its anchor over a comment to its first key. A comment is reported at the key path of the next scalar or alias: the key
/// or item after it.
struct YAMLLossScanner {
    let options: YAMLSerializer.Options
    private var comments: YAMLCommentFinder
    private var losses: [ConversionLoss] = []
    private var document = 0
    /// Comments found and waiting for the next value, which gives their path.
    private var waiting: [YAMLCommentFinder.Comment] = []
    private var frames: [Frame] = []

    /// The path of the innermost open collection, as steps; a ``DataPath`` is made
    /// only for a loss, so that a node without any costs no allocation.
    private var steps: [DataPath.Component] = []

    /// An open collection, or the document around the root.
    private struct Frame {
        var isMapping: Bool
        /// How many of `steps` make this collection's path.
        var pathLength: Int
        /// In a mapping: whether the next node is a key.
        var expectsKey = true
        /// In a mapping: the key just read, or `nil` for a merge key (`<<`), whose
        /// mappings become the mapping's own entries.
        var key: String?
        /// In a sequence: the index of the next item.
        var nextIndex = 0
        /// In a sequence of mappings merged by `<<`, or the document: items stand for
        /// the collection holding them, adding no step.
        var mergesInto = false
    }

    /// A scanner of `bytes`, whose first line is line `lineOffset + 1`.
    init(options: YAMLSerializer.Options, bytes: [UInt8], lineOffset: Int = 0) {
        self.options = options
        comments = YAMLCommentFinder(bytes: bytes, lineOffset: lineOffset)
    }

    /// Reads every event of `data`, the bytes the scanner was made with, and returns
    /// the losses found, in order.
    mutating func scan(_ data: Data) throws -> [ConversionLoss] {
        try LibYAMLParser.withParser(over: data) { try scan(events: $0) }
        return losses
    }

    /// The losses of reading `bytes`, a part of a stream whose first line is line
    /// `lineOffset + 1` of the stream; libyaml's lines are shifted as the comments' are.
    static func losses(in bytes: [UInt8], lineOffset: Int, options: YAMLSerializer.Options) throws -> [ConversionLoss] {
        var scanner = YAMLLossScanner(options: options, bytes: bytes, lineOffset: lineOffset)
        try bytes.withUnsafeBytes { buffer in
            try LibYAMLParser.withParser(overBytes: buffer, lineOffset: lineOffset) { try scanner.scan(events: $0) }
        }
        return scanner.losses
    }

    private mutating func scan(events parser: LibYAMLParser) throws {
        while true {
            let event = try parser.next()
            let (start, end) = parser.marks
            waiting += comments.comments(upTo: start)
            switch event {
            case .streamStart:
                break
            case .streamEnd:
                settleWaiting(.root)
                return
            case .documentStart:
                document += 1
                steps.removeAll()
                frames = [Frame(isMapping: false, pathLength: 0, mergesInto: true)]
            case .documentEnd:
                settleWaiting(.root)
            case .scalar:
                if let header = comments.skip(to: end, searchingFirstLine: parser.scalarIsBlock) { waiting.append(header) }
                try scalar(parser)
            case .alias:
                _ = comments.skip(to: end, searchingFirstLine: false)
                alias(parser)
            case .mappingStart, .sequenceStart:
                // Comments before a collection wait for its first key or item.
                properties(parser, .node)
                let underMerge = frames.last.map { $0.isMapping && !$0.expectsKey && $0.key == nil } ?? false
                if let step = nodeStep() { steps.append(step) }
                frames.append(Frame(isMapping: event == .mappingStart, pathLength: steps.count, mergesInto: event == .sequenceStart && underMerge))
            case .mappingEnd, .sequenceEnd:
                frames.removeLast()
                while steps.count > (frames.last?.pathLength ?? 0) { steps.removeLast() }
                valueRead()
            }
        }
    }

    // MARK: - Paths

    /// The step from the innermost collection to the node an event starts, if any.
    private func nodeStep() -> DataPath.Component? {
        guard let frame = frames.last else { return nil }
        if frame.isMapping { return frame.key.map(DataPath.Component.key) }
        return frame.mergesInto ? nil : .index(frame.nextIndex)
    }

    /// The path of the node an event starts, before it is read.
    private func nodePath() -> DataPath {
        DataPath(steps + (nodeStep().map { [$0] } ?? []))
    }

    /// Which path a loss is at, made into a ``DataPath`` only when there is one.
    private enum Place {
        /// The document's root.
        case root
        /// The node the current event starts.
        case node
        /// The value of the key just read in the innermost mapping.
        case key(String)
    }

    private func path(_ place: Place) -> DataPath {
        switch place {
        case .root: return .root
        case .node: return nodePath()
        case .key(let key): return DataPath(steps + [.key(key)])
        }
    }

    /// Whether the next node of the innermost collection is a mapping's key.
    private var expectsKey: Bool {
        frames.last.map { $0.isMapping && $0.expectsKey } ?? false
    }

    /// Records that the key of the next entry of the innermost mapping has been read.
    private mutating func keyRead(_ key: String?) {
        guard let last = frames.indices.last else { return }
        frames[last].expectsKey = false
        frames[last].key = key
    }

    /// Records that a value of the innermost collection has been read.
    private mutating func valueRead() {
        guard let last = frames.indices.last else { return }
        if frames[last].isMapping {
            frames[last].expectsKey = true
        } else {
            frames[last].nextIndex += 1
        }
    }

    // MARK: - Nodes

    private mutating func scalar(_ parser: LibYAMLParser) throws {
        guard expectsKey else {
            settleWaiting(.node)
            properties(parser, .node)
            valueRead()
            return
        }
        let key = parser.scalarText
        settleWaiting(.key(key))
        properties(parser, .key(key))
        let isMerge = parser.scalarIsPlain && options.mergeKeys && key == "<<" && parser.tag == nil
        if !isMerge, let kind = try keyKind(parser, text: key) {
            add(.nonStringKey, path(.key(key)), parser.position, "the key \(key) (\(kind)) becomes the string \"\(key)\"")
        }
        keyRead(isMerge ? nil : key)
    }

    private mutating func alias(_ parser: LibYAMLParser) {
        let name = parser.withAnchorBytes { String(decoding: $0, as: UTF8.self) } ?? ""
        let path = nodePath()
        settleWaiting(.node)
        if expectsKey {
            add(.anchor, path, parser.position, "the alias *\(name) used as a key becomes its text")
            keyRead(name)
        } else {
            add(.anchor, path, parser.position, "the alias *\(name) becomes a copy of the value anchored there")
            valueRead()
        }
    }

    /// What a key other than a string the schema or its tag makes it, or `nil` for a string.
    private func keyKind(_ parser: LibYAMLParser, text: String) throws -> String? {
        let kind: SupportedType.Kind?
        if let tag = parser.tag {
            let name = Self.shortTag(tag)
            guard tag.hasPrefix(YAMLTreeBuilder.standardTagPrefix), name != "!!str" else { return nil }
            return "tagged \(name)"
        } else if parser.scalarIsPlain {
            let schema = options.schema
            kind = try parser.withScalarBytes { bytes throws(DataMapperError) in try YAMLScalarResolver.resolve(bytes: bytes, schema: schema) }
        } else {
            return nil
        }
        switch kind {
        case .null?: return "null"
        case .bool?: return "a boolean"
        case .int?, .uint?, .intOrDouble?: return "an integer"
        case .double?, .bigNumber?: return "a number"
        default: return nil
        }
    }

    /// Reports the anchor and a custom tag of the node the current event starts.
    private mutating func properties(_ parser: LibYAMLParser, _ place: Place) {
        guard !parser.isBare else { return }
        if let name = parser.withAnchorBytes({ String(decoding: $0, as: UTF8.self) }) {
            add(.anchor, path(place), parser.position, "the anchor &\(name) is dropped; aliases to it become copies")
        }
        if let tag = parser.tag, !Self.honouredTags.contains(tag) {
            add(.customTag, path(place), parser.position, "the tag \(Self.shortTag(tag)) is dropped; the value is kept without it")
        }
    }

    /// The tags the reader gives a meaning to: the non-specific `!` and the standard
    /// tags of the kinds a ``SupportedType`` has.
    private static let honouredTags: Set<String> = Set(
        ["str", "int", "float", "bool", "null", "binary", "timestamp", "map", "seq"].map { YAMLTreeBuilder.standardTagPrefix + $0 }
    ).union(["!"])

    /// `tag` as written: `!!name` for a standard one.
    private static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(YAMLTreeBuilder.standardTagPrefix) ? "!!" + tag.dropFirst(YAMLTreeBuilder.standardTagPrefix.count) : tag
    }

    // MARK: - Comments

    /// Reports the comments waiting for a value, now that its place is known.
    private mutating func settleWaiting(_ place: Place) {
        guard !waiting.isEmpty else { return }
        let path = path(place)
        for comment in waiting {
            add(.comment, path, comment.position, "the comment \"\(Self.shortened(comment.text))\" is dropped")
        }
        waiting.removeAll()
    }

    /// A comment cut to 60 characters, so that a long one keeps a report line readable.
    private static func shortened(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }

    private mutating func add(_ kind: ConversionLoss.Kind, _ path: DataPath, _ position: SourcePosition, _ detail: String) {
        losses.append(ConversionLoss(kind, document: max(1, document), path: path, position: position, detail: detail))
    }
}
