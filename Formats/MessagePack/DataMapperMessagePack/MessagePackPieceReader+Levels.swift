import DataMapperCore

// Inside an opened container the reader counts items off its header and reads each
// with a new `MessagePackReader` at the item's offset (offsets of the whole input, the
// opened levels as `enclosingDepth`), and a map's keys with that reader's `readKey`,
// so items and errors read as in a read of the whole value. Where the walk stands is
// kept as offsets between calls, never as a pointer.
extension MessagePackPieceReader {
    /// An opened array or map.
    struct Level: Sendable {
        let isMap: Bool
        /// 1 for a value's outermost container.
        let depth: Int
        /// The container's key path in its value.
        let path: DataPath
        /// The items (in a map, entries, the untold ones included) its header declares.
        let count: Int
        /// Items started so far.
        var started = 0
        /// Where the next item (in a map, entry) starts; past the last, where the
        /// container ends.
        var next: Int
        /// What happens to each entry whose key repeats an earlier one.
        let repeats: RepeatedEntries<Int>
        /// Whether the container's end is where its parent goes on: false for a value
        /// told out of its place (the last of repeated keys, told at the first).
        let handsBackEnd: Bool
    }

    /// The item at `start`, in a container `depth` deep (0 for a whole value): a large
    /// array or map opened, else the whole value. A value read whole moves the
    /// innermost level past it, unless it is told out of its place.
    mutating func item(
        at start: Int, depth: Int, path: DataPath, handsBackEnd: Bool = true, in base: UnsafePointer<UInt8>
    ) throws(DataMapperError) -> DocumentPiece {
        if openingThreshold < document.upperBound - start, MessagePackReader.startsContainer(base[start]),
           let header = containerHeader(at: start, in: base), span(at: start, in: base) > openingThreshold,
           let opened = try open(header, at: start, depth: depth + 1, path: path, handsBackEnd: handsBackEnd, in: base) {
            return opened
        }
        var reader = makeReader(at: start, depth: depth, in: base)
        let value: SupportedType
        do {
            value = try reader.readValue()
        } catch {
            throw error.nested(under: path)
        }
        if handsBackEnd, let top = levels.indices.last { levels[top].next = reader.offset }
        return .value(value)
    }

    /// Opens the container at `start` whose header is `header`; `nil` for a map with
    /// an array or map as a key, which is read whole instead (and refused there).
    private mutating func open(
        _ header: (isMap: Bool, count: Int, end: Int), at start: Int, depth: Int, path: DataPath, handsBackEnd: Bool,
        in base: UnsafePointer<UInt8>
    ) throws(DataMapperError) -> DocumentPiece? {
        var reader = makeReader(at: start, depth: depth - 1, in: base)
        guard depth <= options.limits.maxDepth else { throw reader.depthError(at: start).nested(under: path) }
        var repeats = RepeatedEntries<Int>(policy: options.duplicateKeys)
        if header.isMap {
            reader.offset = header.end
            for index in 0..<header.count {
                let keyOffset = reader.offset
                let key: String
                do {
                    guard let read = try reader.readKey() else { return nil }
                    key = read.key
                } catch {
                    break
                }
                repeats.record(key: key, index: index, position: .byteOffset(keyOffset), offset: keyOffset, value: reader.offset)
                reader.offset += span(at: reader.offset, in: base)
            }
            repeats.forgetKeys()
        }
        levels.append(Level(
            isMap: header.isMap, depth: depth, path: path, count: header.count, next: header.end, repeats: repeats,
            handsBackEnd: handsBackEnd
        ))
        let count = header.count - repeats.skipped
        let position = SourcePosition.byteOffset(start)
        return header.isMap ? .beginDictionary(count: count, position: position) : .beginArray(count: count, position: position)
    }

    /// The next piece inside the innermost opened container: its end, or its next item
    /// (for a map, the key, the item queued).
    mutating func step(in base: UnsafePointer<UInt8>) throws(DataMapperError) -> DocumentPiece {
        while true {
            let top = levels.count - 1
            let level = levels[top]
            guard level.started < level.count else {
                levels.removeLast()
                if level.handsBackEnd, let parent = levels.indices.last { levels[parent].next = level.next }
                return .end
            }
            levels[top].started += 1
            guard level.isMap else {
                return try item(at: level.next, depth: level.depth, path: level.path.appending(index: level.started), in: base)
            }
            var reader = makeReader(at: level.next, depth: level.depth, in: base)
            let keyOffset = reader.offset
            let key: String
            do throws(DataMapperError) {
                guard let read = try reader.readKey() else {
                    throw reader.syntaxError(at: keyOffset, "a map key is an array or a map")
                }
                key = read.key
            } catch {
                throw error.nested(under: level.path)
            }
            let path = level.path.appending(key: key)
            let valueOffset = reader.offset
            switch level.repeats.fate(of: level.started) {
            case nil:
                levels[top].next = valueOffset
                queued = try item(at: valueOffset, depth: level.depth, path: path, in: base)
            case .skipped:
                levels[top].next = try validate(at: valueOffset, depth: level.depth, path: path, in: base)
                continue
            case .refused(_, let firstOffset):
                _ = try validate(at: valueOffset, depth: level.depth, path: path, in: base)
                throw reader.duplicateKeyError(key, first: firstOffset, second: keyOffset).nested(under: level.path)
            case .replaced(let winner):
                levels[top].next = try validate(at: valueOffset, depth: level.depth, path: path, in: base)
                queued = try item(at: winner, depth: level.depth, path: path, handsBackEnd: false, in: base)
            }
            return .key(key, position: .byteOffset(keyOffset))
        }
    }

    /// Reads the value at `start` whole and drops it: an entry not told must still be
    /// valid, and its errors come in their place. Returns where it ends.
    private func validate(at start: Int, depth: Int, path: DataPath, in base: UnsafePointer<UInt8>) throws(DataMapperError) -> Int {
        var reader = makeReader(at: start, depth: depth, in: base)
        do {
            _ = try reader.readValue()
        } catch {
            throw error.nested(under: path)
        }
        return reader.offset
    }

    /// Whether the value at `start` is an array or a map, how many items or entries
    /// its header declares, and where its header ends.
    private func containerHeader(at start: Int, in base: UnsafePointer<UInt8>) -> (isMap: Bool, count: Int, end: Int)? {
        let byte = base[start]
        func declared(_ size: Int) -> Int? {
            guard start + 1 + size <= document.upperBound else { return nil }
            return (0..<size).reduce(0) { $0 << 8 | Int(base[start + 1 + $1]) }
        }
        switch byte {
        case 0x80...0x8F: return (true, Int(byte & 0x0F), start + 1)
        case 0x90...0x9F: return (false, Int(byte & 0x0F), start + 1)
        case 0xDC, 0xDE: return declared(2).map { (byte == 0xDE, $0, start + 3) }
        case 0xDD, 0xDF: return declared(4).map { (byte == 0xDF, $0, start + 5) }
        default: return nil
        }
    }

    /// How many bytes the value at `start` takes, which the value's scan found whole.
    private func span(at start: Int, in base: UnsafePointer<UInt8>) -> Int {
        let scanner = MessagePackScanner(bytes: base, count: document.upperBound, maxDeclared: .max, origin: 0)
        guard case .complete(let end)? = try? scanner.scan(from: start) else { return document.upperBound - start }
        return end - start
    }

    /// A reader over the value being told, at `offset`, inside `depth` containers.
    private func makeReader(at offset: Int, depth: Int, in base: UnsafePointer<UInt8>) -> MessagePackReader {
        // The bytes are only read, and only during the current call.
        MessagePackReader(bytes: base, count: document.upperBound, offset: offset, origin: 0, options: options, enclosingDepth: depth)
    }
}
