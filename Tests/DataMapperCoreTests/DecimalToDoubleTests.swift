@testable import DataMapperCore
import DataMapperTestSupport
import Testing

@Suite("Decimal text to Double")
struct DecimalToDoubleTests {
    private func nearest(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { DecimalToDouble.nearest(decimalText: $0) }
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

    @Test("refuses what is not a plain decimal", arguments: ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "0x10", "1_000", "inf", "1e1234567", "12345678901234567890"])
    func refuses(text: String) {
        #expect(nearest(text) == nil)
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
