/// How a key that is not an XML name is still written as one, and read back.
///
/// Each character that may not stand where it is becomes `_xHHHH_`, its code point
/// in four upper-case hexadecimal digits, or `_xHHHHHHHH_`, eight digits, for one
/// above U+FFFF (the spelling .NET's `XmlConvert.EncodeName` uses). `first name` is
/// written `first_x0020_name`, `2fa` is `_x0032_fa`, `a/b` is `a_x002F_b`. The empty
/// key, which has no character to escape, is written `_x_`.
///
/// A key that already holds text that could read back as an escape has the `_` of
/// that text escaped (`_x005F_`), so `_x0041_` is written `_x005F_x0041_` and reads
/// back as itself, not as `A`. "Could" is judged without what follows the digits:
/// the `_` of every `_x` followed by four hexadecimal digits is escaped, since the
/// escape of the character after them would supply the closing `_` (`_xFFFF` then a
/// space is `_x005F_xFFFF_x0020_`, not `_xFFFF_x0020_`); so is the `_` of the key `_x_`. Reading decodes every escape; a name that holds none is kept
/// as it is. Colons: a name that is a valid qualified name whose prefix is declared
/// keeps its colon (`atom:link`); any other colon is escaped (`_x003A_`), so that the
/// document stays namespace-well-formed and the key reads back the same.
extension XMLName {
    /// Whether `name` is written as it is: a valid XML name holding no text that would
    /// read back as an escape. Colons are judged apart, by ``prefix(of:)``.
    ///
    /// An ASCII name, the common case, is checked in one pass over its bytes, and the
    /// escape test runs only at a `_` followed by `x`.
    static func isWrittenAsIs(_ name: String) -> Bool {
        var text = name
        let ascii = text.withUTF8 { bytes -> Bool? in
            guard !bytes.isEmpty else { return false }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            for (offset, byte) in bytes.enumerated() {
                if !isASCIINameByte(byte, first: offset == 0) { return false }
                if byte == UInt8(ascii: "_"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "x"),
                   startsEscapeLikeText(bytes, at: offset) {
                    return false
                }
            }
            return true
        }
        if let ascii { return ascii }
        return isValid(name) && !text.withUTF8 { bytes in bytes.indices.contains { startsEscapeLikeText(bytes, at: $0) } }
    }

    /// Whether the local part of the qualified name `name` (which holds exactly one
    /// colon, neither first nor last, and is a valid XML name) starts as a name must.
    static func hasValidLocalPart(_ name: String) -> Bool {
        guard let colon = name.firstIndex(of: ":"),
              let first = name.unicodeScalars[name.index(after: colon)...].first else { return false }
        return isNameStart(first.value)
    }

    /// `name` with every character that may not stand in an XML name at its place
    /// escaped, every `_` that starts escape-like text escaped, and every colon escaped
    /// unless `keepingColons`.
    static func escaped(_ name: String, keepingColons: Bool) -> String {
        guard !name.isEmpty else { return "_x_" }
        let bytes = Array(name.utf8)
        var result = ""
        result.reserveCapacity(bytes.count + 8)
        var first = true
        var offset = 0
        for scalar in name.unicodeScalars {
            let value = scalar.value
            let allowed: Bool
            if value == 0x3A {
                allowed = keepingColons && !first
            } else if value == 0x5F {
                allowed = bytes.withUnsafeBufferPointer { !startsEscapeLikeText($0, at: offset) }
            } else {
                allowed = first ? isNameStart(value) : isNameCharacter(value)
            }
            if allowed {
                result.unicodeScalars.append(scalar)
            } else {
                result += escapeText(value)
            }
            offset += UTF8.width(scalar)
            first = false
        }
        return result
    }

    /// `name` with every escape replaced by the character it stands for.
    static func unescaped(_ name: String) -> String {
        var text = name
        return text.withUTF8 { bytes in
            guard containsEscape(bytes) else { return name }
            if bytes.count == 3 { return "" }  // `_x_`, the empty key
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var offset = 0
            while offset < bytes.count {
                if bytes[offset] == UInt8(ascii: "_"), let (scalar, length) = escape(in: bytes, at: offset) {
                    result.append(contentsOf: String(scalar).utf8)
                    offset += length
                } else {
                    result.append(bytes[offset])
                    offset += 1
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    // MARK: - The escape grammar

    /// Whether the `_` at `offset` of a key must be escaped to read back as itself: it
    /// starts `_x` and four hexadecimal digits, or the key is `_x_`.
    private static func startsEscapeLikeText(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + 2 < bytes.count, bytes[offset] == UInt8(ascii: "_"), bytes[offset + 1] == UInt8(ascii: "x") else {
            return false
        }
        if offset == 0, bytes.count == 3, bytes[2] == UInt8(ascii: "_") { return true }
        guard offset + 6 <= bytes.count else { return false }
        return (offset + 2 ..< offset + 6).allSatisfy { hexValue(bytes[$0]) != nil }
    }

    /// Whether `bytes` hold an escape anywhere (or are `_x_`, the empty key).
    private static func containsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset + 2 < bytes.count {
            if bytes[offset] == UInt8(ascii: "_"), bytes[offset + 1] == UInt8(ascii: "x"), escape(in: bytes, at: offset) != nil {
                return true
            }
            offset += 1
        }
        return false
    }

    /// The character the escape at `offset` of `bytes` stands for and the escape's
    /// length, or `nil` when no escape starts there: `_x`, then four or eight
    /// hexadecimal digits (either case) naming a Unicode scalar, then `_`; or the whole
    /// of `bytes` being `_x_`, which stands for no character (length 3, U+0000 unused).
    private static func escape(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
        guard offset + 2 < bytes.count, bytes[offset] == UInt8(ascii: "_"), bytes[offset + 1] == UInt8(ascii: "x") else {
            return nil
        }
        if offset == 0, bytes.count == 3, bytes[2] == UInt8(ascii: "_") { return (Unicode.Scalar(0), 3) }
        for digits in [4, 8] {
            let end = offset + 2 + digits
            guard end < bytes.count, bytes[end] == UInt8(ascii: "_") else { continue }
            var value: UInt32 = 0
            var valid = true
            for index in (offset + 2)..<end {
                guard let digit = hexValue(bytes[index]) else {
                    valid = false
                    break
                }
                value = value << 4 | digit
            }
            if valid, let scalar = Unicode.Scalar(value) { return (scalar, digits + 3) }
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        default: return nil
        }
    }

    /// `_xHHHH_` for a code point up to U+FFFF, `_xHHHHHHHH_` above.
    private static func escapeText(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        let width = value > 0xFFFF ? 8 : 4
        return "_x" + String(repeating: "0", count: width - hex.count) + hex + "_"
    }
}
