import DataMapperCore

/// A JSON (RFC 8259) parser over a buffer of UTF-8 bytes.
///
/// One reader lives for one call of `JSONSerializer.deserialize`: it walks a pointer
/// into bytes that stay valid for that whole call, and never stores the pointer
/// elsewhere. The document, scalars, literals and whitespace live here; arrays and
/// objects, read without recursion, in `JSONReader+Containers.swift`; strings,
/// numbers and error construction in the other `JSONReader+…` files.
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
    /// The line of `bytes[bodyStart]`: 1, or later when the bytes are a piece of a stream.
    let firstLine: Int
    /// The offset, possibly negative, that the line of `bytes[bodyStart]` would start
    /// at: `bodyStart`, or before it when the bytes start mid-line in a stream.
    let firstLineStart: Int
    /// The deepest nesting of arrays and objects accepted.
    let maxDepth: Int
    /// How many arrays and objects hold the bytes read: 0 for a whole document, more
    /// when they are a value inside containers opened elsewhere (a piece reader's).
    let enclosingDepth: Int
    /// What to do with a key repeated inside one object.
    let duplicateKeys: DuplicateKeyPolicy
    /// Reused buffer for decoding strings that contain escapes.
    var scratch: [UInt8]
    /// Recently made object keys, reused when the same bytes come back.
    var interner: KeyInterner
    /// The fingerprints of the keys of every object being read, innermost last.
    var fingerprints: [UInt64]

    /// Prepares a reader for `count` bytes at `bytes`.
    ///
    /// With an `origin`, the bytes are a piece of a longer stream whose first byte sits
    /// at that line and column: positions count from there, and no byte-order mark is
    /// looked for (only a stream's very start may hold one). `enclosingDepth` counts the
    /// containers around the bytes toward ``ParsingLimits/maxDepth``.
    init(
        bytes: UnsafePointer<UInt8>, count: Int, options: JSONSerializer.Options, origin: (line: Int, column: Int)? = nil,
        enclosingDepth: Int = 0
    ) {
        self.bytes = bytes
        self.count = count
        let hasBOM = origin == nil && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.bodyStart = hasBOM ? 3 : 0
        self.offset = bodyStart
        self.firstLine = origin?.line ?? 1
        self.firstLineStart = bodyStart - ((origin?.column ?? 1) - 1)
        self.line = firstLine
        self.lineStart = firstLineStart
        self.maxDepth = options.limits.maxDepth
        self.enclosingDepth = enclosingDepth
        self.duplicateKeys = options.duplicateKeys
        self.scratch = []
        self.interner = KeyInterner()
        self.fingerprints = []
    }

    // MARK: - Document

    /// Reads the single value the document holds, and checks nothing follows it.
    mutating func readDocument() throws(DataMapperError) -> SupportedType {
        skipWhitespace()
        guard offset < count else {
            throw syntaxError(at: offset, "unexpected end of input; the document holds no value")
        }
        let value = try readTree()
        skipWhitespace()
        guard offset >= count else { throw afterDocument() }
        return value
    }

    /// The error for input left after the document's value: another text, which
    /// a stream read would take, or bytes that cannot start one.
    func afterDocument() -> DataMapperError {
        guard Self.canStartValue(bytes[offset]) else {
            return syntaxError(
                at: offset,
                "unexpected \(describe(at: offset)) after the document's value; a JSON document holds exactly one value"
            )
        }
        let rest = DataMapperError.linesFollowing(offset, in: UnsafeBufferPointer(start: bytes, count: count))
        return .secondDocument(at: position(of: offset), followedBy: rest)
    }

    /// Whether `byte` can be the first byte of a JSON value.
    static func canStartValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// The position of the byte at `offset`, valid while `offset` is on the current line.
    @inline(__always)
    func currentPosition() -> SourcePosition {
        .text(line: line, column: offset - lineStart + 1)
    }

    // MARK: - Scalars

    /// Reads the scalar starting at `offset`, which the caller has moved past
    /// whitespace; `nil`, reading nothing, when an array or object starts there.
    @inline(__always)
    mutating func readScalar() throws(DataMapperError) -> SupportedType? {
        guard offset < count else { throw expected("a value") }
        let position = currentPosition()
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return SupportedType(.string(try readString()), position: position)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return nil
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
