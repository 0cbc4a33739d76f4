import DataMapperCore

/// What the counting pass of ``XMLPieceReader`` finds in a document: which elements to
/// open, and the entries each will tell, in the order the tree holds them.
struct XMLOpeningPlan: Sendable {
    /// An element to open.
    struct Opening: Sendable {
        /// How many attribute entries (namespace declarations among them) come first.
        var attributeCount: Int
        /// The child element keys, in the order they first appear.
        var children: [Child]
        /// Whether the element holds text other than spaces, told last.
        var hasText: Bool

        /// The entries of the element's dictionary.
        var count: Int { attributeCount + children.count + (hasText ? 1 : 0) }
    }

    /// The children of one name in an opened element, which follow one another.
    struct Child: Sendable {
        let name: String
        let count: Int
        /// Whether they are told as an array: more than one, or a name of
        /// ``XMLSerializer/Options/forceList``.
        let isArray: Bool
    }

    /// The elements to open, by ordinal: the root element is 1, the next start tag 2.
    var openings: [Int: Opening] = [:]
    /// The comments and processing instructions of the document, with their key paths.
    var markup: [(note: XMLDroppedMarkup, path: DataPath)] = []
}

/// The counting pass: it takes the parser's events and builds no tree.
///
/// Each open element is one frame; its keys (attributes, then children as they start)
/// lie on a stack shared by all frames, the tail that starts at the frame's
/// `entryStart`. `marks[key]` says which frame (by ordinal) last added the key and at
/// which entry, restored from an undo log when a child closes, as in
/// ``XMLTreeBuilder``. An element is opened when its content is more than the
/// threshold, it has child elements, and telling its entries one after another gives
/// the tree's dictionary: each child name's elements follow one another, and no
/// attribute or text key is also a child's key.
struct XMLOpeningCounter {
    private struct Frame {
        /// The element's number among start tags, which no other element has.
        let ordinal: Int
        let keyID: Int32
        /// Where the element's content starts in the input.
        let contentStart: Int
        let entryStart: Int
        let undoStart: Int
        /// The entry of its name in its parent, or -1 for the root element.
        let entryInParent: Int
        var attributeCount = 0
        var hasChildren = false
        var hasText = false
        var openable = true
        /// The entry of the last child started, or -1.
        var lastChild = -1
        /// The steps of notes inside it that name its children: the note's index, the
        /// step's; they learn whether their name is an array when it ends.
        var pendingSteps: [(note: Int, step: Int)] = []
    }

    private struct Entry {
        let keyID: Int32
        var count: Int
    }

    private struct Mark {
        var serial = 0
        var entry = 0
    }

    /// A comment or processing instruction noted, whose path waits for the counts of
    /// the elements around it.
    private struct Note {
        let markup: XMLDroppedMarkup
        /// For each element around it, outermost first: its key id, how many elements
        /// of its name its parent held before it, and whether that name is an array.
        var steps: [(keyID: Int32, occurrence: Int, isArray: Bool)]
    }

    private let threshold: Int
    private let textID: Int32
    private let maxDepth: Int
    private let forceList: Set<String>
    private var frames: [Frame] = []
    private var entries: [Entry] = []
    private var marks: [Mark] = []
    private var undo: [(keyID: Int32, mark: Mark)] = []
    private var notes: [Note] = []
    private var nextOrdinal = 1
    private(set) var plan = XMLOpeningPlan()
    /// Whether the root element has closed.
    private(set) var isFinished = false

    /// A counter opening elements of more than `threshold` bytes of content, read with
    /// `options`, whose text key has the id `textID`.
    init(threshold: Int, options: XMLSerializer.Options, textID: Int32) {
        self.threshold = threshold
        self.textID = textID
        self.maxDepth = max(1, options.limits.maxDepth)
        self.forceList = options.forceList
    }

    /// The key ids of the open elements, outermost first.
    var openKeys: [Int32] { frames.map(\.keyID) }

    /// Whether an element opening now would nest deeper than ``ParsingLimits/maxDepth``.
    var isFull: Bool { frames.count >= maxDepth }

    /// An element `keyID` starts; its content starts at `offset`.
    mutating func startElement(_ keyID: Int32, contentAt offset: Int) {
        var entryInParent = -1
        if let top = frames.indices.last {
            frames[top].hasChildren = true
            let last = frames[top].lastChild
            if last >= 0, entries[last].keyID == keyID {
                entries[last].count += 1
                entryInParent = last
            } else {
                entryInParent = add(keyID, in: top)
                frames[top].lastChild = entryInParent
            }
        }
        frames.append(Frame(
            ordinal: nextOrdinal, keyID: keyID, contentStart: offset, entryStart: entries.count,
            undoStart: undo.count, entryInParent: entryInParent
        ))
        nextOrdinal += 1
    }

    /// An attribute key of the element just started.
    mutating func attribute(_ keyID: Int32) {
        guard let top = frames.indices.last else { return }
        if add(keyID, in: top) >= frames[top].entryStart + frames[top].attributeCount {
            frames[top].attributeCount += 1
        }
    }

    /// Adds `keyID` to the frame at `index`: a new entry, or one more of an entry it
    /// has, which cannot be told in place, so the frame is not opened. Returns the entry.
    private mutating func add(_ keyID: Int32, in index: Int) -> Int {
        let key = Int(keyID)
        if key >= marks.count { marks.append(contentsOf: repeatElement(Mark(), count: key + 1 - marks.count)) }
        let mark = marks[key]
        if mark.serial == frames[index].ordinal {
            entries[mark.entry].count += 1
            frames[index].openable = false
            return mark.entry
        }
        undo.append((keyID, mark))
        marks[key] = Mark(serial: frames[index].ordinal, entry: entries.count)
        entries.append(Entry(keyID: keyID, count: 1))
        return entries.count - 1
    }

    /// Text of the innermost open element.
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let top = frames.indices.last, !frames[top].hasText, !XMLTreeBuilder.isAllSpace(bytes) else { return }
        frames[top].hasText = true
    }

    /// The innermost open element ends; its content ends at `offset`. `names` names
    /// every key id.
    mutating func endElement(contentEndingAt offset: Int, names: [String]) {
        guard var frame = frames.popLast() else { return }
        if frame.hasText {
            let key = Int(textID)
            if key < marks.count, marks[key].serial == frame.ordinal { frame.openable = false }
        }
        if frame.openable, frame.hasChildren, offset - frame.contentStart > threshold {
            let children = entries[(frame.entryStart + frame.attributeCount)...].map { entry in
                let name = names[Int(entry.keyID)]
                return XMLOpeningPlan.Child(name: name, count: entry.count, isArray: entry.count > 1 || forceList.contains(name))
            }
            plan.openings[frame.ordinal] = XMLOpeningPlan.Opening(
                attributeCount: frame.attributeCount, children: children, hasText: frame.hasText)
        }
        for (note, step) in frame.pendingSteps {
            let keyID = notes[note].steps[step].keyID
            let mark = marks[Int(keyID)]
            let count = mark.serial == frame.ordinal ? entries[mark.entry].count : 0
            notes[note].steps[step].isArray = count > 1 || forceList.contains(names[Int(keyID)])
        }
        while undo.count > frame.undoStart {
            let (keyID, mark) = undo.removeLast()
            marks[Int(keyID)] = mark
        }
        entries.removeLast(entries.count - frame.entryStart)
        if frames.isEmpty { isFinished = true }
    }

    /// Notes a comment or processing instruction inside the open elements.
    mutating func note(_ markup: XMLDroppedMarkup) {
        var note = Note(markup: markup, steps: [])
        for (level, frame) in frames.enumerated() {
            let occurrence = frame.entryInParent >= 0 ? entries[frame.entryInParent].count - 1 : 0
            note.steps.append((frame.keyID, occurrence, false))
            // Whether the step's name is an array is settled when its parent ends.
            if level > 0 { frames[level - 1].pendingSteps.append((notes.count, level)) }
        }
        notes.append(note)
    }

    /// The plan, its markup with key paths, once the root element has closed.
    func finishedPlan(names: [String], unwrapsRoot: Bool) -> XMLOpeningPlan {
        var plan = plan
        plan.markup = notes.map { note in
            var path = DataPath.root
            for (level, step) in note.steps.enumerated() where level > 0 || !unwrapsRoot {
                path = path.appending(key: names[Int(step.keyID)])
                if level > 0, step.isArray { path = path.appending(index: step.occurrence) }
            }
            return (note.markup, path)
        }
        return plan
    }
}
