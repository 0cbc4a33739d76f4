import Foundation

extension SupportedType: CustomStringConvertible {
    /// A one-line, JSON-like rendering for logs and test failures: strings quoted,
    /// dictionaries in their order, binary as `<N bytes>`, a big number as written.
    public var description: String {
        var text = ""
        describe(into: &text)
        return text
    }

    private func describe(into text: inout String) {
        switch kind {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value), .intOrDouble(let value): text += String(value)
        case .uint(let value): text += String(value)
        case .double(let value): text += value.description
        case .bigNumber(let value): text += value
        case .string(let value): text += "\"" + value.replacingBackslashesAndQuotes() + "\""
        case .binary(let value): text += "<\(value.count) bytes>"
        case .array(let elements):
            text += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += ", " }
                element.describe(into: &text)
            }
            text += "]"
        case .dictionary(let map):
            text += map.isEmpty ? "[:" : "["
            for (offset, entry) in map.enumerated() {
                if offset > 0 { text += ", " }
                text += "\"" + entry.key.replacingBackslashesAndQuotes() + "\": "
                entry.value.describe(into: &text)
            }
            text += "]"
        case .ext(let type, let data): text += "ext(\(type), <\(data.count) bytes>)"
        case .timestamp(let seconds, let nanoseconds): text += "timestamp(\(seconds)s, \(nanoseconds)ns)"
        }
    }
}

extension SupportedType: CustomDebugStringConvertible {
    /// The ``description`` followed by the position, when known: `"A" @ 3:7`.
    public var debugDescription: String {
        position.isKnown ? "\(description) @ \(position)" : description
    }
}
