/// The XML 1.0 (fifth edition) rule for element and attribute names.
///
/// A name starts with a letter, `_` or `:` (or another `NameStartChar`) and continues
/// with those, digits, `-`, `.`, U+00B7 and the combining ranges of `NameChar`.
/// ASCII names, the common case, are checked byte by byte without decoding.
enum XMLName {
    /// The prefix of a qualified name (`p` of `p:local`), `nil` for a name without
    /// one, or `.invalid` for a name Namespaces in XML forbids: more than one colon,
    /// or a colon first or last (`:a`, `a:`, `a:b:c`).
    enum Prefix: Equatable {
        case none
        case some(Substring)
        case invalid
    }

    /// The prefix of `name`, which must already be a valid XML name.
    static func prefix(of name: String) -> Prefix {
        let colons = name.utf8.lazy.filter { $0 == UInt8(ascii: ":") }.count
        guard colons > 0 else { return .none }
        guard colons == 1, let colon = name.firstIndex(of: ":"), colon != name.startIndex,
              name.index(after: colon) != name.endIndex else { return .invalid }
        return .some(name[..<colon])
    }

    /// Whether `name` is a valid XML name.
    static func isValid(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            if bytes.allSatisfy({ $0 < 0x80 }) {
                for (offset, byte) in bytes.enumerated() {
                    if !isASCIINameByte(byte, first: offset == 0) { return false }
                }
                return true
            }
            var first = true
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                let ok = first ? isNameStart(scalar.value) : isNameCharacter(scalar.value)
                if !ok { return false }
                first = false
            }
            return true
        }
    }

    static func isASCIINameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    static func isNameStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A,
             0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
             0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    static func isNameCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x30...0x39, 0x2D, 0x2E, 0xB7, 0x300...0x36F, 0x203F...0x2040:
            return true
        default:
            return isNameStart(value)
        }
    }
}
