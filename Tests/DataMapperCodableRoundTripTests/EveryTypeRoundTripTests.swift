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
        do {
            for seed in UInt64(0)..<200 {
                var generator = EveryTypeGenerator(seed: seed, emptyOptionalArrays: format != .xml)
                try Self.expectRoundTrip(generator.value(), format, "seed \(seed)")
            }
        }
    }

    @Test("top-level scalars and arrays read back equal", arguments: Format.allCases)
    func topLevel(format: Format) throws {
        try Self.topLevelRoundTrips(format)
    }

    static func topLevelRoundTrips(_ format: Format) throws {
        try expectRoundTrip(Int.min, format)
        try expectRoundTrip(UInt64.max, format)
        try expectRoundTrip(Int128.min, format)
        try expectRoundTrip(UInt128.max, format)
        try expectRoundTrip(0.1, format)
        try expectRoundTrip(Float(-2.5), format)
        try expectRoundTrip(true, format)
        try expectRoundTrip("  padded  ", format)
        try expectRoundTrip("", format)
        try expectRoundTrip(Decimal(string: "-0.000000000000000000000000000123", locale: nil), format)
        try expectRoundTrip(Date(timeIntervalSince1970: -1e11), format)
        try expectRoundTrip(Data([0, 1, 255]), format)
        try expectRoundTrip(URL(string: "https://example.com/a?b=c"), format)
        try expectRoundTrip(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), format)
        try expectRoundTrip(EveryType.Colour.green, format)
        try expectRoundTrip([String](), format)
        try expectRoundTrip(["one"], format)
        try expectRoundTrip([[1, 2], [], [3]], format)
        try expectRoundTrip([Int?.none, 1], format)
        try expectRoundTrip([7: "seven", -1: "minus one"], format)
        if format == .xml {
            // XML writes an empty array as no element, so the entry is missing on reading.
            let read = try format.serializer.decode([String: [Int]].self, from: format.serializer.encode(["a": [1], "b": []]))
            #expect(read == ["a": [1]])
        } else {
            try expectRoundTrip(["a": [1], "b": []], format)
        }
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
