import DataMapperCore
import Foundation

/// `Decimal`, read from a number of any kind or from the exact text the encoder
/// writes where a format holds no such number. (`Int128` and `UInt128` are read as
/// integers, in DecodingState+Scalars.swift.)
extension DecodingState {
    /// A decimal from any number, exactly from integers and big numbers; a `Double`
    /// is read through its shortest decimal text, so `0.1` gives the decimal `0.1`.
    /// A string holding a decimal number is read as that number.
    func unboxDecimal(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Decimal {
        let text: String
        switch value.kind {
        case .int(let integer), .intOrDouble(let integer): return Decimal(integer)
        case .uint(let integer): return Decimal(integer)
        case .double(let number):
            guard number.isFinite else {
                throw corrupted("the number \(number) does not fit Decimal", value, parent: parent, tail: tail)
            }
            text = String(number)
        case .bigNumber(let written): text = written
        case .string(let written): text = options.fromText ? written.trimmingXMLWhitespace() : written
        default:
            if let content = textContent(of: value) { return try unboxDecimal(content, parent: parent, tail: tail) }
            throw mismatch(Decimal.self, value, parent: parent, tail: tail)
        }
        guard Self.isDecimalText(text), let decimal = Decimal(string: text, locale: nil) else {
            throw corrupted("the text \"\(text)\" is not a decimal number", value, parent: parent, tail: tail)
        }
        return decimal
    }

    /// Whether `text` is a plain decimal number: sign, digits, fraction, exponent.
    static func isDecimalText(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
        } && text.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
