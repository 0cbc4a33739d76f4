extension String {
    /// This text with every character that could act on a terminal or reorder what a
    /// reader sees written as an escape: the C0 and C1 controls, DEL, the line and
    /// paragraph separators (U+2028, U+2029) and the bidirectional controls (U+061C,
    /// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
    ///
    /// Error messages quote keys and values from untrusted documents; printed raw, an
    /// ESC sequence in a key could clear the screen or forge other output. Tab, line
    /// feed and carriage return become `\t`, `\n` and `\r`; the others `\u{1B}` and the like.
    package var escapingControlCharacters: String {
        guard utf8.contains(where: Self.mayStartControl) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case _ where Self.isControl(scalar):
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether a UTF-8 byte is, or leads, the encoding of a character to escape: an
    /// ASCII control or DEL, or the lead byte of the two- and three-byte forms that
    /// hold C1 controls (0xC2), U+061C (0xD8) and the U+2000 block (0xE2).
    private static func mayStartControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
