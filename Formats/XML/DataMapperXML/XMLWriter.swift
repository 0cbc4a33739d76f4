import DataMapperCore
import Foundation

/// Writes a ``SupportedType`` as XML by the inverse of the reading convention.
///
/// A dictionary's keys starting with ``XMLSerializer/Options/attributePrefix`` become
/// attributes, its ``XMLSerializer/Options/textKey`` becomes text (after the
/// children), every other key a child element; an array becomes the element repeated
/// once per item (an empty array writes nothing); an array directly inside an array
/// becomes one element whose items are `<item>` children; `null` is an empty element.
/// Output is built in one growing byte buffer, escaping runs of plain bytes at once.
///
/// Nesting is followed on a stack of open elements kept on the heap (see
/// ``OpenElement``), not by one call per level, so a value as deep as
/// ``ParsingLimits/maxDepth`` allows takes no more of the thread's stack than a flat one.
struct XMLWriter {
    let options: XMLSerializer.Options
    private var out: [UInt8] = []
    private let pretty: Bool
    private let indentUnit: Int
    private let attributePrefix: String
    /// The first byte of the attribute prefix and of the text key, for a quick test.
    private let attributeByte: UInt8?
    private let textByte: UInt8?
    private let maxDepth: Int
    /// The namespace prefixes declared (by `xmlns:p` attributes) on the element being
    /// written and its ancestors, innermost last.
    private var declaredPrefixes: [Substring] = []
    /// The elements whose children are being written, outermost first.
    private var open: [OpenElement] = []

    init(options: XMLSerializer.Options) {
        self.options = options
        self.pretty = options.outputStyle == .pretty
        self.indentUnit = max(0, options.indent)
        self.attributePrefix = options.attributePrefix
        self.attributeByte = options.attributePrefix.utf8.first
        self.textByte = options.textKey.utf8.first
        self.maxDepth = max(1, options.limits.maxDepth)
    }

    /// The whole document: the declaration (unless turned off) and the root element.
    mutating func document(_ value: SupportedType) throws -> [UInt8] {
        out.reserveCapacity(4096)
        declaration()
        if let rootName = options.rootName {
            try located(in: value) { try $0.write(rootName, value) }
        } else if case .dictionary(let map) = value.kind, map.count == 1,
                  let (key, inner) = map.first, !isArray(inner), !isAttributeKey(key), key != options.textKey {
            // Paths run from the root element's content, the value under its key.
            try located(in: inner) { try $0.write(key, inner) }
        } else {
            try located(in: value) { try $0.write("root", value) }
        }
        return out
    }

    /// Writes the XML declaration, unless the options turn it off.
    mutating func declaration() {
        guard options.writesDeclaration else { return }
        append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.append(0x0A)
    }

    /// Hands over the bytes written so far, keeping none.
    mutating func takeOutput() -> [UInt8] {
        defer { out = [] }
        return out
    }

    /// Runs `body`, pointing an error at where the value at its path in `root` was read.
    private mutating func located(in root: SupportedType, _ body: (inout XMLWriter) throws -> Void) throws {
        do {
            try body(&self)
        } catch let error as DataMapperError {
            throw error.locatingValue(in: root)
        }
    }

    // MARK: - Walking

    /// Writes the element `name` for `value` and everything in it.
    ///
    /// Invariant: `open` holds exactly the elements whose end tag is still to come,
    /// outermost first, each at a depth one greater than the one before it.
    private mutating func write(_ name: String, _ value: SupportedType) throws {
        try element(name, value, depth: 0)
    }

    /// Writes the element `name` for `value` and everything in it at `depth`, inside
    /// elements written before; an error's path runs from `value`.
    mutating func element(_ name: String, _ value: SupportedType, depth: Int) throws {
        do {
            if try openElement(name, value, depth: depth) {
                while !open.isEmpty { try continueInnermost() }
            }
        } catch let error as DataMapperError {
            throw error.nested(under: openPath())
        }
    }

    /// Writes the child entry `key` of a dictionary-valued element at `depth - 1`:
    /// one element, or one per item when `value` is an array. An error's path runs from
    /// the dictionary.
    mutating func childEntry(_ key: String, _ value: SupportedType, depth: Int) throws {
        guard case .array(let items) = Self.shape(of: value) else {
            do {
                return try element(key, value, depth: depth)
            } catch let error as DataMapperError {
                throw error.nested(under: DataPath([.key(key)]))
            }
        }
        for offset in items.indices {
            do {
                try element(key, items[offset], depth: depth)
            } catch let error as DataMapperError {
                throw error.nested(under: DataPath([.key(key), .index(offset)]))
            }
        }
    }

    /// Writes the child entries of `map`, a dictionary-valued element at `depth - 1`
    /// whose start tag is written, that come before entry `end` (attributes and text
    /// are not children). An error's path runs from the dictionary.
    mutating func childEntries(_ map: OrderedMap, before end: Int, depth: Int) throws {
        for index in 0..<end {
            let (key, value) = map[index]
            if role(of: key) == .child { try childEntry(key, value, depth: depth) }
        }
    }

    /// Whether the key `key` of a dictionary is written as a child element (rather
    /// than as an attribute or as the element's text).
    func isChildKey(_ key: String) -> Bool {
        role(of: key) == .child
    }

    /// The path, from the root element's content, of the value being written when an
    /// error was thrown: the child each open element was writing.
    private func openPath() -> DataPath {
        var components: [DataPath.Component] = []
        for element in open {
            if element.childEntry >= 0 { components.append(.key(element.map.keys[element.childEntry])) }
            if element.childItem >= 0 { components.append(.index(element.childItem)) }
        }
        return DataPath(components)
    }

    /// Writes children of the innermost open element until one is left open in turn;
    /// once none is left, ends the element and takes it off the stack.
    ///
    /// Children that hold no dictionary or array are written as they come; only a
    /// child that does is recorded as the one being written, for an error's path.
    private mutating func continueInnermost() throws {
        let top = open.count - 1
        let depth = open[top].depth + 1
        // The child written last, if any, is done.
        open[top].childEntry = -1
        open[top].childItem = -1
        if open[top].isArray {
            let items = open[top].items
            var next = open[top].nextItem
            while let offset = try writeLeafItems(items, from: next, named: "item", depth: depth, under: nil) {
                open[top].childItem = offset
                next = offset + 1
                if try openElement("item", items[offset], depth: depth) {
                    open[top].nextItem = next
                    return
                }
                open[top].childItem = -1
            }
            let element = open.removeLast()
            endArray(element.name, isEmpty: false, depth: element.depth)
            return
        }
        // A copy of the map (its storage retained once) keeps `open` free to change
        // while its keys and values are lent.
        let map = open[top].map
        try map.withUnsafeKeysAndValues { keys, values in
            var next = (entry: open[top].nextEntry, item: open[top].nextItem)
            while let (entry, item) = try writeLeafChildren(keys: keys, values: values, from: next, depth: depth) {
                open[top].childEntry = entry
                let child: SupportedType
                if case .array(let items) = Self.shape(of: values[entry]) {
                    open[top].childItem = item
                    child = items[item]
                    next = (entry, item + 1)
                } else {
                    child = values[entry]
                    next = (entry + 1, 0)
                }
                if try openElement(keys[entry], child, depth: depth) {
                    (open[top].nextEntry, open[top].nextItem) = next
                    return
                }
                open[top].childEntry = -1
                open[top].childItem = -1
            }
            let element = open.removeLast()
            try endDictionaryElement(
                element.name, textIndex: element.textIndex, values: values, depth: element.depth, hasChildren: true
            )
            forgetPrefixes(above: element.declaredBefore)
        }
    }

    /// Writes `items`, from `start` on, as elements named `name` at `depth` while they
    /// hold no dictionary or array; returns the offset of the first that does, or `nil`
    /// once all are written. An error's path starts with `key`, when given.
    private mutating func writeLeafItems(
        _ items: SupportedArray, from start: Int, named name: String, depth: Int, under key: String?
    ) throws -> Int? {
        var offset = start
        while offset < items.count {
            let item = items[offset]
            let isNull: Bool
            switch Self.shape(of: item) {
            case .dictionary, .array: return offset
            case .null: isNull = true
            case .scalar: isNull = false
            }
            do {
                try leafElement(name, item, isNull: isNull, depth: depth)
            } catch let error as DataMapperError {
                throw error.nested(under: DataPath(key.map { [.key($0), .index(offset)] } ?? [.index(offset)]))
            }
            offset += 1
        }
        return nil
    }

    /// Writes the child keys of a dictionary-valued element, from `start` on, as
    /// elements at `depth` while they hold no dictionary or array: one element each, or
    /// one per item of an array. Returns where the first that does is (its entry, and
    /// its item when the entry holds an array), or `nil` once all are written.
    private mutating func writeLeafChildren(
        keys: UnsafeBufferPointer<String>,
        values: UnsafeBufferPointer<SupportedType>,
        from start: (entry: Int, item: Int),
        depth: Int
    ) throws -> (entry: Int, item: Int)? {
        var (entry, item) = start
        while entry < keys.count {
            if role(of: keys[entry]) == .child {
                let isNull: Bool
                switch Self.shape(of: values[entry]) {
                case .array(let items):
                    if let stop = try writeLeafItems(items, from: item, named: keys[entry], depth: depth, under: keys[entry]) {
                        return (entry, stop)
                    }
                    entry += 1
                    item = 0
                    continue
                case .dictionary: return (entry, 0)
                case .null: isNull = true
                case .scalar: isNull = false
                }
                do {
                    try leafElement(keys[entry], values[entry], isNull: isNull, depth: depth)
                } catch let error as DataMapperError {
                    throw error.nested(under: DataPath([.key(keys[entry])]))
                }
            }
            entry += 1
            item = 0
        }
        return nil
    }

    // MARK: - Elements

    /// Checks an element for the key `key` may be written at `depth`, writes `<` and
    /// its name, and returns the name: the key, escaped when it is not a name (see
    /// ``XMLName/escaped(_:keepingColons:)``). `attributes` are the keys of the
    /// element's own dictionary, whose `xmlns:` attributes declare prefixes its name may use.
    @inline(__always)
    private mutating func beginElement(_ key: String, depth: Int, attributes: UnsafeBufferPointer<String>? = nil) throws -> String {
        guard depth < maxDepth else {
            throw DataMapperError(
                .limitExceeded,
                message: "the value nests deeper than the limit of \(maxDepth) levels",
                remedy: .limit(.maxDepth, maxDepth, in: "XMLSerializer.Options.limits")
            )
        }
        let name = XMLName.isWrittenAsIs(key) && !key.utf8.contains(UInt8(ascii: ":"))
            ? key : qualifiedName(key, attributes: attributes, isAttribute: false)
        if pretty { indent(depth) }
        out.append(UInt8(ascii: "<"))
        append(name)
        return name
    }

    /// The name written for `key`, a key that holds a colon or is not written as it is:
    /// the key when it is a qualified name whose prefix is declared (`xmlns` counts as
    /// declared for attributes), otherwise the key escaped with its colons.
    @inline(never)
    private func qualifiedName(_ key: String, attributes: UnsafeBufferPointer<String>?, isAttribute: Bool) -> String {
        if XMLName.isWrittenAsIs(key), case .some(let prefix) = XMLName.prefix(of: key), XMLName.hasValidLocalPart(key),
           (isAttribute && prefix == "xmlns") || isDeclared(prefix, attributes: attributes) {
            return key
        }
        return XMLName.escaped(key, keepingColons: false)
    }

    /// Whether `prefix` is `xml`, declared by an element being written, or declared by
    /// one of `attributes`, the keys of the element being started.
    private func isDeclared(_ prefix: Substring, attributes: UnsafeBufferPointer<String>?) -> Bool {
        if prefix == "xml" || declaredPrefixes.contains(prefix) { return true }
        guard let attributes else { return false }
        let declaration = attributePrefix + "xmlns:" + prefix
        return attributes.contains(declaration)
    }

    /// Writes the element for the key `key` and a value that is neither a dictionary
    /// nor an array.
    private mutating func leafElement(_ key: String, _ value: SupportedType, isNull: Bool, depth: Int) throws {
        let name = try beginElement(key, depth: depth)
        try leafContent(name, value, isNull: isNull)
    }

    /// Writes the rest of a leaf element whose `<name` is written: `>`, its text, its end tag.
    private mutating func leafContent(_ name: String, _ value: SupportedType, isNull: Bool) throws {
        out.append(UInt8(ascii: ">"))
        if !isNull { try scalar(value, inAttribute: false) }
        closeTag(name)
        if pretty { out.append(0x0A) }
    }

    /// Writes the element for the key `key` and `value`: whole when none of its
    /// children holds a dictionary or array, else up to the first child that does.
    /// Returns `true` in the second case: the element is then on `open`, the rest of its
    /// children to write.
    private mutating func openElement(_ key: String, _ value: SupportedType, depth: Int) throws -> Bool {
        switch Self.shape(of: value) {
        case .dictionary(let source):
            var map = source
            if options.sortKeys { map.sortByKeys() }
            let started = try startDictionary(key, map, depth: depth)
            if started.hasChildren, let (entry, item) = try map.withUnsafeKeysAndValues({ keys, values in
                try writeLeafChildren(keys: keys, values: values, from: (0, 0), depth: depth + 1)
            }) {
                open.append(OpenElement(started, map: map, nextEntry: entry, nextItem: item))
                return true
            }
            try endDictionary(started, map)
            return false
        case .array(let items):
            let name = try startArray(key, isEmpty: items.isEmpty, depth: depth)
            if let stop = try writeLeafItems(items, from: 0, named: "item", depth: depth + 1, under: nil) {
                open.append(OpenElement(name: name, depth: depth, items: items, nextItem: stop, declaredBefore: declaredPrefixes.count))
                return true
            }
            endArray(name, isEmpty: items.isEmpty, depth: depth)
            return false
        case .null:
            try leafElement(key, value, isNull: true, depth: depth)
            return false
        case .scalar:
            try leafElement(key, value, isNull: false, depth: depth)
            return false
        }
    }

    /// Writes the start tag of the element for the key `key` and an array, whose items
    /// become `<item>` children: `<name>`, and a line break when it has items. Returns
    /// the name, for ``endArray(_:isEmpty:depth:)``.
    mutating func startArray(_ key: String, isEmpty: Bool, depth: Int) throws -> String {
        let name = try beginElement(key, depth: depth)
        out.append(UInt8(ascii: ">"))
        if pretty && !isEmpty { out.append(0x0A) }
        return name
    }

    /// Writes the end tag of an element begun by ``startArray(_:isEmpty:depth:)``
    /// whose items are written.
    mutating func endArray(_ name: String, isEmpty: Bool, depth: Int) {
        if pretty && !isEmpty { indent(depth) }
        closeTag(name)
        if pretty { out.append(0x0A) }
    }

    /// What a dictionary key stands for in XML.
    private enum Role {
        case child, attribute, text
    }

    @inline(__always)
    private func role(of key: String) -> Role {
        let first = key.utf8.first
        if first == textByte, key == options.textKey { return .text }
        if first == attributeByte, attributeByte != nil, key.hasPrefix(attributePrefix) { return .attribute }
        return .child
    }

    /// Writes the start tag of the element for the key `key` and the dictionary `map`,
    /// its keys in the order they are written: `<name`, the attributes, `>`, and a
    /// line break when it has child elements. The prefixes its attributes declare are
    /// in scope until ``endDictionary(_:_:)``. An error's path runs from the dictionary.
    mutating func startDictionary(_ key: String, _ map: OrderedMap, depth: Int) throws -> StartedDictionary {
        let declaredBefore = declaredPrefixes.count
        // Keys and values are read where they lie, not copied out.
        return try map.withUnsafeKeysAndValues { keys, values in
            let name = try beginElement(key, depth: depth, attributes: keys)
            var textIndex = -1
            var hasChildren = false
            for index in keys.indices {
                switch role(of: keys[index]) {
                case .text:
                    textIndex = index
                case .attribute:
                    do {
                        try attribute(keys[index], values[index], siblings: keys)
                    } catch let error as DataMapperError {
                        throw error.nested(under: DataPath([.key(keys[index])]))
                    }
                case .child:
                    if !hasChildren { hasChildren = !isEmptyArray(values[index]) }
                }
            }
            out.append(UInt8(ascii: ">"))
            if pretty && hasChildren { out.append(0x0A) }
            return StartedDictionary(
                name: name, depth: depth, declaredBefore: declaredBefore, textIndex: textIndex, hasChildren: hasChildren
            )
        }
    }

    /// Writes the text and the end tag of the element begun by
    /// ``startDictionary(_:_:depth:)`` for `map`, whose children are written, and takes
    /// the prefixes it declared out of scope.
    mutating func endDictionary(_ element: StartedDictionary, _ map: OrderedMap) throws {
        try map.withUnsafeKeysAndValues { _, values in
            try endDictionaryElement(
                element.name, textIndex: element.textIndex, values: values, depth: element.depth,
                hasChildren: element.hasChildren
            )
        }
        forgetPrefixes(above: element.declaredBefore)
    }

    /// Writes the text (entry `textIndex` of `values`, if any) and the end tag of a
    /// dictionary-valued element whose children, if it has any, are written.
    private mutating func endDictionaryElement(
        _ name: String, textIndex: Int, values: UnsafeBufferPointer<SupportedType>, depth: Int, hasChildren: Bool
    ) throws {
        if textIndex >= 0, !values[textIndex].isNull {
            let text = values[textIndex]
            switch Self.shape(of: text) {
            case .array, .dictionary:
                throw failure(.unsupported, "the text key holds text, not \(Self.describe(text))")
                    .nested(under: DataPath([.key(options.textKey)]))
            case .null, .scalar:
                if pretty && hasChildren { indent(depth + 1) }
                do {
                    try scalar(text, inAttribute: false)
                } catch let error as DataMapperError {
                    throw error.nested(under: DataPath([.key(options.textKey)]))
                }
                if pretty && hasChildren { out.append(0x0A) }
            }
        }
        if pretty && hasChildren { indent(depth) }
        closeTag(name)
        if pretty { out.append(0x0A) }
    }

    /// Takes the prefixes an element declared out of scope as it ends.
    @inline(__always)
    private mutating func forgetPrefixes(above count: Int) {
        if declaredPrefixes.count > count { declaredPrefixes.removeSubrange(count...) }
    }

    /// One ` name="value"` attribute, for the key `key` among the element's keys
    /// `siblings`; its name escaped as an element's is.
    private mutating func attribute(_ key: String, _ value: SupportedType, siblings: UnsafeBufferPointer<String>) throws {
        let name = String(key.utf8.dropFirst(attributePrefix.utf8.count)) ?? ""
        var attribute = name
        if !XMLName.isWrittenAsIs(name) || name.utf8.contains(UInt8(ascii: ":")) {
            attribute = qualifiedName(name, attributes: siblings, isAttribute: true)
            if attribute == name, name.hasPrefix("xmlns:") {
                declaredPrefixes.append(Substring(name.utf8.dropFirst(6)))
            }
        }
        out.append(0x20)
        append(attribute)
        out.append(UInt8(ascii: "="))
        out.append(UInt8(ascii: "\""))
        switch Self.shape(of: value) {
        case .null: break
        case .array, .dictionary:
            throw failure(.unsupported, "an attribute holds text, not \(Self.describe(value))")
        case .scalar: try scalar(value, inAttribute: true)
        }
        out.append(UInt8(ascii: "\""))
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
        role(of: key) == .attribute
    }

    private func isArray(_ value: SupportedType) -> Bool {
        if case .array = Self.shape(of: value) { return true }
        return false
    }

    private func isEmptyArray(_ value: SupportedType) -> Bool {
        if case .array(let items) = Self.shape(of: value) { return items.isEmpty }
        return false
    }

    /// What a value is to the writer's layout.
    private enum Shape {
        case dictionary(OrderedMap)
        case array(SupportedArray)
        case null
        /// Anything written as text.
        case scalar
    }

    /// The shape of `value`.
    @inline(__always)
    private static func shape(of value: SupportedType) -> Shape {
        switch value.kind {
        case .dictionary(let map): return .dictionary(map)
        case .array(let items): return .array(items)
        case .null: return .null
        default: return .scalar
        }
    }

    /// Writes a scalar as text: strings escaped, numbers and booleans as their text,
    /// binary as base64, timestamps in RFC 3339.
    private mutating func scalar(_ value: SupportedType, inAttribute: Bool) throws {
        // Strings are escaped from their bytes.
        if try value.withStringUTF8({ (utf8) throws(DataMapperError) in try escaped(utf8, inAttribute: inAttribute) }) != nil {
            return
        }
        switch value.kind {
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
            append(RFC3339.format(seconds: seconds, nanoseconds: nanoseconds))
        case .ext(let type, let payload):
            guard options.extValues == .base64 else {
                throw DataMapperError(
                    .unsupported,
                    message: "a MessagePack ext value (type \(type)) has no XML form",
                    remedy: .extValues(in: "XMLSerializer.Options.extValues")
                )
            }
            append(payload.base64EncodedString())
        case .string, .null, .array, .dictionary:
            break
        }
    }

    /// Appends UTF-8 `bytes` with `&`, `<`, `>` (and in attributes `"`, tab, CR, LF)
    /// replaced by references; CR becomes `&#13;` everywhere so that XML's line-end
    /// handling cannot turn it into LF.
    private mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) throws(DataMapperError) {
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
                throw unrepresentable("the control character U+\(String(format: "%04X", byte))")
            case 0xEF where index + 2 < count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                throw unrepresentable("U+FFFE or U+FFFF")
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

    private func unrepresentable(_ what: String) -> DataMapperError {
        failure(.unsupported, "the string holds \(what), which XML 1.0 cannot represent")
    }

    private func failure(_ kind: DataMapperError.Kind, _ message: String) -> DataMapperError {
        DataMapperError(kind, message: message)
    }

    private static func describe(_ value: SupportedType) -> String {
        switch value.kind {
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        default: return "this value"
        }
    }
}
