import DataMapper

/// Builds the ``SupportedType`` tree of one document from parser events, by the
/// xmltodict convention.
///
/// The parser hands over names already interned as small integer ids (``intern(_:)``),
/// so that grouping repeated siblings compares integers, not strings. Every open
/// element keeps its pieces on shared stacks (text bytes, entries, values, lists):
/// a child always closes before its parent goes on, so an element's pieces are the
/// tail of each stack that starts where the element started, and closing it cuts
/// them off again. Finding whether an element already has a key is one array
/// lookup: `marks[key]` says in which element (by serial number) and at which entry
/// the key was last added, and the marks a child overwrote are restored from an undo
/// log when the child closes.
struct XMLTreeBuilder {
    /// One open element.
    private struct Frame {
        /// The id of the element's key.
        var keyID: Int32
        /// A number no other element of the document has.
        var serial: Int
        /// Where the element's start tag is.
        var position: SourcePosition
        /// Where the element's pieces start on each shared stack.
        var textStart: Int
        var entryStart: Int
        var listStart: Int
        var undoStart: Int
    }

    /// One key of an open element.
    private struct Entry {
        var keyID: Int32
        /// The index in ``lists`` once the key holds an array, else -1.
        var list: Int32
    }

    /// Where a key was last added: the element's serial and the entry's index.
    private struct Mark {
        var serial: Int
        var entry: Int
    }

    let options: XMLSerializer.Options
    private let maxDepth: Int
    private let trims: Bool
    private(set) var names: [String] = []
    private var forced: [Bool] = []
    private var marks: [Mark] = []
    private var idsByName: [String: Int32] = [:]
    private var frames: [Frame] = []
    private var text: [UInt8] = []
    private var entries: [Entry] = []
    private var values: [SupportedType] = []
    private var lists: [[SupportedType]] = []
    private var undo: [(keyID: Int32, mark: Mark)] = []
    /// Per element name, the keys of the last dictionary made for it, as ids and as a
    /// map whose key storage (and hash index) the next one with the same keys shares.
    private var templates: [(ids: [Int32], map: OrderedMap)?] = []
    private var nextSerial = 1
    /// The id of ``XMLSerializer/Options/textKey``.
    private var textID: Int32 = 0
    /// The finished document, once the root element has closed.
    private(set) var result: SupportedType?

    init(options: XMLSerializer.Options) {
        self.options = options
        self.maxDepth = max(1, options.limits.maxDepth)
        self.trims = options.whitespace == .trim
        frames.reserveCapacity(32)
        text.reserveCapacity(1024)
        entries.reserveCapacity(256)
        values.reserveCapacity(256)
        undo.reserveCapacity(256)
        textID = intern(options.textKey)
    }

    /// The id of `name`, a key as it will appear in the tree.
    mutating func intern(_ name: String) -> Int32 {
        if let id = idsByName[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        forced.append(options.forceList.contains(name))
        marks.append(Mark(serial: 0, entry: 0))
        templates.append(nil)
        idsByName[name] = id
        return id
    }

    /// The depth of the innermost open element (the root element is 1).
    var depth: Int { frames.count }

    // MARK: - Events

    /// Opens an element.
    /// - Throws: ``DataMapperError/Kind/limitExceeded`` past ``ParsingLimits/maxDepth``.
    mutating func startElement(_ keyID: Int32, at position: SourcePosition) throws {
        guard frames.count < maxDepth else {
            throw DataMapperError(
                .limitExceeded,
                message: "elements nest deeper than the limit of \(maxDepth) levels",
                path: path(appending: keyID),
                location: SourceLocation(position: position)
            )
        }
        frames.append(Frame(
            keyID: keyID, serial: nextSerial, position: position, textStart: text.count,
            entryStart: entries.count, listStart: lists.count, undoStart: undo.count
        ))
        nextSerial += 1
    }

    /// Adds an attribute of the innermost open element.
    mutating func attribute(_ keyID: Int32, value: String, at position: SourcePosition) {
        add(SupportedType(.string(value), position: position), for: keyID)
    }

    /// Adds text (character data or CDATA) to the innermost open element.
    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    /// Closes the innermost open element and adds its value to its parent.
    mutating func endElement() {
        guard let frame = frames.last else { return }
        let leaf = entries.count == frame.entryStart
        let textValue = takeText(from: frame.textStart, leaf: leaf)
        let value: SupportedType
        if leaf {
            value = SupportedType(textValue.map { .string($0) } ?? .null, position: frame.position)
        } else {
            if let textValue { add(SupportedType(.string(textValue), position: frame.position), for: textID) }
            value = SupportedType(.dictionary(takeMap(of: frame)), position: frame.position)
        }
        frames.removeLast()
        if frames.isEmpty {
            if options.unwrapsRoot {
                result = value
            } else {
                let root = OrderedMap(uniqueKeys: [names[Int(frame.keyID)]], values: [value])
                result = SupportedType(.dictionary(root), position: frame.position)
            }
        } else {
            add(value, for: frame.keyID)
        }
    }

    // MARK: - Helpers

    /// The element's text under the whitespace rule, cutting it off the shared buffer.
    private mutating func takeText(from start: Int, leaf: Bool) -> String? {
        let end = text.count
        guard start < end else { return nil }
        defer { text.removeSubrange(start..<end) }
        var low = start
        var high = end
        while low < high, Self.isXMLSpace(text[low]) { low += 1 }
        if low == high { return trims || !leaf ? nil : String(decoding: text[start..<end], as: UTF8.self) }
        guard trims else { return String(decoding: text[start..<end], as: UTF8.self) }
        while high > low, Self.isXMLSpace(text[high - 1]) { high -= 1 }
        return String(decoding: text[low..<high], as: UTF8.self)
    }

    @inline(__always)
    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Adds `value` under `keyID` to the innermost element; a repeated key becomes an array.
    private mutating func add(_ value: SupportedType, for keyID: Int32) {
        guard let serial = frames.last?.serial else { return }
        let key = Int(keyID)
        let mark = marks[key]
        if mark.serial == serial {
            let list = entries[mark.entry].list
            if list >= 0 {
                lists[Int(list)].append(value)
            } else {
                let first = values[mark.entry]
                values[mark.entry] = SupportedType(.null)
                entries[mark.entry].list = Int32(lists.count)
                lists.append([first, value])
            }
            return
        }
        undo.append((keyID, mark))
        marks[key] = Mark(serial: serial, entry: entries.count)
        if forced[key] {
            entries.append(Entry(keyID: keyID, list: Int32(lists.count)))
            lists.append([value])
            values.append(SupportedType(.null))
        } else {
            entries.append(Entry(keyID: keyID, list: -1))
            values.append(value)
        }
    }

    /// The finished dictionary of the innermost element, cutting its pieces off the stacks.
    ///
    /// When the element has the same keys, in the same order, as the last element of
    /// its name, the new map shares that one's key storage and index.
    private mutating func takeMap(of frame: Frame) -> OrderedMap {
        let start = frame.entryStart
        let end = entries.count
        var mapValues: [SupportedType] = []
        mapValues.reserveCapacity(end - start)
        for index in start..<end {
            let entry = entries[index]
            if entry.list >= 0 {
                let elements = lists[Int(entry.list)]
                mapValues.append(SupportedType(.array(elements), position: elements.first?.position ?? frame.position))
            } else {
                mapValues.append(values[index])
            }
        }
        let map: OrderedMap
        if let template = templates[Int(frame.keyID)], sameKeys(template.ids, from: start) {
            map = OrderedMap(keysOf: template.map, values: mapValues)
        } else {
            var keys: [String] = []
            keys.reserveCapacity(end - start)
            var ids: [Int32] = []
            ids.reserveCapacity(end - start)
            for index in start..<end {
                ids.append(entries[index].keyID)
                keys.append(names[Int(entries[index].keyID)])
            }
            map = OrderedMap(uniqueKeys: keys, values: mapValues)
            templates[Int(frame.keyID)] = (ids, map)
        }
        entries.removeSubrange(start...)
        values.removeSubrange(start...)
        if lists.count > frame.listStart { lists.removeSubrange(frame.listStart...) }
        while undo.count > frame.undoStart {
            let (keyID, mark) = undo.removeLast()
            marks[Int(keyID)] = mark
        }
        return map
    }

    /// Whether the entries from `start` on have exactly the key ids `ids`, in order.
    private func sameKeys(_ ids: [Int32], from start: Int) -> Bool {
        guard ids.count == entries.count - start else { return false }
        for offset in ids.indices where entries[start + offset].keyID != ids[offset] { return false }
        return true
    }

    /// The path of the innermost open element, extended by `keyID`.
    func path(appending keyID: Int32? = nil) -> DataPath {
        var components: [DataPath.Component] = []
        let ids = frames.map(\.keyID) + (keyID.map { [$0] } ?? [])
        for (level, id) in ids.enumerated() where level > 0 || !options.unwrapsRoot {
            components.append(.key(names[Int(id)]))
        }
        return DataPath(components)
    }
}
