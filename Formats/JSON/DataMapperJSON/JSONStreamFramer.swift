/// Finds where each JSON document of a stream ends without parsing it, so that bytes
/// arriving in small pieces are each looked at once.
///
/// It keeps only the state needed to resume: whether it is inside a document, the
/// nesting depth, whether it is inside a string or just after a backslash, and the line
/// and line start of the byte it stops at. Offsets are counted from the stream's
/// first byte. The framer does not judge the bytes: a frame is handed to `JSONReader`,
/// which reports anything wrong with the same message and position as a read of the
/// whole input. A frame is never cut short of where that read would fail, because up
/// to the first fault the reader and the framer see the same strings and brackets.
struct JSONStreamFramer {
    /// How documents are laid out in the stream.
    let framing: JSONStreamReader.Framing
    /// The offset of the next byte to look at.
    private(set) var position = 0
    /// The 1-based line of `position`.
    private(set) var line = 1
    /// The offset of the first byte of `position`'s line (after a byte-order mark).
    private(set) var lineStart = 0
    /// The document being scanned, if any: its first byte and where that sits.
    private(set) var document: (start: Int, line: Int, column: Int)?
    /// Whether the stream's start has been checked for a byte-order mark.
    private var checkedByteOrderMark = false
    private var shape = Shape.scalar
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// What kind of document is being scanned, which decides where it ends.
    private enum Shape {
        /// An array, an object or a string: ends where its brackets or quotes close.
        case delimited
        /// A number, a literal or stray bytes: ends before whitespace.
        case scalar
        /// One JSON Lines line: ends after its line feed.
        case line
    }

    /// A whole document's offsets and the line and column of its first byte.
    struct Frame {
        let range: Range<Int>
        let line: Int
        let column: Int
    }

    init(framing: JSONStreamReader.Framing) {
        self.framing = framing
    }

    /// The earliest offset still needed: the start of the document being scanned, else
    /// the next byte.
    var firstNeededOffset: Int { document?.start ?? position }

    /// Scans `bytes`, which hold the stream from offset `base` on, from where the last
    /// call stopped; the next whole document, or `nil` when the bytes end before one
    /// does. `ended` says no more bytes will come, so a document still open ends there.
    mutating func nextFrame(in bytes: UnsafeBufferPointer<UInt8>, base: Int, ended: Bool) -> Frame? {
        let end = base + bytes.count
        if !checkedByteOrderMark {
            guard skipByteOrderMark(in: bytes, base: base, ended: ended) else { return nil }
        }
        while position < end {
            let byte = bytes[position - base]
            if document == nil {
                if Self.isWhitespace(byte) {
                    advance(past: byte)
                    continue
                }
                begin(with: byte)
            } else if shape == .scalar, Self.isWhitespace(byte) {
                return close(at: position)
            }
            advance(past: byte)
            if finishes(with: byte) { return close(at: position) }
        }
        if ended, document != nil { return close(at: position) }
        return nil
    }

    /// Skips a UTF-8 byte-order mark at the very start; `false` when too few bytes have
    /// come to tell.
    private mutating func skipByteOrderMark(in bytes: UnsafeBufferPointer<UInt8>, base: Int, ended: Bool) -> Bool {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let available = min(bytes.count, 3)
        let prefixMatches = (0..<available).allSatisfy { bytes[$0] == mark[$0] }
        if available < 3, prefixMatches, !ended { return false }
        checkedByteOrderMark = true
        if available == 3, prefixMatches, base == 0 {
            position = 3
            lineStart = 3
        }
        return true
    }

    /// Starts a document at `position`, whose first byte is `byte`.
    private mutating func begin(with byte: UInt8) {
        document = (position, line, position - lineStart + 1)
        depth = 0
        inString = false
        escaped = false
        switch framing {
        case .lines:
            shape = .line
        case .texts:
            shape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"") ? .delimited : .scalar
        }
    }

    /// Moves past `byte`, counting lines.
    @inline(__always)
    private mutating func advance(past byte: UInt8) {
        position += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = position
        }
    }

    /// Takes `byte`, just moved past, into the document's state; whether it is the
    /// document's last byte.
    @inline(__always)
    private mutating func finishes(with byte: UInt8) -> Bool {
        switch shape {
        case .scalar:
            return false
        case .line:
            return byte == UInt8(ascii: "\n")
        case .delimited:
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    return depth == 0
                }
                return false
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                return depth <= 0
            default:
                break
            }
            return false
        }
    }

    /// Ends the current document at `end`.
    private mutating func close(at end: Int) -> Frame? {
        guard let document else { return nil }
        self.document = nil
        return Frame(range: document.start..<end, line: document.line, column: document.column)
    }

    /// Space, tab, carriage return and line feed: what separates JSON texts.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
