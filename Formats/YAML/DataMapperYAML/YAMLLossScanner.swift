import DataMapper
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

    /// An open collection, or the document around the root.
    private struct Frame {
        var path: DataPath
        var isMapping: Bool
        /// In a mapping: whether the next node is a key.
        var expectsKey = true
        /// In a mapping: the path of the value of the key just read.
        var valuePath = DataPath.root
        /// In a sequence: the index of the next item.
        var nextIndex = 0
        /// In a sequence of mappings merged by `<<`: items stand for the mapping itself.
        var mergesInto = false
    }

    init(options: YAMLSerializer.Options, data: Data) {
        self.options = options
        comments = YAMLCommentFinder(data: data)
    }

    /// Reads every event of `data` and returns the losses found, in order.
    mutating func scan(_ data: Data) throws -> [ConversionLoss] {
        try LibYAMLParser.withParser(over: data) { parser in
            while true {
                let event = try parser.next()
                let (start, end) = parser.marks
                waiting += comments.comments(upTo: start)
                switch event {
                case .streamStart:
                    break
                case .streamEnd:
                    settleWaiting(at: .root)
                    return
                case .documentStart:
                    document += 1
                    frames = [Frame(path: .root, isMapping: false, mergesInto: true)]
                case .documentEnd:
                    settleWaiting(at: .root)
                case .scalar:
                    if let header = comments.skip(to: end, searchingFirstLine: parser.scalarIsBlock) { waiting.append(header) }
                    try scalar(parser)
                case .alias:
                    _ = comments.skip(to: end, searchingFirstLine: false)
                    let path = nodePath()
                    settleWaiting(at: path)
                    let name = parser.withAnchorBytes { String(decoding: $0, as: UTF8.self) } ?? ""
                    if frames.last?.isMapping == true, frames.last?.expectsKey == true {
                        keyRead(name, isMerge: false)
                        add(.anchor, path, parser.position, "the alias *\(name) used as a key becomes its text")
                    } else {
                        add(.anchor, path, parser.position, "the alias *\(name) becomes a copy of the value anchored there")
                        valueRead()
                    }
                case .mappingStart, .sequenceStart:
                    // Comments before a collection wait for its first key or item.
                    let path = nodePath()
                    properties(parser, at: path)
                    // Only a merge key's value has the path of its mapping (see `keyRead`).
                    let underMerge = frames.last.map { $0.isMapping && !$0.expectsKey && $0.valuePath == $0.path } ?? false
                    frames.append(Frame(path: path, isMapping: event == .mappingStart, mergesInto: event == .sequenceStart && underMerge))
                case .mappingEnd, .sequenceEnd:
                    frames.removeLast()
                    valueRead()
                }
            }
        }
        return losses
    }

    // MARK: - Paths

    /// The path of the node an event starts, before it is read.
    private func nodePath() -> DataPath {
        guard let frame = frames.last else { return .root }
        if frame.isMapping { return frame.expectsKey ? frame.path : frame.valuePath }
        if frame.mergesInto { return frame.path }
        return frame.path.appending(index: frame.nextIndex)
    }

    /// Records that the key of the next entry of the innermost mapping has been read.
    private mutating func keyRead(_ key: String, isMerge: Bool) {
        guard let last = frames.indices.last else { return }
        frames[last].expectsKey = false
        // The mappings a merge key names become the mapping's own entries.
        frames[last].valuePath = isMerge ? frames[last].path : frames[last].path.appending(key: key)
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
        let isKey = frames.last?.isMapping == true && frames.last?.expectsKey == true
        let keyText = parser.scalarText
        let path = isKey ? (frames.last?.path ?? .root).appending(key: keyText) : nodePath()
        settleWaiting(at: path)
        properties(parser, at: path)
        guard isKey else {
            valueRead()
            return
        }
        let plain = parser.scalarIsPlain
        let isMerge = plain && options.mergeKeys && keyText == "<<" && parser.tag == nil
        if !isMerge, let kind = try keyKind(parser, text: keyText) {
            add(.nonStringKey, path, parser.position, "the key \(keyText) (\(kind)) becomes the string \"\(keyText)\"")
        }
        keyRead(keyText, isMerge: isMerge)
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
    private mutating func properties(_ parser: LibYAMLParser, at path: DataPath) {
        guard !parser.isBare else { return }
        if let name = parser.withAnchorBytes({ String(decoding: $0, as: UTF8.self) }) {
            add(.anchor, path, parser.position, "the anchor &\(name) is dropped; aliases to it become copies")
        }
        if let tag = parser.tag, !Self.honouredTags.contains(tag) {
            add(.customTag, path, parser.position, "the tag \(Self.shortTag(tag)) is dropped; the value is kept without it")
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

    /// Reports the comments waiting for a value, now that it is known to be at `path`.
    private mutating func settleWaiting(at path: DataPath) {
        guard !waiting.isEmpty else { return }
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
