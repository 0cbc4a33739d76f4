import DataMapperCore

// Inside an opened container the reader takes the steps `JSONReader` takes inside one
// (`JSONReader+Containers.swift`), with `JSONReader`'s own functions: the whitespace,
// the ',' or closer after an item, a key and its ':'. Each item is read with a new
// `JSONReader` started at the item (its line and column as `origin`, the opened levels
// as `enclosingDepth`) over the bytes to the document's end, so an item, and any error
// in it or after it, reads as in a read of the whole document. Where the walk stands
// is kept as offsets between calls, never as a pointer.
extension JSONPieceReader {
    /// A place in the input: an offset, its line, and where that line starts.
    struct Place: Sendable {
        var offset: Int
        var line: Int
        var lineStart: Int
    }

    /// An opened array or object.
    struct Level: Sendable {
        let isObject: Bool
        /// 1 for a document's outermost container.
        let depth: Int
        /// The container's key path in its document.
        let path: DataPath
        /// Where the walk goes on: after the opening bracket, after the last item, or
        /// (inside an object) at the value of an entry whose key was read.
        var place: Place
        /// Items (in an object, entries, the untold ones included) started so far.
        var started = 0
        /// Whether the next step reads the ',' or the closer after an item.
        var afterItem = false
        /// What happens to each entry whose key repeats an earlier one.
        let repeats: RepeatedEntries<Place>
        /// One bit per item, found by the count: whether it is a container to open.
        let openedItems: [UInt64]
        /// Whether the container's end is where its parent goes on: false for a value
        /// told out of its place (the last of repeated keys, told at the first).
        let handsBackEnd: Bool

        /// Whether the item numbered `index` is opened, as far as the count found.
        func opens(_ index: Int) -> Bool {
            index / 64 < openedItems.count && openedItems[index / 64] & (1 << UInt64(index % 64)) != 0
        }
    }

    // MARK: - Opening

    /// Opens the container at `place`, which sits `depth` levels deep, counting its items.
    mutating func open(
        at place: Place, depth: Int, path: DataPath, handsBackEnd: Bool, in base: UnsafePointer<UInt8>
    ) throws(DataMapperError) -> DocumentPiece {
        var reader = makeReader(at: place, depth: depth - 1, in: base)
        guard depth <= reader.maxDepth else { throw reader.depthError().nested(under: path) }
        let isObject = reader.bytes[0] == UInt8(ascii: "{")
        let position = reader.currentPosition()
        reader.offset = 1
        reader.skipWhitespace()
        var scan = reader
        let (count, repeats, opens) = countItems(with: &scan, isObject: isObject, at: place)
        levels.append(Level(
            isObject: isObject, depth: depth, path: path, place: self.place(of: reader, from: place),
            repeats: repeats, openedItems: opens, handsBackEnd: handsBackEnd
        ))
        return isObject ? .beginDictionary(count: count, position: position) : .beginArray(count: count, position: position)
    }

    /// Counts the items of the container whose inside `reader` is at, stepping over
    /// their values, and settles the fate of repeated keys. Stops at the first fault,
    /// counting the item it is in: the walk then throws there, as a read would.
    private func countItems(
        with reader: inout JSONReader, isObject: Bool, at origin: Place
    ) -> (count: Int, repeats: RepeatedEntries<Place>, opens: [UInt64]) {
        var repeats = RepeatedEntries<Place>(policy: options.duplicateKeys)
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var opens: [UInt64] = []
        if reader.offset < reader.count, reader.bytes[reader.offset] == closer { return (0, repeats, opens) }
        var count = 0
        while true {
            count += 1
            if isObject {
                guard reader.offset < reader.count, reader.bytes[reader.offset] == UInt8(ascii: "\"") else { break }
                let keyPosition = reader.currentPosition()
                guard let (key, _) = try? reader.readKey() else { break }
                reader.skipWhitespace()
                guard reader.offset < reader.count, reader.bytes[reader.offset] == UInt8(ascii: ":") else { break }
                reader.offset += 1
                reader.skipWhitespace()
                repeats.record(key: key, index: count - 1, position: keyPosition, offset: 0, value: place(of: reader, from: origin))
            }
            let start = reader.offset
            let first = start < reader.count ? reader.bytes[start] : 0
            let skipped = reader.skipValue(within: .max)
            if (count - 1) % 64 == 0 { opens.append(0) }
            if skipped == .ended, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"), reader.offset - start > openingThreshold {
                opens[opens.count - 1] |= 1 << UInt64((count - 1) % 64)
            }
            guard skipped == .ended,
                  let closed = try? (isObject ? reader.closesObject() : reader.closesArray()), !closed else { break }
        }
        repeats.forgetKeys()
        return (count - repeats.skipped, repeats, opens)
    }

    // MARK: - Walking

    /// The next piece inside the innermost opened container: its end, or its next item
    /// (for an object, the key, the item queued after it).
    mutating func step(in bytes: UnsafeBufferPointer<UInt8>) throws(DataMapperError) -> DocumentPiece {
        guard let base = bytes.baseAddress else { throw DataMapperError(.syntax, message: "the input is gone") }
        while true {
            let top = levels.count - 1
            let level = levels[top]
            var reader = makeReader(at: level.place, depth: level.depth, in: base)
            let closer = level.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if level.afterItem {
                let closed: Bool
                do {
                    closed = level.isObject ? try reader.closesObject() : try reader.closesArray()
                } catch {
                    throw error.nested(under: level.path)
                }
                if closed { return close(after: reader) }
            } else if level.started == 0, reader.offset < reader.count, reader.bytes[reader.offset] == closer {
                reader.offset += 1
                return close(after: reader)
            }
            levels[top].started += 1
            levels[top].afterItem = true
            guard level.isObject else {
                let path = level.path.appending(index: level.started)
                return try item(
                    with: &reader, from: level.place, path: path, depth: level.depth, opens: level.opens(level.started), in: base)
            }
            if let piece = try entry(with: &reader, of: level, in: base) { return piece }
        }
    }

    /// Reads the entry at `reader`'s place in the innermost level, an object: its key
    /// piece, the item queued; `nil` when the entry is not told.
    private mutating func entry(
        with reader: inout JSONReader, of level: Level, in base: UnsafePointer<UInt8>
    ) throws(DataMapperError) -> DocumentPiece? {
        let top = levels.count - 1
        let key: String
        let keyPosition: SourcePosition
        do throws(DataMapperError) {
            guard reader.offset < reader.count, reader.bytes[reader.offset] == UInt8(ascii: "\"") else {
                throw reader.expected(level.started == 0 ? "a string key or '}'" : "a string key after ','")
            }
            keyPosition = reader.currentPosition()
            key = try reader.readKey().key
            reader.skipWhitespace()
            guard reader.offset < reader.count, reader.bytes[reader.offset] == UInt8(ascii: ":") else {
                throw reader.expected("':' after the key \(JSONReader.quoted(key))")
            }
        } catch {
            throw error.nested(under: level.path)
        }
        reader.offset += 1
        reader.skipWhitespace()
        let path = level.path.appending(key: key)
        switch level.repeats.fate(of: level.started) {
        case nil:
            queued = try item(
                with: &reader, from: level.place, path: path, depth: level.depth, opens: level.opens(level.started), in: base)
        case .skipped:
            try validate(with: &reader, path: path)
            levels[top].place = place(of: reader, from: level.place)
            return nil
        case .refused(let first, _):
            try validate(with: &reader, path: path)
            throw JSONReader.duplicateKeyError(key, first: first, second: keyPosition).nested(under: level.path)
        case .replaced(let winner):
            try validate(with: &reader, path: path)
            levels[top].place = place(of: reader, from: level.place)
            var winning = makeReader(at: winner, depth: level.depth, in: base)
            queued = try item(with: &winning, from: winner, path: path, depth: level.depth, handsBackEnd: false, in: base)
        }
        return .key(key, position: keyPosition)
    }

    /// The item at `reader`'s place (`reader` made at `origin`), in a container `depth`
    /// deep: a large array or object opened, else the whole value. A value read whole
    /// moves the innermost level past it, unless it is told out of its place. `opens`
    /// says whether it is opened when the count found it out; `nil`, a look finds it.
    private mutating func item(
        with reader: inout JSONReader, from origin: Place, path: DataPath, depth: Int, opens: Bool? = nil,
        handsBackEnd: Bool = true, in base: UnsafePointer<UInt8>
    ) throws(DataMapperError) -> DocumentPiece {
        let start = reader.offset
        if start < reader.count, reader.bytes[start] == UInt8(ascii: "[") || reader.bytes[start] == UInt8(ascii: "{") {
            var probe = reader
            if opens ?? (probe.skipValue(within: openingThreshold) == .tooLong) {
                let at = place(of: reader, from: origin)
                return try open(at: at, depth: depth + 1, path: path, handsBackEnd: handsBackEnd, in: base)
            }
        }
        let value: SupportedType
        do {
            value = try reader.readTree()
        } catch {
            throw error.nested(under: path)
        }
        if handsBackEnd, let top = levels.indices.last { levels[top].place = place(of: reader, from: origin) }
        return .value(value)
    }

    /// Reads the value at `reader`'s place whole and drops it: an entry not told must
    /// still be valid, and its errors come in their place.
    private func validate(with reader: inout JSONReader, path: DataPath) throws(DataMapperError) {
        do {
            _ = try reader.readTree()
        } catch {
            throw error.nested(under: path)
        }
    }

    /// Closes the innermost level, whose closer `reader` has just passed.
    private mutating func close(after reader: JSONReader) -> DocumentPiece {
        let closed = levels.removeLast()
        if closed.handsBackEnd, let parent = levels.indices.last {
            levels[parent].place = place(of: reader, from: closed.place)
        }
        return .end
    }

    // MARK: - Places and readers

    /// A reader over the document's bytes from `place` on, inside `depth` containers.
    func makeReader(at place: Place, depth: Int, in base: UnsafePointer<UInt8>) -> JSONReader {
        // The bytes are only read, and only during the current call.
        JSONReader(
            bytes: base + place.offset, count: documentEnd - place.offset, options: options,
            origin: (place.line, place.offset - place.lineStart + 1), enclosingDepth: depth
        )
    }

    /// Where `reader`, made at `origin`, stands.
    func place(of reader: JSONReader, from origin: Place) -> Place {
        Place(offset: origin.offset + reader.offset, line: reader.line, lineStart: origin.offset + reader.lineStart)
    }
}
