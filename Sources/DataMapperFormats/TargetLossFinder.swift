import DataMapper

/// Walks a value against a format's ``ValueFidelity`` and lists what writing it in
/// that format would not give back, in document order.
///
/// The walk keeps the values still to visit on a stack of its own, so a value as deep
/// as any reader allows takes no more of the thread's stack than a flat one.
struct TargetLossFinder {
    let fidelity: ValueFidelity
    /// The target's name, for the details (`becomes text in xml`).
    let formatName: String
    let document: Int
    private(set) var losses: [ConversionLoss] = []

    init(fidelity: ValueFidelity, formatName: String, document: Int) {
        self.fidelity = fidelity
        self.formatName = formatName
        self.document = document
    }

    private struct Pending {
        var value: SupportedType
        var path: DataPath
        /// Whether the value is an item of an array.
        var inArray: Bool
        /// Whether the target keeps this value's text exactly (an XML attribute).
        var exactText: Bool
        /// Whether the key holding the value is written escaped.
        var escapedKey = false
    }

    mutating func walk(_ root: SupportedType) {
        if !fidelity.keepsRoot(root) {
            add(.wrappedRoot, .root, root, "\(formatName) needs a root of another shape, so the document is written inside one it adds")
        }
        var pending = [Pending(value: root, path: .root, inArray: false, exactText: false)]
        while let next = pending.popLast() {
            let value = next.value
            if next.escapedKey {
                add(.escapedKey, next.path, value, "the key is not a name in \(formatName), so it is written escaped")
            }
            switch value.kind {
            case .array(let items):
                checkArray(items.count, inArray: next.inArray, at: next.path, value)
                // Pushed last first, so that they are visited in order.
                for index in items.indices.reversed() {
                    pending.append(Pending(value: items[index], path: next.path.appending(index: index), inArray: true, exactText: next.exactText))
                }
            case .dictionary(let map):
                var children: [Pending] = []
                children.reserveCapacity(map.count)
                for (key, child) in map {
                    children.append(Pending(
                        value: child, path: next.path.appending(key: key), inArray: false,
                        exactText: fidelity.keepsTextExactly(key), escapedKey: !fidelity.keepsKey(key)
                    ))
                }
                pending.append(contentsOf: children.reversed())
            default:
                checkScalar(value, at: next.path, exactText: next.exactText)
            }
        }
    }

    private mutating func checkArray(_ count: Int, inArray: Bool, at path: DataPath, _ value: SupportedType) {
        let features = fidelity.features
        if inArray, !features.contains(.nestedArrays) {
            add(.nestedArray, path, value, "an array inside an array reads back from \(formatName) as a dictionary of \"item\" keys")
        }
        if count == 0, !features.contains(.emptyArrays) {
            add(.emptyArray, path, value, "\(formatName) writes nothing for an empty array, so it reads back as missing or null")
        } else if count == 1, !features.contains(.singleElementArrays) {
            add(.singleElementArray, path, value, "an array of one element reads back from \(formatName) as the element alone")
        }
    }

    private mutating func checkScalar(_ value: SupportedType, at path: DataPath, exactText: Bool) {
        let features = fidelity.features
        let typed = features.contains(.typedScalars)
        switch value.kind {
        case .null, .array, .dictionary:
            break
        case .string(let text):
            guard !exactText else { return }
            if text.isEmpty, !features.contains(.emptyStrings) {
                add(.emptyString, path, value, "the empty string reads back from \(formatName) as null")
            } else if !features.contains(.edgeWhitespace), let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
                      Self.isWhitespace(first) || Self.isWhitespace(last) {
                let outcome = text.unicodeScalars.allSatisfy(Self.isWhitespace) ? "reads back as null" : "is trimmed on reading"
                add(.edgeWhitespace, path, value, "the whitespace at the start or end of the string \(outcome) in \(formatName)")
            }
        case .bool(let flag):
            if !typed { add(.scalarType, path, value, "the boolean \(flag) becomes the text \"\(flag)\"") }
        case .int(let number), .intOrDouble(let number):
            if !typed { add(.scalarType, path, value, "the integer \(number) becomes the text \"\(number)\"") }
        case .uint(let number):
            if !typed { add(.scalarType, path, value, "the integer \(number) becomes the text \"\(number)\"") }
        case .double(let number):
            if !number.isFinite, !features.contains(.nonFiniteNumbers) {
                add(.nonFiniteNumber, path, value, "\(formatName) has no number \(number)")
            } else if !typed {
                add(.scalarType, path, value, "the number \(number) becomes the text \"\(number)\"")
            }
        case .bigNumber(let text):
            if !typed {
                add(.bigNumber, path, value, "the number \(Self.shortened(text)) becomes text")
            } else if !features.contains(.bigNumbers) {
                add(.bigNumber, path, value, "\(formatName) has no exact form for the number \(Self.shortened(text)); it is written as a float or as text, or refused")
            }
        case .binary(let data):
            if !features.contains(.binary) { add(.binary, path, value, "\(data.count) bytes become base64 text") }
        case .timestamp:
            if !features.contains(.timestamps) { add(.timestamp, path, value, "the timestamp becomes RFC 3339 text") }
        case .ext(let type, _):
            if !features.contains(.extValues) { add(.ext, path, value, "\(formatName) has no place for the ext value of type \(type)") }
        }
    }

    private mutating func add(_ kind: ConversionLoss.Kind, _ path: DataPath, _ value: SupportedType, _ detail: String) {
        losses.append(ConversionLoss(kind, document: document, path: path, position: value.position, detail: detail))
    }

    /// The whitespace XML and most text formats trim: space, tab, line feed, carriage return.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// A number's text cut to 40 characters, so that a long one keeps a line readable.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }
}
