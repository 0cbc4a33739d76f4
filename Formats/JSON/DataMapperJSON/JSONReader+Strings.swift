import DataMapperCore

// MARK: - Strings

extension JSONReader {
    /// Reads a string; `offset` is at its opening quote and ends past the closing one.
    ///
    /// A string without escapes is made straight from the input bytes, validated once
    /// (not at all when the scan found only ASCII). Escapes are decoded into the reused
    /// scratch buffer.
    mutating func readString() throws(DataMapperError) -> String {
        let open = offset
        let start = offset + 1
        let (end, high) = scanPlainRun(from: start)
        guard end < count else { throw syntaxError(at: open, "unterminated string; expected a closing '\"'") }
        if bytes[end] == UInt8(ascii: "\"") {
            offset = end + 1
            return try makeString(from: start, to: end, hasNonASCII: high >= 0x80)
        }
        return try readEscapedString(open: open, plainEnd: end)
    }

    /// Reads an object key, reusing an earlier `String` made from the same bytes, and
    /// gives a fingerprint of its bytes for finding repeated keys cheaply.
    @inline(__always)
    mutating func readKey() throws(DataMapperError) -> (key: String, fingerprint: UInt64) {
        let start = offset + 1
        let (end, high) = scanPlainRun(from: start)
        if end < count, bytes[end] == UInt8(ascii: "\""), high < 0x80 {
            offset = end + 1
            // ASCII needs no further validation.
            let run = UnsafeBufferPointer(start: bytes + start, count: end - start)
            return interner.string(run)
        }
        let key = try readString()
        return (key, KeyInterner.fingerprint(of: key))
    }

    /// Finds the first byte from `start` on that is a quote, a backslash or a control
    /// character (or the end), and ORs together every byte before it so the caller
    /// knows whether any was non-ASCII.
    @inline(__always)
    func scanPlainRun(from start: Int) -> (end: Int, high: UInt8) {
        var index = start
        var high: UInt64 = 0
        // Eight bytes at a time while none of them needs attention.
        while index + 8 <= count {
            // In range by the loop condition; raw pointers allow unaligned loads.
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let ones: UInt64 = 0x0101_0101_0101_0101
            let tops: UInt64 = 0x8080_8080_8080_8080
            let quotes = word ^ (ones &* 0x22)
            let slashes = word ^ (ones &* 0x5C)
            let stops = ((quotes &- ones) & ~quotes) | ((slashes &- ones) & ~slashes) | ((word &- ones &* 0x20) & ~word)
            let found = stops & tops
            if found != 0 {
                // The lowest flagged byte is a stop (a borrow can only flag bytes above
                // a real one); the bytes below it are plain.
                let plain = found.trailingZeroBitCount / 8
                if plain > 0 { high |= word & ((1 << (UInt64(plain) * 8)) &- 1) }
                index += plain
                high |= high >> 32
                high |= high >> 16
                high |= high >> 8
                return (index, UInt8(truncatingIfNeeded: high))
            }
            high |= word
            index += 8
        }
        high |= high >> 32
        high |= high >> 16
        high |= high >> 8
        var highByte = UInt8(truncatingIfNeeded: high)
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highByte |= byte
            index += 1
        }
        return (index, highByte)
    }

    /// Makes a `String` of the bytes `start..<end`, which hold no quote, backslash or
    /// control character; fails with the offset of the first invalid UTF-8 byte.
    @inline(__always)
    func makeString(from start: Int, to end: Int, hasNonASCII: Bool) throws(DataMapperError) -> String {
        let run = UnsafeBufferPointer(start: bytes + start, count: end - start)
        if !hasNonASCII { return UTF8Validation.makeString(knownASCII: run) }
        if let text = UTF8Validation.makeString(run) { return text }
        throw invalidUTF8Error(from: start, to: end)
    }

    /// Finishes a string that holds escapes; `plainEnd` is where the plain run before
    /// the first escape (or control character) stopped.
    mutating func readEscapedString(open: Int, plainEnd: Int) throws(DataMapperError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = open + 1
        var index = plainEnd
        while true {
            guard index < count else { throw syntaxError(at: open, "unterminated string; expected a closing '\"'") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: index - runStart))
                offset = index + 1
                break
            }
            if byte < 0x20 {
                throw syntaxError(at: index, "\(controlName(byte)) must be escaped inside a string")
            }
            // A backslash: copy the plain run before it, then decode the escape.
            scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: index - runStart))
            index = try decodeEscape(at: index)
            runStart = index
            index = scanPlainRun(from: index).end
        }
        // `\u` escapes may have added non-ASCII bytes, so the whole is checked.
        if let text = scratch.withUnsafeBufferPointer(UTF8Validation.makeString(_:)) { return text }
        // Escapes always decode to valid UTF-8, so the fault is in the raw bytes.
        throw invalidUTF8Error(from: open + 1, to: offset - 1)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`; returns the
    /// offset just past it.
    mutating func decodeEscape(at index: Int) throws(DataMapperError) -> Int {
        guard index + 1 < count else { throw syntaxError(at: index, "unterminated string; expected a closing '\"'") }
        let decoded: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: index)
        default:
            throw syntaxError(
                at: index,
                "invalid escape '\\\(describeCharacter(at: index + 1))' in a string; "
                    + "use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uHHHH"
            )
        }
        scratch.append(decoded)
        return index + 2
    }

    /// Decodes a `\u` escape (four hex digits) at `index`, joining a surrogate pair
    /// written as two escapes.
    ///
    /// A lone surrogate (`\uD800` not followed by `\uDC00`…`\uDFFF`, or a low surrogate
    /// on its own) is an error: it names no character and cannot be held by a `String`.
    mutating func decodeUnicodeEscape(at index: Int) throws(DataMapperError) -> Int {
        let first = try hexQuad(at: index + 2, escapeAt: index)
        var scalar = first
        var next = index + 6
        if first >= 0xD800 && first <= 0xDBFF {
            guard next + 1 < count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") else {
                throw syntaxError(at: index, "lone surrogate \\u\(hex4(first)) in a string; a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)")
            }
            let second = try hexQuad(at: next + 2, escapeAt: next)
            guard second >= 0xDC00 && second <= 0xDFFF else {
                throw syntaxError(at: index, "lone surrogate \\u\(hex4(first)) in a string; a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)")
            }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            next += 6
        } else if first >= 0xDC00 && first <= 0xDFFF {
            throw syntaxError(at: index, "lone surrogate \\u\(hex4(first)) in a string; a low surrogate must follow a high one (\\uD800 to \\uDBFF)")
        }
        appendUTF8(scalar)
        return next
    }

    /// The value of the four hex digits at `index`, for the escape at `escapeAt`.
    func hexQuad(at index: Int, escapeAt: Int) throws(DataMapperError) -> UInt32 {
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            guard position < count else { throw syntaxError(at: escapeAt, "unterminated string; expected a closing '\"'") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw syntaxError(at: escapeAt, "expected four hex digits after \\u, found \(describe(at: position))")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Appends the UTF-8 form of a Unicode scalar value (not a surrogate) to `scratch`.
    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            scratch.append(0xC0 | UInt8(truncatingIfNeeded: scalar >> 6))
            scratch.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(0xE0 | UInt8(truncatingIfNeeded: scalar >> 12))
            scratch.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(truncatingIfNeeded: scalar >> 18))
            scratch.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F))
            scratch.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        }
    }

    /// Four uppercase hex digits.
    func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}

// MARK: - UTF-8 validation (error path)

extension JSONReader {
    /// The error for the first ill-formed UTF-8 sequence in `start..<end`.
    func invalidUTF8Error(from start: Int, to end: Int) -> DataMapperError {
        let bad = Self.firstInvalidUTF8(bytes, from: start, to: end) ?? start
        return syntaxError(at: bad, "invalid UTF-8 byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) in a string")
    }

    /// The offset of the first byte in `start..<end` that does not begin (or continue)
    /// a well-formed UTF-8 sequence, per RFC 3629; `nil` when all are well formed.
    static func firstInvalidUTF8(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            for next in 1..<length {
                guard index + next < end else { return index }
                let byte = bytes[index + next]
                let (lower, upper) = next == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= lower && byte <= upper else { return index + next }
            }
            index += length
        }
        return nil
    }
}
