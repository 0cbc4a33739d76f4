import DataMapperCore

/// Walks a document against a format's ``ValueFidelity`` and lists what writing it in
/// that format would not give back, in document order.
///
/// The document comes piece by piece (see ``DocumentPiece``): containers opened by
/// pieces are followed on a small stack, and each `value` piece is walked whole; a
/// whole document is the one `value` piece it makes with nothing opened, so both take
/// the same checks. A tree walk keeps the containers it is inside on a stack of its
/// own, so a value as deep as any reader allows takes no more of the thread's stack
/// than a flat one.
///
/// The root rule (``ValueFidelity/keepsRoot``) is given the root with its children's
/// arrays and dictionaries left empty, which pieces tell as soon as every child of the
/// root has begun; until then the losses found inside the root wait, so that the
/// root's loss comes first, as in the document's order.
struct TargetLossFinder {
    let fidelity: ValueFidelity
    /// The target's name, for the details (`becomes text in xml`).
    let formatName: String
    /// The number of the document the next losses are in.
    var document: Int
    /// What the writer does with a big number, NaN or an ext value the target has no
    /// place for: a value it refuses is not a loss, since nothing is written.
    let policies: FormatWriteOptions
    /// The losses found and not yet taken.
    private(set) var losses: [ConversionLoss] = []

    init(fidelity: ValueFidelity, formatName: String, document: Int, policies: FormatWriteOptions = .default) {
        self.fidelity = fidelity
        self.formatName = formatName
        self.document = document
        self.policies = policies
    }

    /// An array or dictionary whose children are being visited.
    private struct Frame {
        enum Children {
            case array(SupportedArray)
            case dictionary(OrderedMap)
        }

        var children: Children
        /// The next child to visit.
        var next = 0
        /// Whether the target keeps the text of this container's strings exactly.
        var exactText: Bool

        var isArray: Bool {
            if case .array = children { return true }
            return false
        }

        var count: Int {
            switch children {
            case .array(let items): return items.count
            case .dictionary(let map): return map.count
            }
        }
    }

    /// A container opened by a piece.
    private struct OpenPiece {
        let isArray: Bool
        /// Whether the target keeps the text of its strings exactly.
        let exactText: Bool
        /// Items begun so far.
        var started = 0
        /// For a dictionary, whether the item after its last key keeps its text exactly.
        var itemExactText = false
    }

    /// The root opened by a piece, while the root rule waits for all its children.
    private struct PendingRoot {
        let isArray: Bool
        let count: Int
        let position: SourcePosition
        /// Where in ``losses`` the root's loss goes.
        let lossIndex: Int
        var keys: [String] = []
        /// The children begun so far, their arrays and dictionaries empty.
        var items: [SupportedType] = []
    }

    /// The path of the value being visited, as steps; a ``DataPath`` is made only
    /// for a loss, so that a value without any costs no allocation per level.
    private var steps: [DataPath.Component] = []
    /// The containers opened by pieces, outermost first.
    private var opened: [OpenPiece] = []
    private var pendingRoot: PendingRoot?

    /// Whether losses wait for the root rule, so that none may be taken yet.
    var isHoldingLosses: Bool { pendingRoot != nil }

    /// Takes the losses found so far, unless they wait for the root rule.
    mutating func takeLosses() -> [ConversionLoss] {
        guard pendingRoot == nil else { return [] }
        defer { losses.removeAll() }
        return losses
    }

    /// Walks a whole document.
    mutating func walk(_ root: SupportedType) {
        add(.value(root))
    }

    /// Takes the next piece of the document, which keeps the order ``DocumentPiece``
    /// states (``DocumentPieceCursor`` checks it).
    mutating func add(_ piece: DocumentPiece) {
        switch piece {
        case .key(let key, let position):
            guard let top = opened.indices.last else { return }
            steps.append(.key(key))
            opened[top].itemExactText = fidelity.keepsTextExactly(key)
            opened[top].started += 1
            pendingRoot?.keys.append(key)
            if !fidelity.keepsKey(key) {
                add(.escapedKey, at: position, "the key is not a name in \(formatName), so it is written escaped")
            }
        case .value(let value):
            let (inArray, exactText) = beginItem(shallow: opened.count == 1 ? Self.shallow(value) : nil)
            if opened.isEmpty { checkRoot(Self.shallow(value), position: value.position) }
            walk(value, inArray: inArray, exactText: exactText)
            endItem()
        case .beginArray(let count, let position):
            let (inArray, exactText) = beginItem(shallow: opened.count == 1 ? .array([]) : nil)
            if opened.isEmpty { openRoot(isArray: true, count: count, position: position) }
            checkArray(count, inArray: inArray, at: position)
            opened.append(OpenPiece(isArray: true, exactText: exactText))
        case .beginDictionary(let count, let position):
            let (_, exactText) = beginItem(shallow: opened.count == 1 ? .dictionary([:]) : nil)
            if opened.isEmpty { openRoot(isArray: false, count: count, position: position) }
            opened.append(OpenPiece(isArray: false, exactText: exactText))
        case .end:
            opened.removeLast()
            endItem()
        }
    }

    /// Steps into the next item of the innermost opened container, noting it for the
    /// root rule when the root waits for it (`shallow`); returns whether it is in an
    /// array and whether its strings keep their exact text.
    private mutating func beginItem(shallow: SupportedType?) -> (inArray: Bool, exactText: Bool) {
        guard let top = opened.indices.last else { return (false, false) }
        if let shallow, pendingRoot != nil {
            pendingRoot?.items.append(shallow)
            decideRootIfComplete()
        }
        guard opened[top].isArray else { return (false, opened[top].itemExactText) }
        steps.append(.index(opened[top].started))
        opened[top].started += 1
        return (true, opened[top].exactText)
    }

    /// Steps out of the item just visited.
    private mutating func endItem() {
        if !opened.isEmpty { steps.removeLast() }
    }

    /// Starts the root rule's wait for the children of a root opened by a piece.
    private mutating func openRoot(isArray: Bool, count: Int, position: SourcePosition) {
        guard fidelity.checksRoot else { return }
        pendingRoot = PendingRoot(isArray: isArray, count: count, position: position, lossIndex: losses.count)
        decideRootIfComplete()
    }

    /// Applies the root rule once every child of the root has begun.
    private mutating func decideRootIfComplete() {
        guard let root = pendingRoot, root.items.count == root.count else { return }
        pendingRoot = nil
        let shallow: SupportedType
        if root.isArray {
            shallow = SupportedType(.array(SupportedArray(root.items)), position: root.position)
        } else {
            var map = OrderedMap(minimumCapacity: root.count)
            for (key, item) in zip(root.keys, root.items) { map[key] = item }
            shallow = SupportedType(.dictionary(map), position: root.position)
        }
        let mark = losses.count
        checkRoot(shallow, position: root.position)
        if losses.count > mark { losses.insert(losses.removeLast(), at: root.lossIndex) }
    }

    /// Reports a root of a shape the target wraps; `root` has its children's arrays
    /// and dictionaries empty.
    private mutating func checkRoot(_ root: SupportedType, position: SourcePosition) {
        guard fidelity.checksRoot, !fidelity.keepsRoot(root) else { return }
        // Decided at a child of the root, whose step is on the path already.
        let detail = "\(formatName) needs a root of another shape, so the document is written inside one it adds"
        losses.append(ConversionLoss(.wrappedRoot, document: document, path: DataPath([]), position: position, detail: detail))
    }

    /// `value` with its children's arrays and dictionaries left empty.
    private static func shallow(_ value: SupportedType) -> SupportedType {
        func emptied(_ item: SupportedType) -> SupportedType {
            switch item.kind {
            case .array: return SupportedType(.array([]), position: item.position)
            case .dictionary: return SupportedType(.dictionary([:]), position: item.position)
            default: return item
            }
        }
        switch value.kind {
        case .array(let items):
            return SupportedType(.array(SupportedArray(items.map(emptied))), position: value.position)
        case .dictionary(let map):
            var shallow = OrderedMap(minimumCapacity: map.count)
            for (key, item) in zip(map.keys, map.values) { shallow[key] = emptied(item) }
            return SupportedType(.dictionary(shallow), position: value.position)
        default:
            return value
        }
    }

    /// Walks `value`, an item in an array (`inArray`) or not, whose strings keep their
    /// exact text or not, and everything inside it.
    private mutating func walk(_ value: SupportedType, inArray: Bool, exactText: Bool) {
        // Invariant: `steps` holds one step per frame but the first (`value`'s).
        var frames: [Frame] = []
        if let children = check(value, inArray: inArray, exactText: exactText) {
            frames.append(Frame(children: children, exactText: exactText))
        }
        while let top = frames.indices.last {
            let index = frames[top].next
            guard index < frames[top].count else {
                frames.removeLast()
                if !frames.isEmpty { steps.removeLast() }
                continue
            }
            frames[top].next += 1
            let child: SupportedType
            let exactText: Bool
            switch frames[top].children {
            case .array(let items):
                child = items[index]
                steps.append(.index(index))
                exactText = frames[top].exactText
            case .dictionary(let map):
                let (key, value) = map[index]
                child = value
                steps.append(.key(key))
                exactText = fidelity.keepsTextExactly(key)
                if !fidelity.keepsKey(key) {
                    add(.escapedKey, child, "the key is not a name in \(formatName), so it is written escaped")
                }
            }
            if let children = check(child, inArray: frames[top].isArray, exactText: exactText) {
                frames.append(Frame(children: children, exactText: exactText))
            } else {
                steps.removeLast()
            }
        }
    }

    /// Reports what the target loses of `value` itself, and returns its children when
    /// it is an array or dictionary that has some.
    private mutating func check(_ value: SupportedType, inArray: Bool, exactText: Bool) -> Frame.Children? {
        // Strings are read in place: their kind would make a `String` of each.
        if let done = value.withStringUTF8({ checkString($0, value, exactText: exactText) }) { return done }
        switch value.kind {
        case .array(let items):
            checkArray(items.count, inArray: inArray, at: value.position)
            return items.isEmpty ? nil : .array(items)
        case .dictionary(let map):
            return map.isEmpty ? nil : .dictionary(map)
        default:
            checkScalar(value)
            return nil
        }
    }

    private mutating func checkArray(_ count: Int, inArray: Bool, at position: SourcePosition) {
        let features = fidelity.features
        if inArray, !features.contains(.nestedArrays) {
            add(.nestedArray, at: position, "an array inside an array reads back from \(formatName) as a dictionary of \"item\" keys")
        }
        if count == 0, !features.contains(.emptyArrays) {
            add(.emptyArray, at: position, "\(formatName) writes nothing for an empty array, so it reads back as missing or null")
        } else if count == 1, !features.contains(.singleElementArrays) {
            add(.singleElementArray, at: position, "an array of one element reads back from \(formatName) as the element alone")
        }
    }

    /// Reports what the target loses of a string: an empty one, edge whitespace.
    private mutating func checkString(_ utf8: UnsafeBufferPointer<UInt8>, _ value: SupportedType, exactText: Bool) -> Frame.Children? {
        let features = fidelity.features
        guard !exactText else { return nil }
        if utf8.isEmpty {
            if !features.contains(.emptyStrings) { add(.emptyString, value, "the empty string reads back from \(formatName) as null") }
        } else if !features.contains(.edgeWhitespace), let first = utf8.first, let last = utf8.last,
                  Self.isWhitespace(first) || Self.isWhitespace(last) {
            let outcome = utf8.allSatisfy(Self.isWhitespace) ? "reads back as null" : "is trimmed on reading"
            add(.edgeWhitespace, value, "the whitespace at the start or end of the string \(outcome) in \(formatName)")
        }
        return nil
    }

    /// Reports what the target loses of a scalar other than a string.
    private mutating func checkScalar(_ value: SupportedType) {
        let features = fidelity.features
        let typed = features.contains(.typedScalars)
        switch value.kind {
        case .null, .string, .array, .dictionary:
            break
        case .bool(let flag):
            if !typed { add(.scalarType, value, "the boolean \(flag) becomes the text \"\(flag)\"") }
        case .int(let number), .intOrDouble(let number):
            if !typed { add(.scalarType, value, "the integer \(number) becomes the text \"\(number)\"") }
        case .uint(let number):
            if !typed { add(.scalarType, value, "the integer \(number) becomes the text \"\(number)\"") }
        case .double(let number) where !number.isFinite && !typed:
            add(.nonFiniteNumber, value, "\(formatName) has no number \(number); it becomes text")
        case .double(let number):
            if !typed {
                add(.scalarType, value, "the number \(number) becomes the text \"\(number)\"")
            } else if !number.isFinite, !features.contains(.nonFiniteNumbers) {
                switch policies.nonFiniteNumbers {
                case .error: break
                case .string: add(.nonFiniteNumber, value, "\(formatName) has no number \(number); it is written as text")
                case .null: add(.nonFiniteNumber, value, "\(formatName) has no number \(number); it is written as null")
                }
            }
        case .bigNumber(let text):
            if !typed {
                add(.bigNumber, value, "the number \(Self.shortened(text)) becomes text")
            } else if !features.contains(.bigNumbers) {
                if ExactDecimal.exactDouble(text) != nil {
                    add(.bigNumber, value, "\(formatName) has no exact form for the number \(Self.shortened(text)) but a float of the same value, which it is written as")
                    return
                }
                switch policies.bigNumbers {
                case .error: break
                case .string: add(.bigNumber, value, "\(formatName) has no exact form for the number \(Self.shortened(text)); it is written as text")
                case .nearest: add(.bigNumber, value, "\(formatName) has no exact form for the number \(Self.shortened(text)); it is rounded to the nearest double")
                }
            }
        case .binary(let data):
            if !features.contains(.binary) { add(.binary, value, "\(data.count) bytes become base64 text") }
        case .timestamp:
            if !features.contains(.timestamps) { add(.timestamp, value, "the timestamp becomes RFC 3339 text") }
        case .ext(let type, _):
            if !features.contains(.extValues), policies.extValues == .base64 {
                add(.ext, value, "\(formatName) has no ext values; the payload is written as base64 and its type \(type) is lost")
            }
        }
    }

    /// Records a loss at the value being visited.
    private mutating func add(_ kind: ConversionLoss.Kind, _ value: SupportedType, _ detail: String) {
        add(kind, at: value.position, detail)
    }

    /// Records a loss at the value being visited, read at `position`.
    private mutating func add(_ kind: ConversionLoss.Kind, at position: SourcePosition, _ detail: String) {
        losses.append(ConversionLoss(kind, document: document, path: DataPath(steps), position: position, detail: detail))
    }

    /// The whitespace XML and most text formats trim: space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A number's text cut to 40 characters, so that a long one keeps a line readable.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }
}
