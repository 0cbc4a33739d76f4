import DataMapperCore

/// The walk of ``XMLPieceReader``: the pieces of the elements the plan opens, queued as
/// the parser's events come, with each other element's value built whole by the
/// ``XMLTreeBuilder`` and handed over as one ``DocumentPiece/value(_:)``.
///
/// An opened element is a dictionary of the entries the counting pass found, in the
/// tree's order: its attributes, then one key per child name, an array when the name
/// repeats or is forced to be a list, then its text.
struct XMLPieceWalk {
    /// An opened element.
    private struct Level {
        let keyID: Int32
        let position: SourcePosition
        let opening: XMLOpeningPlan.Opening
        /// The child entry being told, or -1 before the first.
        var child = -1
        /// The elements of that entry still to start.
        var left = 0
        /// The element's own text pieces, joined, when it has text to tell.
        var text: [UInt8] = []
    }

    private let plan: XMLOpeningPlan
    private let options: XMLSerializer.Options
    /// The ordinal of the last start tag read.
    private var ordinal = 0
    private var levels: [Level] = []
    private var queue: [DocumentPiece] = []
    /// The next piece of `queue` to hand over.
    private var head = 0
    /// Why the walk could not go on, when the events did not match the plan.
    private(set) var mismatch: String?

    init(plan: XMLOpeningPlan, options: XMLSerializer.Options) {
        self.plan = plan
        self.options = options
    }

    /// The key ids of the opened elements, outermost first.
    var openKeys: [Int32] { levels.map(\.keyID) }

    /// Whether an element is open that the walk tells piece by piece.
    var isInsideOpened: Bool { !levels.isEmpty }

    /// The next queued piece.
    mutating func next() -> DocumentPiece? {
        guard head < queue.count else { return nil }
        let piece = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return piece
    }

    /// A start tag has been read, of the element `name` (`keyID`) at `position`, with
    /// no element being built; returns whether the walk opens it. An element it does
    /// not open is built, and handed to ``childEnded(with:)`` once whole.
    mutating func startElement(_ name: String, keyID: Int32, at position: SourcePosition) -> Bool {
        ordinal += 1
        if !levels.isEmpty { beginChild(name, at: position) }
        guard let opening = plan.openings[ordinal] else { return false }
        if levels.isEmpty, !options.unwrapsRoot {
            queue.append(.beginDictionary(count: 1, position: position))
            queue.append(.key(name, position: position))
        }
        queue.append(.beginDictionary(count: opening.count, position: position))
        levels.append(Level(keyID: keyID, position: position, opening: opening))
        return true
    }

    /// A start tag has been read inside an element being built.
    mutating func skipElement() {
        ordinal += 1
    }

    /// An attribute of the element just opened.
    mutating func attribute(_ key: String, value: String, at position: SourcePosition) {
        entry(key, SupportedType(.string(value), position: position))
    }

    /// Text of the innermost opened element.
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let top = levels.indices.last, levels[top].opening.hasText else { return }
        levels[top].text.append(contentsOf: bytes)
    }

    /// A child not opened has been built whole.
    mutating func childEnded(with value: SupportedType) {
        queue.append(.value(value))
        childEnded()
    }

    /// The innermost opened element ends.
    mutating func endElement() {
        guard let level = levels.popLast() else { return fail("an end tag outside the opened elements") }
        guard level.child == level.opening.children.count - 1, level.left == 0 else {
            return fail("an element ending before its children were all read")
        }
        if level.opening.hasText {
            let text = level.text.withUnsafeBufferPointer { XMLTreeBuilder.mixedText($0, trims: options.whitespace == .trim) }
            guard let text else { return fail("text of spaces alone") }
            entry(options.textKey, SupportedType(.string(text), position: level.position))
        }
        queue.append(.end)
        if levels.isEmpty {
            if !options.unwrapsRoot { queue.append(.end) }
        } else {
            childEnded()
        }
    }

    /// Queues the entry `key`, whose one value is `value`: a list of it when the key is
    /// forced to be one.
    private mutating func entry(_ key: String, _ value: SupportedType) {
        queue.append(.key(key, position: value.position))
        if options.forceList.contains(key) {
            queue.append(.value(SupportedType(.array(SupportedArray([value])), position: value.position)))
        } else {
            queue.append(.value(value))
        }
    }

    /// Queues what comes before a child of the innermost opened element: for the first
    /// of its name, its key, and the array of them when they form one.
    private mutating func beginChild(_ name: String, at position: SourcePosition) {
        let top = levels.count - 1
        let children = levels[top].opening.children
        if levels[top].left == 0 {
            levels[top].child += 1
            let index = levels[top].child
            guard index < children.count, children[index].name == name else { return fail("the child <\(name)>, out of place") }
            levels[top].left = children[index].count
            queue.append(.key(name, position: position))
            if children[index].isArray { queue.append(.beginArray(count: children[index].count, position: position)) }
        } else if children[levels[top].child].name != name {
            fail("the child <\(name)>, out of place")
        }
    }

    /// Steps past a child of the innermost opened element, closing its name's array
    /// after the last one.
    private mutating func childEnded() {
        guard let top = levels.indices.last else { return }
        levels[top].left -= 1
        let child = levels[top].opening.children[levels[top].child]
        if levels[top].left == 0, child.isArray { queue.append(.end) }
    }

    private mutating func fail(_ what: String) {
        if mismatch == nil { mismatch = what }
    }
}
