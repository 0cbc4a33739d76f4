import DataMapperCore

/// Walks a value against a format's ``ValueFidelity`` and lists what writing it in
/// that format would not give back, in document order.
///
/// The walk keeps the containers it is inside on a stack of its own, so a value as
/// deep as any reader allows takes no more of the thread's stack than a flat one.
struct TargetLossFinder {
    let fidelity: ValueFidelity
    /// The target's name, for the details (`becomes text in xml`).
    let formatName: String
    let document: Int
    /// What the writer does with a big number, NaN or an ext value the target has no
    /// place for: a value it refuses is not a loss, since nothing is written.
    let policies: FormatWriteOptions
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

    /// The path of the value being visited, as steps; a ``DataPath`` is made only
    /// for a loss, so that a value without any costs no allocation per level.
    private var steps: [DataPath.Component] = []

    mutating func walk(_ root: SupportedType) {
        if !fidelity.keepsRoot(root) {
            add(.wrappedRoot, root, "\(formatName) needs a root of another shape, so the document is written inside one it adds")
        }
        // Invariant: `steps` holds one step per frame but the first (the root's).
        var frames: [Frame] = []
        if let children = check(root, inArray: false, exactText: false) {
            frames.append(Frame(children: children, exactText: false))
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
            checkArray(items.count, inArray: inArray, value)
            return items.isEmpty ? nil : .array(items)
        case .dictionary(let map):
            return map.isEmpty ? nil : .dictionary(map)
        default:
            checkScalar(value)
            return nil
        }
    }

    private mutating func checkArray(_ count: Int, inArray: Bool, _ value: SupportedType) {
        let features = fidelity.features
        if inArray, !features.contains(.nestedArrays) {
            add(.nestedArray, value, "an array inside an array reads back from \(formatName) as a dictionary of \"item\" keys")
        }
        if count == 0, !features.contains(.emptyArrays) {
            add(.emptyArray, value, "\(formatName) writes nothing for an empty array, so it reads back as missing or null")
        } else if count == 1, !features.contains(.singleElementArrays) {
            add(.singleElementArray, value, "an array of one element reads back from \(formatName) as the element alone")
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
        losses.append(ConversionLoss(kind, document: document, path: DataPath(steps), position: value.position, detail: detail))
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
