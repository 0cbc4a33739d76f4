@testable import DataMapperCore
import DataMapperTestSupport
import Testing

@Suite("Decimal text to Double")
struct DecimalToDoubleTests {
    /// `DecimalToDouble.nearest(significand:exponent:)` of decimal text such as
    /// `-12.5e3`, split here into its significant digits and power of ten the way the
    /// parsers split it as they read; `nil` past 19 significant digits, or when the fast
    /// path is unsure.
    private func nearest(_ text: String) -> Double? {
        let negative = text.hasPrefix("-")
        let unsigned = text.drop { $0 == "-" || $0 == "+" }
        let parts = unsigned.split(omittingEmptySubsequences: false) { $0 == "e" || $0 == "E" }
        let written: Int? = parts.count == 2 ? Int(parts[1]) : 0
        guard let mantissa = parts.first, parts.count <= 2, let written else { return nil }
        let fractionDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        let digits = String(mantissa.filter { $0 != "." }.drop { $0 == "0" })
        guard digits.count <= 19 else { return nil }
        let significand: UInt64? = digits.isEmpty ? 0 : UInt64(digits)
        guard let significand else { return nil }
        if significand == 0 { return negative ? -0.0 : 0.0 }
        guard let magnitude = DecimalToDouble.nearest(significand: significand, exponent: written - fractionDigits) else { return nil }
        return negative ? -magnitude : magnitude
    }

    @Test("agrees with the standard library on hand-picked decimals", arguments: [
        "0", "-0", "1", "+1", "0.1", ".5", "5.", "-12.5e3", "1E-7", "123456789012345678e-20",
        "2.2250738585072014e-308", "1.7976931348623157e308", "9007199254740993", "0.000001",
        "3.141592653589793", "-65.61361699999998", "1e22", "1e23", "4.35", "100e-2",
    ])
    func handPicked(text: String) throws {
        let expected = try #require(Double(text))
        if let value = nearest(text) {
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) vs \(expected)")
        }
    }

    @Test("every answer is the correctly rounded one over random decimals")
    func randomDecimals() {
        var random = SplitMix64(seed: 2026)
        var answered = 0
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...19, using: &random)
            let mantissa = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let point = Int.random(in: 0...digits, using: &random)
            let exponent = Int.random(in: -330...310, using: &random)
            let text = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point)) + "e\(exponent)"
            guard let expected = Double(text) else { continue }
            if let value = nearest(text) {
                answered += 1
                #expect(value.bitPattern == expected.bitPattern, "\(text)")
            }
        }
        #expect(answered > 15_000)
    }
}
