import DataMapper
import Foundation

/// Writes a ``SupportedType`` as XML by the inverse of the reading convention.
///
/// A dictionary's keys starting with ``XMLSerializer/Options/attributePrefix`` become
/// attributes, its ``XMLSerializer/Options/textKey`` becomes text (after the
/// children), every other key a child element; an array becomes the element repeated
/// once per item (an empty array writes nothing); an array directly inside an array
/// becomes one element whose items are `<item>` children; `null` is an empty element.
/// Output is built in one growing byte buffer, escaping runs of plain bytes at once.
struct XMLWriter {
    let options: XMLSerializer.Options
    private var out: [UInt8] = []
    private var path: [DataPath.Component] = []
    private let pretty: Bool
    private let indentUnit: Int
    private let attributePrefix: String
    private let maxDepth: Int

    init(options: XMLSerializer.Options) {
        self.options = options
        self.pretty = options.outputStyle == .pretty
        self.indentUnit = max(0, options.indent)
        self.attributePrefix = options.attributePrefix
        self.maxDepth = max(1, options.limits.maxDepth)
    }

    /// The whole document: the declaration (unless turned off) and the root element.
    mutating func document(_ value: SupportedType) throws -> [UInt8] {
        out.reserveCapacity(4096)
        if options.writesDeclaration {
            append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
            out.append(0x0A)
        }
        if let rootName = options.rootName {
            try element(rootName, value, depth: 0)
        } else if case .dictionary(let map) = value.kind, map.count == 1,
                  let (key, inner) = map.first, !isArray(inner), !isAttributeKey(key), key != options.textKey {
            try element(key, inner, depth: 0)
        } else {
            try element("root", value, depth: 0)
        }
        return out
    }

    // MARK: - Elements

    /// Writes `<name>…</name>` for one value.
    private mutating func element(_ name: String, _ value: SupportedType, depth: Int) throws {
        guard depth < maxDepth else {
            throw failure(.limitExceeded, "the value nests deeper than the limit of \(maxDepth) levels")
        }
        guard XMLName.isValid(name) else {
            throw failure(.unsupported, "the key \"\(name)\" is not a valid XML element name (an XML name starts with a letter, '_' or ':' and holds only letters, digits, '.', '-', '_', ':')")
        }
        if pretty { indent(depth) }
        out.append(UInt8(ascii: "<"))
        append(name)
        switch value.kind {
        case .dictionary(let map):
            try dictionaryContent(name, map, depth: depth)
        case .array(let items):
            out.append(UInt8(ascii: ">"))
            if pretty && !items.isEmpty { out.append(0x0A) }
            for (offset, item) in items.enumerated() {
                path.append(.index(offset))
                try element("item", item, depth: depth + 1)
                path.removeLast()
            }
            if pretty && !items.isEmpty { indent(depth) }
            closeTag(name)
        case .null:
            out.append(UInt8(ascii: ">"))
            closeTag(name)
        default:
            out.append(UInt8(ascii: ">"))
            try scalar(value, inAttribute: false)
            closeTag(name)
        }
        if pretty { out.append(0x0A) }
    }

    /// Attributes, children and text of a dictionary-valued element whose `<name` is written.
    private mutating func dictionaryContent(_ name: String, _ source: OrderedMap, depth: Int) throws {
        var map = source
        if options.sortKeys { map.sortByKeys() }
        var text: SupportedType?
        var hasChildren = false
        for (key, value) in map {
            if key == options.textKey {
                text = value
            } else if isAttributeKey(key) {
                let attribute = String(key.dropFirst(attributePrefix.count))
                path.append(.key(key))
                guard XMLName.isValid(attribute) else {
                    throw failure(.unsupported, "the key \"\(key)\" does not name a valid XML attribute")
                }
                out.append(0x20)
                append(attribute)
                append("=\"")
                switch value.kind {
                case .null: break
                case .array, .dictionary:
                    throw failure(.unsupported, "an attribute holds text, not \(Self.describe(value))")
                default: try scalar(value, inAttribute: true)
                }
                out.append(UInt8(ascii: "\""))
                path.removeLast()
            } else if !hasChildren {
                hasChildren = !isEmptyArray(value)
            }
        }
        out.append(UInt8(ascii: ">"))
        if hasChildren {
            if pretty { out.append(0x0A) }
            for (key, value) in map where key != options.textKey && !isAttributeKey(key) {
                path.append(.key(key))
                if case .array(let items) = value.kind {
                    for (offset, item) in items.enumerated() {
                        path.append(.index(offset))
                        try element(key, item, depth: depth + 1)
                        path.removeLast()
                    }
                } else {
                    try element(key, value, depth: depth + 1)
                }
                path.removeLast()
            }
        }
        if let text, !text.isNull {
            path.append(.key(options.textKey))
            switch text.kind {
            case .array, .dictionary:
                throw failure(.unsupported, "the text key holds text, not \(Self.describe(text))")
            default:
                if pretty && hasChildren { indent(depth + 1) }
                try scalar(text, inAttribute: false)
                if pretty && hasChildren { out.append(0x0A) }
            }
            path.removeLast()
        }
        if pretty && hasChildren { indent(depth) }
        closeTag(name)
    }

    // MARK: - Pieces

    private mutating func closeTag(_ name: String) {
        out.append(UInt8(ascii: "<"))
        out.append(UInt8(ascii: "/"))
        append(name)
        out.append(UInt8(ascii: ">"))
    }

    private mutating func indent(_ depth: Int) {
        let count = depth * indentUnit
        if count > 0 { out.append(contentsOf: repeatElement(0x20, count: count)) }
    }

    /// Appends ASCII or already-valid text verbatim.
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private func isAttributeKey(_ key: String) -> Bool {
        !attributePrefix.isEmpty && key.hasPrefix(attributePrefix) && key != options.textKey
    }

    private func isArray(_ value: SupportedType) -> Bool {
        if case .array = value.kind { return true }
        return false
    }

    private func isEmptyArray(_ value: SupportedType) -> Bool {
        if case .array(let items) = value.kind { return items.isEmpty }
        return false
    }

    /// Writes a scalar as text: strings escaped, numbers and booleans as their text,
    /// binary as base64, timestamps in RFC 3339.
    private mutating func scalar(_ value: SupportedType, inAttribute: Bool) throws {
        switch value.kind {
        case .string(let string):
            try escaped(string, inAttribute: inAttribute)
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .int(let integer), .intOrDouble(let integer):
            append(String(integer))
        case .uint(let integer):
            append(String(integer))
        case .double(let number):
            append(number.description)
        case .bigNumber(let text):
            append(text)
        case .binary(let bytes):
            append(bytes.base64EncodedString())
        case .timestamp(let seconds, let nanoseconds):
            append(XMLTimestamp.rfc3339(seconds: seconds, nanoseconds: nanoseconds))
        case .ext(let type, _):
            throw failure(.unsupported, "a MessagePack ext value (type \(type)) has no XML form")
        case .null, .array, .dictionary:
            break
        }
    }

    /// Appends `string` with `&`, `<`, `>` (and in attributes `"`, tab, CR, LF)
    /// replaced by references; CR becomes `&#13;` everywhere so that XML's line-end
    /// handling cannot turn it into LF.
    private mutating func escaped(_ string: String, inAttribute: Bool) throws {
        var string = string
        var bad: UInt8?
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
                case 0x0A where inAttribute: replacement = "&#10;"
                case 0x09 where inAttribute: replacement = "&#9;"
                case 0x00..<0x20 where byte != 0x09 && byte != 0x0A:
                    bad = byte
                    return
                case 0xEF where index + 2 < count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                    bad = byte
                    return
                default:
                    index += 1
                    continue
                }
                if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
                index += 1
                runStart = index
            }
            if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        }
        if let bad {
            let what = bad == 0xEF ? "U+FFFE or U+FFFF" : "the control character U+\(String(format: "%04X", bad))"
            throw failure(.unsupported, "the string holds \(what), which XML 1.0 cannot represent")
        }
    }

    private func failure(_ kind: DataMapperError.Kind, _ message: String) -> DataMapperError {
        DataMapperError(kind, message: message, path: DataPath(path))
    }

    private static func describe(_ value: SupportedType) -> String {
        switch value.kind {
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        default: return "this value"
        }
    }
}
