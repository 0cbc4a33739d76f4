import DataMapperCore

/// What the counting pass of ``YAMLPieceReader`` finds in one document: which of its
/// collections to open, and how many items each will tell.
///
/// The pass reads the document's events with a parser of its own, building nothing:
/// each open collection is a few counters, and the keys of open mappings wait on one
/// shared stack until their mapping ends.
struct YAMLOpeningPlan {
    /// The item counts of the collections to open, by the character index of their
    /// start event (the same in both passes, which read the same bytes).
    var counts: [Int: Int] = [:]
    /// Where the document's start and end events are.
    var documentStart = YAMLMark(index: 0, line: 0, column: 0)
    var documentEnd = (start: YAMLMark(index: 0, line: 0, column: 0), end: YAMLMark(index: 0, line: 0, column: 0))
    /// Whether the document was counted to its end; when libyaml fails inside it,
    /// nothing is opened, so the document is read whole and fails where a whole read does.
    var counted = false

    /// A collection of the document whose start event is read and whose end is not.
    private struct Frame {
        let start: Int
        let isMapping: Bool
        /// Whether opening it keeps its meaning: no tag, no anchor, no merge key, no
        /// key that is a collection or an alias.
        var openable: Bool
        /// Items, or entries, started so far.
        var items = 0
        /// In a mapping: whether the next node is a key.
        var expectsKey = true
        /// Where its keys start on the shared key stack.
        let keyBase: Int
    }

    /// Counts the document whose start event `parser` reads next, up to and with its
    /// end event; a plan that opens nothing when libyaml fails on the way.
    static func count(from parser: LibYAMLParser, threshold: Int, duplicateKeys: DuplicateKeyPolicy) -> YAMLOpeningPlan {
        var plan = YAMLOpeningPlan()
        do {
            try plan.read(parser, threshold: threshold, duplicateKeys: duplicateKeys)
            plan.counted = true
        } catch {
            plan.counts = [:]
        }
        return plan
    }

    private mutating func read(_ parser: LibYAMLParser, threshold: Int, duplicateKeys: DuplicateKeyPolicy) throws {
        while true {
            let event = try parser.next()
            if event == .documentStart { break }
            guard event == .streamStart || event == .documentEnd else { throw YAMLPieceReader.outOfOrder(at: parser.position) }
        }
        documentStart = parser.marks.start
        var frames: [Frame] = []
        var keys: [String] = []
        repeat {
            let event = try parser.next()
            let isKey = frames.last.map { $0.isMapping && $0.expectsKey } ?? false
            switch event {
            case .scalar, .alias:
                if isKey {
                    let text = event == .scalar ? parser.scalarText : ""
                    if event == .alias || text == "<<" { frames[frames.count - 1].openable = false }
                    keys.append(text)
                }
                Self.start(child: &frames)
                Self.end(child: &frames)
            case .mappingStart, .sequenceStart:
                if isKey {
                    frames[frames.count - 1].openable = false
                    keys.append("")
                }
                Self.start(child: &frames)
                let start = parser.marks.start.index
                frames.append(Frame(start: start, isMapping: event == .mappingStart, openable: parser.isBare, keyBase: keys.count))
            case .mappingEnd, .sequenceEnd:
                guard let frame = frames.popLast() else { throw YAMLPieceReader.outOfOrder(at: parser.position) }
                if frame.openable, parser.marks.end.index - frame.start > threshold {
                    var count = frame.items
                    var opens = true
                    if frame.isMapping {
                        let repeated = count - Set(keys[frame.keyBase...]).count
                        // Under last-wins the winner would be told in the place of its first key.
                        opens = repeated == 0 || duplicateKeys != .lastWins
                        count -= repeated
                    }
                    if opens { counts[frame.start] = count }
                }
                keys.removeLast(keys.count - frame.keyBase)
                Self.end(child: &frames)
            default:
                throw YAMLPieceReader.outOfOrder(at: parser.position)
            }
        } while !frames.isEmpty
        guard try parser.next() == .documentEnd else { throw YAMLPieceReader.outOfOrder(at: parser.position) }
        documentEnd = parser.marks
    }

    /// Notes that a node starts inside the innermost collection.
    private static func start(child frames: inout [Frame]) {
        guard let top = frames.indices.last else { return }
        if !frames[top].isMapping || frames[top].expectsKey { frames[top].items += 1 }
    }

    /// Notes that a node inside the innermost collection has ended.
    private static func end(child frames: inout [Frame]) {
        guard let top = frames.indices.last, frames[top].isMapping else { return }
        frames[top].expectsKey.toggle()
    }
}

/// Turns libyaml's character indexes into byte offsets of a UTF-8 input.
struct YAMLCharacterOffsets {
    private let bytes: UnsafeRawBufferPointer
    private let origin: Int
    private var character = 0
    private var byte: Int
    /// Characters stepped over so far, either way: what the walks have cost.
    private(set) var charactersWalked = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // libyaml does not count a byte order mark.
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        origin = bom ? 3 : 0
        byte = origin
    }

    /// The byte offset of character `index`, found by walking from the index asked
    /// for last, backwards too: a reader asks about one document at a time, so the
    /// walks add up to about the input once, however many documents it holds.
    mutating func byteOffset(ofCharacter index: Int) -> Int {
        while character > index, byte > origin {
            byte -= 1
            while byte > origin, bytes[byte] & 0xC0 == 0x80 { byte -= 1 }
            character -= 1
            charactersWalked += 1
        }
        while character < index, byte < bytes.count {
            byte += 1
            while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte += 1 }
            character += 1
            charactersWalked += 1
        }
        return byte
    }
}
