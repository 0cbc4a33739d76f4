import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct RoundTripTests {
    let msgpack = MessagePackSerializer()

    @Test("random values of every kind survive writing and reading", arguments: 0..<200)
    func randomValues(seed: UInt64) {
        var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .uint, .double, .string, .binary, .ext, .timestamp])
        expectRoundTrip(random.value(depth: 5), through: msgpack)
    }

    @Test("reading then writing gives back the same bytes when the input used the smallest encodings", arguments: 0..<200)
    func bytesRoundTrip(seed: UInt64) {
        var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .uint, .double, .string, .binary, .ext, .timestamp])
        expectRoundTrip(random.value(depth: 5), through: msgpack, rewritesSameBytes: true)
    }

    @Test("hand-made smallest encodings come back byte for byte", arguments: [
        [0xCA, 0x3F, 0xC0, 0x00, 0x00] as [UInt8],
        [0xCB, 0x3F, 0xB9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9A],
        [0xD6, 0xFF, 0x5A, 0x4A, 0xF6, 0xA5],
        [0xD7, 0xFF, 0xA1, 0xDC, 0xD7, 0xC8, 0x5A, 0x4A, 0xF6, 0xA5],
        [0xC7, 0x0C, 0xFF, 0x3B, 0x9A, 0xC9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7C, 0x55, 0x81, 0x7F],
        [0xC7, 0x03, 0x09, 0x01, 0x02, 0x03],
        [0xD8, 0xF0] + [UInt8](repeating: 1, count: 16),
        [0x82, 0xA1, 0x62, 0xC4, 0x01, 0x00, 0xA1, 0x61, 0x92, 0xD0, 0x80, 0xCF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ])
    func handMade(_ bytes: [UInt8]) throws {
        #expect(try msgpack.serializeToBytes(msgpack.deserialize(bytes: bytes)) == bytes)
    }

    @Test("binary stays binary and ext keeps its type through a round trip")
    func lossless() throws {
        let value: SupportedType = ["bin": .binary(Data([0, 1, 255])), "ext": .ext(type: -7, data: Data([9])),
                                    "big": .uint64(.max), "small": .int(.min)]
        let back = try #require(expectRoundTrip(value, through: msgpack))
        guard case .binary(let data)? = back.dictionary?["bin"]?.kind else {
            Issue.record("binary did not stay binary")
            return
        }
        #expect(data == Data([0, 1, 255]))
    }

    @Test(
        "each corpus document reads to the same value as its JSON twin",
        SharedData.corpus.enabledIfPresent, arguments: SharedData.corpus.cases(["twitter", "citm_catalog", "canada"])
    )
    func corpus(_ name: String) throws {
        let packed = try Data(contentsOf: SharedData.corpus.file("\(name).msgpack"))
        let json = try Data(contentsOf: SharedData.corpus.file("\(name).json"))
        let value = try msgpack.deserialize(packed)
        #expect(value == (try JSONSerializer().deserialize(json)))
        // The corpus writes every float as float64; with that option our output is identical.
        let float64 = MessagePackSerializer(options: .init(floatEncoding: .float64))
        #expect(try float64.serialize(value) == packed)
    }
}
