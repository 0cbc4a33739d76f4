import DataMapperCore

/// Builds the ``SupportedType`` tree of one document from parser events, by the
/// xmltodict convention.
///
/// The parser hands over names already interned as small integer ids (``intern(_:)``),
/// so that grouping repeated siblings compares integers, not strings; each id keeps
/// its name's fingerprint beside it for the parse's ``KeyInterner``, which lets maps
/// with the same keys share one key list. Every open
/// element keeps its pieces on shared stacks (text bytes, keys, values): a child
/// always closes before its parent goes on, so an element's pieces are the tail of
/// each stack that starts where the element started, and closing it moves them off
/// again. The values of a repeated key stay where they were added, linked from one to
/// the next, so that the key's array is made once, at its final size, when the
/// element closes. Finding whether an element already has a key is one lookup:
/// `marks[key]` says in which element (by serial number) and at which entry the key
/// was last added, and the marks a child overwrote are restored from an undo log when
/// the child closes.
struct XMLTreeBuilder: ~Copyable {
    /// One open element.
    struct Frame {
        /// The id of the element's key.
        var keyID: Int32
        /// A number no other element of the document has.
        var serial: Int
        /// Where the element's start tag is.
        var position: SourcePosition
        /// Where the element's pieces start on each shared stack.
        var textStart: Int
        var entryStart: Int
        var valueStart: Int
        var undoStart: Int
    }

    /// One key of an open element and where its values are.
    struct Entry {
        var keyID: Int32
        /// How many values the key has.
        var count: Int32
        /// The index in ``values`` of its first and of its last value.
        var first: Int32
        var last: Int32
    }

    /// Where a key was last added: the element's serial and the entry's index.
    struct Mark {
        var serial: Int
        var entry: Int
    }

    let options: XMLSerializer.Options
    private let maxDepth: Int
    /// How many more levels of elements may open: ``ParsingLimits/maxDepth`` less the
    /// enclosing elements (see ``enclose(in:)``).
    private var frameLimit: Int
    /// The key ids of the elements around the first one this builder opens, outermost
    /// first: empty for a whole document; the opened elements above a child that a
    /// piece reader hands over whole.
    private(set) var enclosingKeys: [Int32] = []
    private let trims: Bool
    /// Whether some names are always read as lists (``XMLSerializer/Options/forceList``).
    private let forcesLists: Bool
    /// The name of each key id.
    private(set) var names: [String] = []
    /// The fingerprint of each key id's name (``KeyInterner/fingerprint(of:)``).
    private var nameFingerprints: [UInt64] = []
    private var idsByName: [String: Int32] = [:]
    private let forced: GrowableBuffer<Bool>
    private let marks: GrowableBuffer<Mark>
    /// Shares the key list of maps with the same keys, for this parse only.
    private var interner = KeyInterner()
    private let frames: GrowableBuffer<Frame>
    private let text: GrowableBuffer<UInt8>
    private let entries: GrowableBuffer<Entry>
    private let values: GrowableBuffer<SupportedType>
    /// For each value, the index of the next value of the same key, or -1.
    private let successors: GrowableBuffer<Int32>
    private let undo: GrowableBuffer<(keyID: Int32, mark: Mark)>
    /// Where the values of a finished element's map or array gather.
    private var containers = ContainerBuilder()
    private var nextSerial = 1
    /// The id of ``XMLSerializer/Options/textKey``.
    private var textID: Int32 = 0
    /// The finished document, once the root element has closed.
    private(set) var result: SupportedType?

    init(options: XMLSerializer.Options) {
        self.options = options
        self.maxDepth = max(1, options.limits.maxDepth)
        self.frameLimit = maxDepth
        self.trims = options.whitespace == .trim
        self.forcesLists = !options.forceList.isEmpty
        forced = GrowableBuffer(capacity: 64)
        marks = GrowableBuffer(capacity: 64)
        frames = GrowableBuffer(capacity: 32)
        text = GrowableBuffer(capacity: 1024)
        entries = GrowableBuffer(capacity: 256)
        values = GrowableBuffer(capacity: 256)
        successors = GrowableBuffer(capacity: 256)
        undo = GrowableBuffer(capacity: 256)
        textID = intern(options.textKey)
    }

    /// The id of `name`, a key as it will appear in the tree.
    mutating func intern(_ name: String) -> Int32 {
        if let id = idsByName[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        nameFingerprints.append(KeyInterner.fingerprint(of: name))
        forced.append(!options.forceList.isEmpty && options.forceList.contains(name))
        marks.append(Mark(serial: 0, entry: 0))
        idsByName[name] = id
        return id
    }

    /// The depth of the innermost open element (the root element is 1), not counting
    /// the enclosing elements.
    var depth: Int { frames.elementCount }

    /// Builds the elements that follow as children inside the elements `keys`, outermost
    /// first: their depth and error paths count those elements, and an outermost
    /// element's value becomes ``result`` unwrapped. Called between elements only.
    mutating func enclose(in keys: [Int32]) {
        enclosingKeys = keys
        frameLimit = maxDepth - keys.count
    }

    /// Takes the finished value out, leaving the builder ready for the next element.
    mutating func takeResult() -> SupportedType? {
        defer { result = nil }
        return result
    }

    /// The open elements, outermost first, each with the number of elements of its
    /// name its parent held before it: where a comment or processing instruction is.
    func openElements() -> [(name: String, occurrence: Int)] {
        var chain: [(name: String, occurrence: Int)] = []
        for level in 0..<frames.elementCount {
            let frame = frames[level]
            var occurrence = 0
            // A parent's entries so far lie between its start and its open child's.
            if level > 0 {
                for index in frames[level - 1].entryStart..<frame.entryStart where entries[index].keyID == frame.keyID {
                    occurrence = Int(entries[index].count)
                }
            }
            chain.append((names[Int(frame.keyID)], occurrence))
        }
        return chain
    }

    // MARK: - Events

    /// Opens an element.
    /// - Throws: ``DataMapperError/Kind/limitExceeded`` past ``ParsingLimits/maxDepth``.
    @inline(__always)
    mutating func startElement(_ keyID: Int32, at position: SourcePosition) throws {
        guard frames.elementCount < frameLimit else { throw depthError(keyID, at: position) }
        frames.append(Frame(
            keyID: keyID, serial: nextSerial, position: position, textStart: text.elementCount,
            entryStart: entries.elementCount, valueStart: values.elementCount, undoStart: undo.elementCount
        ))
        nextSerial += 1
    }

    /// The error for an element that would nest deeper than ``ParsingLimits/maxDepth``.
    @inline(never)
    private func depthError(_ keyID: Int32, at position: SourcePosition) -> DataMapperError {
        Self.depthError(limit: maxDepth, path: path(appending: keyID), at: position)
    }

    /// The error for an element at `path` that would nest deeper than `limit` levels.
    static func depthError(limit: Int, path: DataPath, at position: SourcePosition) -> DataMapperError {
        DataMapperError(
            .limitExceeded,
            message: "elements nest deeper than the limit of \(limit) levels",
            path: path,
            location: SourceLocation(position: position),
            remedy: .limit(.maxDepth, limit, in: "XMLSerializer.Options.limits")
        )
    }

    /// Adds an attribute of the innermost open element.
    mutating func attribute(_ keyID: Int32, value: String, at position: SourcePosition) {
        guard frames.elementCount > 0 else { return }
        add(SupportedType(.string(value), position: position), for: keyID, serial: frames[frames.elementCount - 1].serial)
    }

    /// Adds text (character data or CDATA) to the innermost open element.
    ///
    /// When whitespace is trimmed, spaces before an element's first other character
    /// would be trimmed anyway, so a piece of spaces alone (the indentation between
    /// children, mostly) is not kept while the element has no text yet.
    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if trims, frames.elementCount > 0, text.elementCount == frames[frames.elementCount - 1].textStart, Self.isAllSpace(bytes) { return }
        text.append(contentsOf: bytes)
    }

    /// Whether `bytes` are XML whitespace only.
    ///
    /// The parser has checked every character already, and the only ones at or below
    /// U+0020 that XML allows are its four spaces, so "no byte above 0x20" is the
    /// test, eight bytes at a time: adding 0x5F sets a byte's top bit exactly when the
    /// byte is 0x21 to 0x7F, and bytes from 0x80 up have it set already.
    @inline(__always)
    static func isAllSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var cursor = bytes.baseAddress else { return true }
        let end = cursor + bytes.count
        while end - cursor >= 8 {
            let word = UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)
            guard (word | (word &+ 0x5F5F_5F5F_5F5F_5F5F)) & 0x8080_8080_8080_8080 == 0 else { return false }
            cursor += 8
        }
        while cursor < end {
            guard cursor.pointee <= 0x20 else { return false }
            cursor += 1
        }
        return true
    }

    /// Closes the innermost open element and adds its value to its parent.
    ///
    /// Most elements are leaves inside another element; that case is inlined into
    /// the parser's callback, the others are a call away.
    @inline(__always)
    mutating func endElement() {
        guard frames.elementCount > 1, entries.elementCount == frames[frames.elementCount - 1].entryStart else {
            endOtherElement()
            return
        }
        let frame = frames.removeLast()
        let value = leafValue(of: frame)
        text.removeAll(from: frame.textStart)
        add(value, for: frame.keyID, serial: frames[frames.elementCount - 1].serial)
    }

    /// The value of a closing element without attributes or children: its text, or null.
    @inline(__always)
    private mutating func leafValue(of frame: Frame) -> SupportedType {
        leafText(from: frame.textStart, position: frame.position) ?? SupportedType(.null, position: frame.position)
    }

    /// Closes the innermost open element when it has attributes or children, or is
    /// the root element.
    @inline(never)
    private mutating func endOtherElement() {
        guard frames.elementCount > 0 else { return }
        let frame = frames.removeLast()
        let value: SupportedType
        if entries.elementCount == frame.entryStart {
            value = leafValue(of: frame)
        } else {
            if let textValue = mixedText(from: frame.textStart, position: frame.position) {
                add(textValue, for: textID, serial: frame.serial)
            }
            value = SupportedType(.dictionary(takeMap(of: frame)), position: frame.position)
        }
        text.removeAll(from: frame.textStart)
        if frames.elementCount == 0 {
            if options.unwrapsRoot || !enclosingKeys.isEmpty {
                result = value
            } else {
                let root = OrderedMap(uniqueKeys: [names[Int(frame.keyID)]], values: [value])
                result = SupportedType(.dictionary(root), position: frame.position)
            }
        } else {
            add(value, for: frame.keyID, serial: frames[frames.elementCount - 1].serial)
        }
    }

    // MARK: - Text

    /// The text of an element without children or attributes, under the whitespace
    /// rule: text of spaces alone is kept only when whitespace is preserved.
    private mutating func leafText(from start: Int, position: SourcePosition) -> SupportedType? {
        let end = text.elementCount
        guard start < end else { return nil }
        var low = start
        while low < end, Self.isXMLSpace(text[low]) { low += 1 }
        if low == end { return trims ? nil : string(start, end, position) }
        guard trims else { return string(start, end, position) }
        var high = end
        while high > low, Self.isXMLSpace(text[high - 1]) { high -= 1 }
        return string(low, high, position)
    }

    /// The text of an element with children or attributes, under the whitespace rule:
    /// text of spaces alone (the indentation between children) is dropped.
    private mutating func mixedText(from start: Int, position: SourcePosition) -> SupportedType? {
        let trims = trims
        return text.withUnsafeBufferPointer { bytes in
            Self.mixedText(UnsafeBufferPointer(rebasing: bytes[start...]), trims: trims)
        }.map { SupportedType(.string($0), position: position) }
    }

    /// The text of an element with children or attributes made of `bytes`, its text
    /// pieces joined: `nil` when they are spaces alone, else the text, trimmed when
    /// `trims`.
    static func mixedText(_ bytes: UnsafeBufferPointer<UInt8>, trims: Bool) -> String? {
        var low = 0
        let end = bytes.count
        while low < end, isXMLSpace(bytes[low]) { low += 1 }
        if low == end { return nil }
        guard trims else { return String(decoding: bytes, as: UTF8.self) }
        var high = end
        while high > low, isXMLSpace(bytes[high - 1]) { high -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
    }

    /// The text bytes from `start` to `end` as a string value (libxml2 has checked the
    /// bytes are UTF-8).
    ///
    /// The other helpers are `mutating` although they only read: the builder is large,
    /// and a non-mutating method gets a copy of it on every call.
    @inline(__always)
    private mutating func string(_ start: Int, _ end: Int, _ position: SourcePosition) -> SupportedType {
        let string = text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
        return SupportedType(.string(string), position: position)
    }

    @inline(__always)
    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    // MARK: - Keys and values

    /// Adds `value` under `keyID` to the element numbered `serial`, the innermost one;
    /// a repeated key links the new value to its previous one.
    @inline(__always)
    private mutating func add(_ value: consuming SupportedType, for keyID: Int32, serial: Int) {
        let key = Int(keyID)
        let index = Int32(truncatingIfNeeded: values.elementCount)
        values.append(value)
        successors.append(-1)
        let mark = marks[key]
        if mark.serial == serial {
            // Changed in a copy and stored back: changing a field through the buffer's
            // subscript in place makes Swift 6.3.1 emit invalid code under
            // `-sanitize=thread`.
            var entry = entries[mark.entry]
            successors[Int(entry.last)] = index
            entry.last = index
            entry.count += 1
            entries[mark.entry] = entry
            return
        }
        undo.append((keyID, mark))
        marks[key] = Mark(serial: serial, entry: entries.elementCount)
        entries.append(Entry(keyID: keyID, count: 1, first: index, last: index))
    }

    /// The finished dictionary of the element of `frame`, moving its pieces off the stacks.
    private mutating func takeMap(of frame: borrowing Frame) -> OrderedMap {
        let start = frame.entryStart
        let entries = self.entries
        let mapValues = takeMapValues(of: frame)
        let map = interner.map(
            names: names, fingerprints: nameFingerprints, count: entries.elementCount - start,
            nameIndex: { Int(entries[start + $0].keyID) }, values: mapValues
        )
        if values.elementCount > frame.valueStart {
            values.removeAll(from: frame.valueStart)
        }
        successors.removeAll(from: frame.valueStart)
        entries.removeAll(from: start)
        while undo.elementCount > frame.undoStart {
            let (keyID, mark) = undo.removeLast()
            marks[Int(keyID)] = mark
        }
        return map
    }

    /// The values of the map of the element of `frame`, one per key, moved off the value
    /// stack.
    ///
    /// The element's values lie in document order on the stack. When every key came
    /// once, or there is one key, that order is already the map's, or its one list's.
    private mutating func takeMapValues(of frame: borrowing Frame) -> [SupportedType] {
        let start = frame.entryStart
        let entryCount = entries.elementCount - start
        let valueCount = values.elementCount - frame.valueStart
        if entryCount == valueCount, !forcesLists {
            return values.takeArray(from: frame.valueStart)
        }
        if entryCount == 1, valueCount > 1 || forced[Int(entries[start].keyID)] {
            let position = values[frame.valueStart].position
            return [SupportedType(.array(SupportedArray(values.takeArray(from: frame.valueStart))), position: position)]
        }
        let opening = containers.open()
        for index in start..<entries.elementCount { containers.append(takeValue(of: index)) }
        return containers.takeValues(opening)
    }

    /// The value of the entry at `index`: its one value, or an array of its values
    /// when the key repeats or is forced to be a list, moved off the value stack with
    /// a null left in each place until ``takeMap(of:)`` clears the element's values.
    @inline(__always)
    private mutating func takeValue(of index: Int) -> SupportedType {
        let entry = entries[index]
        let first = Int(entry.first)
        if entry.count == 1, !forced[Int(entry.keyID)] { return values.take(at: first, leaving: SupportedType(.null)) }
        let position = values[first].position
        let opening = containers.open()
        var next = first
        for _ in 0..<Int(entry.count) {
            containers.append(values.take(at: next, leaving: SupportedType(.null)))
            next = Int(successors[next])
        }
        return SupportedType(.array(containers.closeArray(opening)), position: position)
    }

    /// The path of the innermost open element, extended by `keyID`.
    func path(appending keyID: Int32? = nil) -> DataPath {
        var ids = enclosingKeys
        for level in 0..<frames.elementCount { ids.append(frames[level].keyID) }
        if let keyID { ids.append(keyID) }
        return path(of: ids)
    }

    /// The path of the element reached through the elements `ids` from the root
    /// element, outermost first: their names, the root's left out when it is unwrapped.
    func path(of ids: [Int32]) -> DataPath {
        var components: [DataPath.Component] = []
        for (level, id) in ids.enumerated() where level > 0 || !options.unwrapsRoot {
            components.append(.key(names[Int(id)]))
        }
        return DataPath(components)
    }
}
