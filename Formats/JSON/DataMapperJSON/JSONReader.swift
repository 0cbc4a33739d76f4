@_spi(Parsing) import DataMapper

/// A recursive-descent JSON (RFC 8259) parser over a buffer of UTF-8 bytes.
///
/// One reader lives for one call of `JSONSerializer.deserialize`: it walks a pointer
/// into bytes that stay valid for that whole call, and never stores the pointer
/// elsewhere. Structure, literals and whitespace live here; strings, numbers and
/// error construction live in the `JSONReader+…` files.
///
/// Positions cost almost nothing: JSON strings cannot hold a raw line feed, so every
/// line break sits in whitespace, and the whitespace skipper counts them. The column
/// of any byte is then its offset minus the offset of the current line's start.
struct JSONReader {
    /// The first byte of the input. Valid for `count` bytes while the reader lives.
    let bytes: UnsafePointer<UInt8>
    /// The number of input bytes.
    let count: Int
    /// The offset of the next byte to read.
    var offset: Int
    /// The 1-based line of `offset`.
    var line: Int
    /// The offset of the first byte of the current line (after a BOM on line 1).
    var lineStart: Int
    /// Where the document proper starts: 3 after a UTF-8 byte-order mark, else 0.
    let bodyStart: Int
    /// The deepest nesting of arrays and objects accepted.
    let maxDepth: Int
    /// What to do with a key repeated inside one object.
    let duplicateKeys: DuplicateKeyPolicy
    /// Reused buffer for decoding strings that contain escapes.
    var scratch: [UInt8]
    /// Recently made object keys, reused when the same bytes come back.
    var keyCache: KeyCache
    /// The fingerprints of the keys of every object being read, innermost last.
    var fingerprints: [UInt64]
    /// Where the elements of pairs of scalars go.
    var slabs: ElementSlabWriter

    /// Prepares a reader for `count` bytes at `bytes`.
    init(bytes: UnsafePointer<UInt8>, count: Int, options: JSONSerializer.Options) {
        self.bytes = bytes
        self.count = count
        let hasBOM = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.bodyStart = hasBOM ? 3 : 0
        self.offset = bodyStart
        self.line = 1
        self.lineStart = bodyStart
        self.maxDepth = options.limits.maxDepth
        self.duplicateKeys = options.duplicateKeys
        self.scratch = []
        self.keyCache = KeyCache()
        self.fingerprints = []
        self.slabs = ElementSlabWriter()
    }

    // MARK: - Document

    /// Reads the single value the document holds, and checks nothing follows it.
    mutating func readDocument() throws(DataMapperError) -> SupportedType {
        skipWhitespace()
        guard offset < count else {
            throw syntaxError(at: offset, "unexpected end of input; the document holds no value")
        }
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard offset >= count else {
            throw syntaxError(
                at: offset,
                "unexpected \(describe(at: offset)) after the document's value; a JSON document holds exactly one value"
            )
        }
        return value
    }

    /// The position of the byte at `offset`, valid while `offset` is on the current line.
    @inline(__always)
    func currentPosition() -> SourcePosition {
        .text(line: line, column: offset - lineStart + 1)
    }

    // MARK: - Values

    /// Reads one value starting at `offset`, which the caller has moved past whitespace.
    /// `depth` counts the arrays and objects that enclose the value.
    mutating func readValue(depth: Int) throws(DataMapperError) -> SupportedType {
        guard offset < count else { throw expected("a value") }
        let position = currentPosition()
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return SupportedType(.string(try readString()), position: position)
        case UInt8(ascii: "{"):
            return SupportedType(.dictionary(try readObject(depth: depth + 1)), position: position)
        case UInt8(ascii: "["):
            return SupportedType(.array(try readArray(depth: depth + 1)), position: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return SupportedType(try readNumber(), position: position)
        case UInt8(ascii: "t"):
            try readLiteral("true", 0x6575_7274)
            return SupportedType(.bool(true), position: position)
        case UInt8(ascii: "f"):
            guard offset + 5 <= count, bytes[offset + 4] == UInt8(ascii: "e") else { throw badLiteral("false") }
            try readLiteral("false", 0x736C_6166)
            offset += 1
            return SupportedType(.bool(false), position: position)
        case UInt8(ascii: "n"):
            try readLiteral("null", 0x6C6C_756E)
            return SupportedType(.null, position: position)
        default:
            throw expected("a value")
        }
    }

    /// Checks that the four bytes at `offset` spell `pattern` (little-endian) and
    /// moves past them; `name` is the literal for the error message.
    @inline(__always)
    mutating func readLiteral(_ name: StaticString, _ pattern: UInt32) throws(DataMapperError) {
        guard offset + 4 <= count else { throw badLiteral(name) }
        // The range was checked just above; unaligned loads are allowed on raw pointers.
        let word = UInt32(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt32.self))
        guard word == pattern else { throw badLiteral(name) }
        offset += 4
    }

    // MARK: - Arrays

    /// Reads an array; `offset` is at its `[`.
    ///
    /// The first two elements are read before any storage is made: a pair of scalars
    /// (a point of GeoJSON) then goes into the reader's ``ElementSlab``s, and a longer
    /// array starts from a literal of the two.
    mutating func readArray(depth: Int) throws(DataMapperError) -> SupportedArray {
        if depth > maxDepth { throw depthError() }
        offset += 1
        skipWhitespace()
        if offset < count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return []
        }
        let first = try readElement(at: 0, depth: depth)
        if try closesArray() { return [first] }
        let second = try readElement(at: 1, depth: depth)
        if try closesArray() { return slabs.array(first, second) ?? [first, second] }
        var elements = [first, second]
        while true {
            elements.append(try readElement(at: elements.count, depth: depth))
            if try closesArray() { return SupportedArray(elements) }
        }
    }

    /// Reads the array element at `index`, adding the index to the path of an error.
    @inline(__always)
    mutating func readElement(at index: Int, depth: Int) throws(DataMapperError) -> SupportedType {
        do {
            return try readValue(depth: depth)
        } catch {
            throw error.under(.index(index))
        }
    }

    /// After an element: `true` past a `]`, `false` past a `,` and the whitespace after it.
    @inline(__always)
    mutating func closesArray() throws(DataMapperError) -> Bool {
        skipWhitespace()
        guard offset < count else { throw expected("',' or ']' after an array element") }
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: ",") {
            skipWhitespace()
            return false
        }
        if byte == UInt8(ascii: "]") { return true }
        offset -= 1
        throw expected("',' or ']' after an array element")
    }

    // MARK: - Objects

    /// Reads an object; `offset` is at its `{`.
    ///
    /// Keys are checked for repeats by a ``RepeatedKeyFinder`` over their fingerprints,
    /// so only a real repeat or a rare fingerprint collision compares strings. The map
    /// is then made in one step from keys known to be distinct.
    mutating func readObject(depth: Int) throws(DataMapperError) -> OrderedMap {
        if depth > maxDepth { throw depthError() }
        offset += 1
        skipWhitespace()
        if offset < count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return OrderedMap()
        }
        var keys: [String] = []
        var values: [SupportedType] = []
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
        let base = fingerprints.count
        defer { fingerprints.removeSubrange(base...) }
        var finder = RepeatedKeyFinder()
        // Key offsets are kept only when a duplicate must name both places.
        var keyOffsets: [Int] = []
        while true {
            guard offset < count, bytes[offset] == UInt8(ascii: "\"") else {
                throw expected(keys.isEmpty ? "a string key or '}'" : "a string key after ','")
            }
            let keyOffset = offset
            let (key, fingerprint) = try readKey()
            skipWhitespace()
            guard offset < count, bytes[offset] == UInt8(ascii: ":") else {
                throw expected("':' after the key \(quoted(key))")
            }
            offset += 1
            skipWhitespace()
            let value: SupportedType
            do {
                value = try readValue(depth: depth)
            } catch {
                throw error.under(.key(key))
            }
            if let existing = finder.place(
                of: key, fingerprint: fingerprint, keys: keys, from: 0, fingerprints: fingerprints, from: base
            ) {
                switch duplicateKeys {
                case .lastWins: values[existing] = consume value
                case .firstWins: break
                case .error: throw duplicateKeyError(key, first: keyOffsets[existing], second: keyOffset)
                }
            } else {
                keys.append(consume key)
                values.append(consume value)
                fingerprints.append(fingerprint)
                finder.record(fingerprint: fingerprint, keys: keys, from: 0)
                if duplicateKeys == .error { keyOffsets.append(keyOffset) }
            }
            skipWhitespace()
            guard offset < count else { throw expected("',' or '}' after an object entry") }
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "}") { return OrderedMap(uniqueKeys: keys, values: values) }
            offset -= 1
            throw expected("',' or '}' after an object entry")
        }
    }

    // MARK: - Whitespace

    /// Moves past spaces, tabs, carriage returns and line feeds, counting lines.
    ///
    /// Indentation after a line feed is skipped eight spaces at a time.
    @inline(__always)
    mutating func skipWhitespace() {
        while offset < count {
            let byte = bytes[offset]
            if byte > UInt8(ascii: " ") { return }
            if byte == UInt8(ascii: " ") {
                offset += 1
            } else if byte == UInt8(ascii: "\n") {
                offset += 1
                line += 1
                lineStart = offset
                // In range by the loop condition; raw pointers allow unaligned loads.
                while offset + 8 <= count,
                      UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                    offset += 8
                }
            } else if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                offset += 1
            } else {
                return
            }
        }
    }
}
