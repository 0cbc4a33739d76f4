import Foundation

/// Base64 text read by the letter of RFC 4648: the standard alphabet, a length that
/// is a multiple of four, and `=` only as the one or two last characters.
///
/// `Data(base64Encoded:)` accepts some malformed text on Linux (`QUJD=`, a stray
/// `=`), which would turn a typo into bytes nobody wrote.
package enum StrictBase64 {
    /// The bytes `text` encodes, or `nil` when it is not canonical base64. With
    /// `ignoringWhitespace`, spaces, tabs and line breaks anywhere are skipped first,
    /// as YAML's `!!binary` allows.
    package static func decode(_ text: String, ignoringWhitespace: Bool = false) -> Data? {
        var letters: [UInt8] = []
        letters.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard ignoringWhitespace else { return nil }
            default:
                letters.append(byte)
            }
        }
        guard letters.count % 4 == 0 else { return nil }
        let padding = letters.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return nil }
        for byte in letters.dropLast(padding) where !isAlphabet(byte) { return nil }
        return Data(base64Encoded: Data(letters))
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
