import DataMapper

/// Builds the ``SupportedType`` tree of one document from parser events, by the
/// xmltodict convention.
///
/// The parser hands over names already interned as small integer ids (``intern(_:)``),
/// so that grouping repeated siblings compares integers, not strings. Text of all open
/// elements shares one byte buffer: an element's text is the tail that starts where
/// the element started, and closing a child cuts the child's text off again.
struct XMLTreeBuilder {
    /// One open element.
    struct Frame {
        /// The id of the element's key.
        var keyID: Int32
        /// Where the element's start tag is.
        var position: SourcePosition
        /// Where the element's text starts in ``XMLTreeBuilder/text``.
        var textStart: Int
        /// The entries so far (attributes, then children), in order.
        var slots: [Slot] = []
        /// The value of each slot; a repeated key's value lives in ``lists``.
        var values: [SupportedType] = []
        /// The elements of repeated keys, indexed by ``Slot/list``.
        var lists: [[SupportedType]] = []
        /// Key id → slot, once the element has many entries.
        var slotIndex: [Int32: Int]?
    }

    /// One key of an open element.
    struct Slot {
        var keyID: Int32
        /// The index in ``Frame/lists`` once the key holds an array, else -1.
        var list: Int32
    }

    /// Elements with more entries than this find a key by hash instead of a scan.
    private static let scanLimit = 12

    let options: XMLSerializer.Options
    private let maxDepth: Int
    private let trims: Bool
    private(set) var names: [String] = []
    private var forced: [Bool] = []
    private var idsByName: [String: Int32] = [:]
    private var frames: [Frame] = []
    private var text: [UInt8] = []
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
        textID = intern(options.textKey)
    }

    /// The id of `name`, a key as it will appear in the tree.
    mutating func intern(_ name: String) -> Int32 {
        if let id = idsByName[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        forced.append(options.forceList.contains(name))
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
        frames.append(Frame(keyID: keyID, position: position, textStart: text.count))
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
        guard var frame = frames.popLast() else { return }
        let textValue = takeText(from: frame.textStart, leaf: frame.slots.isEmpty)
        let value: SupportedType
        if frame.slots.isEmpty {
            value = SupportedType(textValue.map { .string($0) } ?? .null, position: frame.position)
        } else {
            if let textValue {
                frames.append(frame)
                add(SupportedType(.string(textValue), position: frame.position), for: textID)
                frame = frames.removeLast()
            }
            value = SupportedType(.dictionary(Self.map(of: frame, names: names)), position: frame.position)
        }
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

    /// Adds `value` under `keyID` to the innermost frame; a repeated key becomes an array.
    private mutating func add(_ value: SupportedType, for keyID: Int32) {
        let top = frames.count - 1
        guard top >= 0 else { return }
        if let slot = findSlot(keyID, in: top) {
            let list = frames[top].slots[slot].list
            if list >= 0 {
                frames[top].lists[Int(list)].append(value)
            } else {
                let first = frames[top].values[slot]
                frames[top].values[slot] = SupportedType(.null)
                frames[top].slots[slot].list = Int32(frames[top].lists.count)
                frames[top].lists.append([first, value])
            }
            return
        }
        let slot = frames[top].slots.count
        if forced[Int(keyID)] {
            frames[top].slots.append(Slot(keyID: keyID, list: Int32(frames[top].lists.count)))
            frames[top].lists.append([value])
            frames[top].values.append(SupportedType(.null))
        } else {
            frames[top].slots.append(Slot(keyID: keyID, list: -1))
            frames[top].values.append(value)
        }
        if frames[top].slotIndex != nil {
            frames[top].slotIndex?[keyID] = slot
        } else if slot + 1 > Self.scanLimit {
            var index: [Int32: Int] = [:]
            index.reserveCapacity(Self.scanLimit * 4)
            for (offset, entry) in frames[top].slots.enumerated() { index[entry.keyID] = offset }
            frames[top].slotIndex = index
        }
    }

    private func findSlot(_ keyID: Int32, in top: Int) -> Int? {
        if let index = frames[top].slotIndex { return index[keyID] }
        return frames[top].slots.firstIndex { $0.keyID == keyID }
    }

    /// The finished dictionary of a closed element.
    private static func map(of frame: Frame, names: [String]) -> OrderedMap {
        var values = frame.values
        var keys: [String] = []
        keys.reserveCapacity(frame.slots.count)
        for (offset, slot) in frame.slots.enumerated() {
            keys.append(names[Int(slot.keyID)])
            if slot.list >= 0 {
                let elements = frame.lists[Int(slot.list)]
                values[offset] = SupportedType(.array(elements), position: elements.first?.position ?? frame.position)
            }
        }
        return OrderedMap(uniqueKeys: keys, values: values)
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
