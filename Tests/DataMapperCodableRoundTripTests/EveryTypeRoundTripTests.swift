import DataMapper
import DataMapperTestSupport
import Foundation
import Testing

/// Every `Codable` type through every format with default options: what is written
/// reads back `==` to what was encoded.
extension CodableRoundTripTests {
    /// Encodes and decodes `value` through `format`, recording a difference.
    static func expectRoundTrip<T: Codable & Equatable>(
        _ value: T, _ format: Format, _ note: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let data = try format.serializer.encode(value)
        let read = try format.serializer.decode(T.self, from: data)
        #expect(read == value, "\(note) written as:\n\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test("random values of every Codable type read back equal", arguments: Format.allCases)
    func everyType(format: Format) throws {
        for seed in UInt64(0)..<200 {
            var generator = EveryTypeGenerator(seed: seed)
            try Self.expectRoundTrip(generator.value(), format, "seed \(seed)")
        }
    }

    @Test("top-level scalars and arrays read back equal", arguments: Format.allCases)
    func topLevel(format: Format) throws {
        try Self.expectRoundTrip(Int.min, format)
        try Self.expectRoundTrip(UInt64.max, format)
        try Self.expectRoundTrip(Int128.min, format)
        try Self.expectRoundTrip(UInt128.max, format)
        try Self.expectRoundTrip(0.1, format)
        try Self.expectRoundTrip(Float(-2.5), format)
        try Self.expectRoundTrip(true, format)
        try Self.expectRoundTrip("  padded  ", format)
        try Self.expectRoundTrip("", format)
        try Self.expectRoundTrip(Decimal(string: "-0.000000000000000000000000000123", locale: nil), format)
        try Self.expectRoundTrip(Date(timeIntervalSince1970: -1e11), format)
        try Self.expectRoundTrip(Data([0, 1, 255]), format)
        try Self.expectRoundTrip(URL(string: "https://example.com/a?b=c"), format)
        try Self.expectRoundTrip(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), format)
        try Self.expectRoundTrip(EveryType.Colour.green, format)
        try Self.expectRoundTrip([String](), format)
        try Self.expectRoundTrip(["one"], format)
        try Self.expectRoundTrip([[1, 2], [], [3]], format)
        try Self.expectRoundTrip([Int?.none, 1], format)
        try Self.expectRoundTrip([7: "seven", -1: "minus one"], format)
        try Self.expectRoundTrip(["a": [1], "b": []], format)
    }

    @Test("NaN and the infinities come back where the format has them", arguments: [Format.yaml, .messagePack])
    func nonFinite(format: Format) throws {
        let values: [Double] = [.nan, .infinity, -.infinity]
        let read = try format.serializer.decode([Double].self, from: format.serializer.encode(values))
        #expect(read.count == 3 && read[0].isNaN && read[1] == .infinity && read[2] == -.infinity)
        let floats = try format.serializer.decode([Float].self, from: format.serializer.encode([Float.nan, -Float.infinity]))
        #expect(floats.count == 2 && floats[0].isNaN && floats[1] == -.infinity)
    }
}
