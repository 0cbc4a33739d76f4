import DataMapper
import DataMapperTestSupport
import Foundation
import Testing

/// Every `Codable` type through every format with default options: what is written
/// reads back `==` to what was encoded.
extension CodableRoundTripTests {
    @Test("random values of every Codable type read back equal", arguments: Format.allCases)
    func everyType(format: Format) throws {
        do {
            for seed in UInt64(0)..<200 {
                var generator = EveryTypeGenerator(seed: seed, emptyOptionalArrays: format != .xml)
                expectCodableRoundTrip(generator.value(), through: format.serializer, "seed \(seed)")
            }
        }
    }

    @Test("top-level scalars and arrays read back equal", arguments: Format.allCases)
    func topLevel(format: Format) throws {
        try Self.topLevelRoundTrips(format)
    }

    static func topLevelRoundTrips(_ format: Format) throws {
        expectCodableRoundTrip(Int.min, through: format.serializer)
        expectCodableRoundTrip(UInt64.max, through: format.serializer)
        expectCodableRoundTrip(Int128.min, through: format.serializer)
        expectCodableRoundTrip(UInt128.max, through: format.serializer)
        expectCodableRoundTrip(0.1, through: format.serializer)
        expectCodableRoundTrip(Float(-2.5), through: format.serializer)
        expectCodableRoundTrip(true, through: format.serializer)
        expectCodableRoundTrip("  padded  ", through: format.serializer)
        expectCodableRoundTrip("", through: format.serializer)
        expectCodableRoundTrip(Decimal(string: "-0.000000000000000000000000000123", locale: nil), through: format.serializer)
        expectCodableRoundTrip(Date(timeIntervalSince1970: -1e11), through: format.serializer)
        expectCodableRoundTrip(Data([0, 1, 255]), through: format.serializer)
        expectCodableRoundTrip(URL(string: "https://example.com/a?b=c"), through: format.serializer)
        expectCodableRoundTrip(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), through: format.serializer)
        expectCodableRoundTrip(EveryType.Colour.green, through: format.serializer)
        expectCodableRoundTrip([String](), through: format.serializer)
        expectCodableRoundTrip(["one"], through: format.serializer)
        expectCodableRoundTrip([[1, 2], [], [3]], through: format.serializer)
        expectCodableRoundTrip([Int?.none, 1], through: format.serializer)
        expectCodableRoundTrip([7: "seven", -1: "minus one"], through: format.serializer)
        if format == .xml {
            // XML writes an empty array as no element, so the entry is missing on reading.
            let read = try format.serializer.decode([String: [Int]].self, from: format.serializer.encode(["a": [1], "b": []]))
            #expect(read == ["a": [1]])
        } else {
            expectCodableRoundTrip(["a": [1], "b": []], through: format.serializer)
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
