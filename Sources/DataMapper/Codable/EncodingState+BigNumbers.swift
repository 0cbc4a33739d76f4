import DataMapperCore
import Foundation

/// `Decimal`, `Int128` and `UInt128`: written as numbers where the format reads them
/// back exactly, and otherwise as their exact text.
///
/// A text format keeps a number's text, but its reader turns a fraction of up to 17
/// significant digits into the nearest `Double`; such a decimal that no `Double`
/// holds is written with trailing zeros up to 18 digits, which the readers keep as
/// text. A format of fixed-width numbers (``FixedWidthNumberSerializer``) gets the
/// text as a string instead.
extension EncodingState {
    /// The most significant digits a reader turns into a `Double`; a fraction with more
    /// is kept as written.
    static let digitsReadAsDouble = 17

    func boxDecimal(_ decimal: Decimal) -> SupportedType {
        let text = decimal.description
        if let integer = Int(text) { return SupportedType(.int(integer)) }
        if let integer = UInt64(text) { return SupportedType(.uint(integer)) }
        guard let number = Double(text), number.isFinite, Self.isPlainDecimal(text) else {
            // NaN, or a value the encoder cannot describe: left to the writer to refuse.
            return SupportedType(.bigNumber(text))
        }
        if number.description == text { return SupportedType(.double(number)) }
        let doubleKeepsValue = Decimal(string: number.description, locale: nil) == decimal
        if options.bigNumbersAsText {
            return doubleKeepsValue ? SupportedType(.double(number)) : SupportedType(.string(text))
        }
        let significant = Self.significantDigits(text)
        if doubleKeepsValue || significant > Self.digitsReadAsDouble || !text.contains(".") {
            return SupportedType(.bigNumber(text))
        }
        return SupportedType(.bigNumber(text + String(repeating: "0", count: Self.digitsReadAsDouble + 1 - significant)))
    }

    /// A 128-bit integer: `.int` or `.uint` when it fits 64 bits, else its digits.
    func boxWideInteger<T: FixedWidthInteger>(_ value: T) -> SupportedType {
        if let integer = Int(exactly: value) { return SupportedType(.int(integer)) }
        if let integer = UInt64(exactly: value) { return SupportedType(.uint(integer)) }
        return options.bigNumbersAsText ? SupportedType(.string(String(value))) : SupportedType(.bigNumber(String(value)))
    }

    /// Whether `text` is `-`, digits and at most one `.`: what `Decimal` writes for a number.
    static func isPlainDecimal(_ text: String) -> Bool {
        var sawPoint = false
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "-"), offset == 0 { continue }
            if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
        }
        return true
    }

    /// The digits from the first non-zero one to the end, as the readers count them.
    static func significantDigits(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
        }
        return count
    }
}
