extension JSONWriter {
    /// Appends `text` as a quoted JSON string.
    ///
    /// Only what JSON requires is escaped: `"` and `\`, and the control characters
    /// below U+0020 (as `\n`, `\r`, `\t`, `\b`, `\f`, or `\u00XX` with lowercase hex
    /// digits). Everything else, non-ASCII text, DEL, `/`, U+2028 and U+2029 included,
    /// is copied as its UTF-8 bytes; with ``foundationCompatible`` `/` is written `\/`.
    mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            writeEscaped(utf8)
        }
        if copied == nil {
            // A bridged string without contiguous UTF-8: make a native copy once.
            var native = text
            native.makeContiguousUTF8()
            native.withUTF8 { utf8 in writeEscaped(utf8) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `text` as a quoted, escaped JSON string.
    mutating func writeString(utf8 text: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        writeEscaped(text)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `text`, copying each run of plain bytes in one piece and escaping
    /// the bytes between runs.
    private mutating func writeEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var runStart = 0
        while true {
            let special = Self.firstSpecialByte(in: base, from: runStart, count: count, slash: foundationCompatible)
            if special > runStart {
                output.append(UnsafeBufferPointer(start: base + runStart, count: special - runStart))
            }
            guard special < count else { return }
            writeEscape(for: base[special])
            runStart = special + 1
        }
    }

    /// The offset of the first byte at or after `start` that must be escaped, or `count`.
    ///
    /// Eight bytes are tested at a time: for each of the three tests (below 0x20, equal
    /// to `"`, equal to `\`, and when `slash` is set equal to `/`) a word-wide
    /// subtraction sets the high bit of a matching byte. Borrows can also mark bytes
    /// above a real match, never below one, so the lowest marked byte is always a true
    /// match.
    @inline(__always)
    private static func firstSpecialByte(in base: UnsafePointer<UInt8>, from start: Int, count: Int, slash: Bool) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let control = (word &- ones &* 0x20) & ~word & highs
            let quote = word ^ (ones &* 0x22)
            let quoteHit = (quote &- ones) & ~quote & highs
            let backslash = word ^ (ones &* 0x5C)
            let backslashHit = (backslash &- ones) & ~backslash & highs
            var hits = control | quoteHit | backslashHit
            if slash {
                let solidus = word ^ (ones &* 0x2F)
                hits |= (solidus &- ones) & ~solidus & highs
            }
            if hits != 0 {
                return offset &+ (hits.trailingZeroBitCount &>> 3)
            }
            offset &+= 8
        }
        while offset < count {
            let byte = base[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (slash && byte == UInt8(ascii: "/")) {
                return offset
            }
            offset &+= 1
        }
        return count
    }

    /// Appends the escape sequence for one byte that needs it.
    private mutating func writeEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case UInt8(ascii: "\n"): output.append("\\n")
        case UInt8(ascii: "\r"): output.append("\\r")
        case UInt8(ascii: "\t"): output.append("\\t")
        case 0x08: output.append("\\b")
        case 0x0C: output.append("\\f")
        case UInt8(ascii: "/"): output.append("\\/")
        default:
            output.append("\\u00")
            output.append(Self.hexDigit(byte >> 4))
            output.append(Self.hexDigit(byte & 0x0F))
        }
    }

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
