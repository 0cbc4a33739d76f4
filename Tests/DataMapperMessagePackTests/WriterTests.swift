import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct WriterTests {
    let msgpack = MessagePackSerializer()

    func write(_ value: SupportedType, options: MessagePackSerializer.Options = .init()) throws -> [UInt8] {
        try MessagePackSerializer(options: options).serializeToBytes(value)
    }

    @Test("integers take the smallest form at every boundary", arguments: [
        (0, [0x00]), (127, [0x7F]), (128, [0xCC, 0x80]), (255, [0xCC, 0xFF]), (256, [0xCD, 0x01, 0x00]),
        (65535, [0xCD, 0xFF, 0xFF]), (65536, [0xCE, 0x00, 0x01, 0x00, 0x00]),
        (4_294_967_295, [0xCE, 0xFF, 0xFF, 0xFF, 0xFF]), (4_294_967_296, [0xCF, 0, 0, 0, 1, 0, 0, 0, 0]),
        (-1, [0xFF]), (-32, [0xE0]), (-33, [0xD0, 0xDF]), (-128, [0xD0, 0x80]), (-129, [0xD1, 0xFF, 0x7F]),
        (-32768, [0xD1, 0x80, 0x00]), (-32769, [0xD2, 0xFF, 0xFF, 0x7F, 0xFF]),
        (Int(Int32.min), [0xD2, 0x80, 0, 0, 0]), (Int(Int32.min) - 1, [0xD3, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF]),
        (Int.min, [0xD3, 0x80, 0, 0, 0, 0, 0, 0, 0]), (Int.max, [0xCF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
    ] as [(Int, [UInt8])])
    func integers(_ integer: Int, _ expected: [UInt8]) throws {
        #expect(try write(.int(integer)) == expected)
        #expect(try write(SupportedType(.intOrDouble(integer))) == expected)
    }

    @Test("UInt64 above Int64.max is a uint 64")
    func unsigned() throws {
        #expect(try write(.uint64(.max)) == [0xCF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try write(.uint64(1 << 63)) == [0xCF, 0x80, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("doubles are float32 when that is exact, float64 otherwise")
    func doubles() throws {
        #expect(try write(.double(0.5)) == [0xCA, 0x3F, 0x00, 0x00, 0x00])
        #expect(try write(.double(1.0)) == [0xCA, 0x3F, 0x80, 0x00, 0x00])
        #expect(try write(.double(-0.0)) == [0xCA, 0x80, 0x00, 0x00, 0x00])
        #expect(try write(.double(.infinity)) == [0xCA, 0x7F, 0x80, 0x00, 0x00])
        #expect(try write(.double(0.1)) == [0xCB, 0x3F, 0xB9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9A])
        #expect(try write(.double(1e300)).first == 0xCB)
    }

    @Test("the float64 option writes every double as float64")
    func float64Option() throws {
        let options = MessagePackSerializer.Options(floatEncoding: .float64)
        #expect(try write(.double(0.5), options: options) == [0xCB, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0])
    }

    @Test("strings take fixstr, str 8, str 16 and str 32 by their UTF-8 length")
    func strings() throws {
        #expect(try write("") == [0xA0])
        #expect(try write(.string(String(repeating: "a", count: 31))) == [0xBF] + [UInt8](repeating: 0x61, count: 31))
        #expect(try write(.string(String(repeating: "a", count: 32))).prefix(2) == [0xD9, 0x20])
        #expect(try write(.string(String(repeating: "a", count: 256))).prefix(3) == [0xDA, 0x01, 0x00])
        #expect(try write(.string(String(repeating: "a", count: 65536))).prefix(5) == [0xDB, 0x00, 0x01, 0x00, 0x00])
        #expect(try write("é") == [0xA2, 0xC3, 0xA9])
    }

    @Test("binary takes bin 8, bin 16 and bin 32 and never str")
    func binary() throws {
        #expect(try write(.binary(Data())) == [0xC4, 0x00])
        #expect(try write(.binary(Data(count: 256))).prefix(3) == [0xC5, 0x01, 0x00])
        #expect(try write(.binary(Data(count: 65536))).prefix(5) == [0xC6, 0x00, 0x01, 0x00, 0x00])
    }

    @Test("arrays and maps take the fix form up to 15 items, then 16 and 32")
    func containers() throws {
        #expect(try write(.array(Array(repeating: .null, count: 15))).first == 0x9F)
        #expect(try write(.array(Array(repeating: .null, count: 16))).prefix(3) == [0xDC, 0x00, 0x10])
        #expect(try write(.array(Array(repeating: .null, count: 65536))).prefix(5) == [0xDD, 0x00, 0x01, 0x00, 0x00])
        let map = OrderedMap((0..<16).map { ("k\($0)", SupportedType.null) })
        #expect(try write(.dictionary(map)).prefix(3) == [0xDE, 0x00, 0x10])
        #expect(try write(["b": 1, "a": true]) == [0x82, 0xA1, 0x62, 0x01, 0xA1, 0x61, 0xC3])
    }

    @Test("ext values use fixext for 1, 2, 4, 8 and 16 bytes, else the smallest ext", arguments: [
        (1, [0xD4, 0x07]), (2, [0xD5, 0x07]), (4, [0xD6, 0x07]), (8, [0xD7, 0x07]), (16, [0xD8, 0x07]),
        (0, [0xC7, 0x00, 0x07]), (3, [0xC7, 0x03, 0x07]), (17, [0xC7, 0x11, 0x07]), (256, [0xC8, 0x01, 0x00, 0x07]),
        (65536, [0xC9, 0x00, 0x01, 0x00, 0x00, 0x07]),
    ] as [(Int, [UInt8])])
    func extensions(_ size: Int, _ header: [UInt8]) throws {
        let bytes = try write(.ext(type: 7, data: Data(repeating: 0xAB, count: size)))
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + size)
    }

    @Test("timestamps take the smallest of the 32-, 64- and 96-bit forms")
    func timestamps() throws {
        #expect(try write(.timestamp(seconds: 4_294_967_295, nanoseconds: 0)) == [0xD6, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try write(.timestamp(seconds: 4_294_967_296, nanoseconds: 0)) == [0xD7, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(try write(.timestamp(seconds: 0, nanoseconds: 1)) == [0xD7, 0xFF, 0, 0, 0, 4, 0, 0, 0, 0])
        #expect(try write(.timestamp(seconds: 1 << 34, nanoseconds: 0)) == [0xC7, 0x0C, 0xFF, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0])
        #expect(try write(.timestamp(seconds: -1, nanoseconds: 5)) == [0xC7, 0x0C, 0xFF, 0, 0, 0, 5] + [UInt8](repeating: 0xFF, count: 8))
    }

    @Test("a timestamp with a billion nanoseconds or more is refused with its path")
    func badTimestamp() throws {
        let error = try expectError {
            try msgpack.serialize(["when": .timestamp(seconds: 0, nanoseconds: 1_000_000_000)])
        }
        #expect(error.kind == .unsupported)
        #expect(error.path.description == "when")
    }

    @Test("values a reader made are written as the same values built in code, errors and paths included")
    func valuesRead() throws {
        let built: SupportedType = [
            "items": [
                ["id": 1, "name": "a string longer than sixteen bytes", "tags": ["x", "a tag longer than fifteen"]],
                ["id": 2, "name": "short", "tags": []],
            ],
            "ok": true,
        ]
        let json = #"{"items":[{"id":1,"name":"a string longer than sixteen bytes","tags":["x","a tag longer than fifteen"]},"#
            + #"{"id":2,"name":"short","tags":[]}],"ok":true}"#
        let readers: [SupportedType] = [try JSONSerializer().deserialize(Data(json.utf8)), try msgpack.deserialize(msgpack.serialize(built))]
        let shallow = MessagePackSerializer.Options(limits: ParsingLimits(maxDepth: 2))
        for parsed in readers {
            #expect(try write(parsed) == write(built))
            // The root map and `items` fit a limit of two levels; the maps inside do not.
            let error = try expectError(kind: .limitExceeded) { try write(parsed, options: shallow) }
            #expect(error.path.description == "items[0]")
        }
        let big = try JSONSerializer().deserialize(Data(#"{"items":[{"id":1},{"id":100000000000000000000000}]}"#.utf8))
        let error = try expectError(kind: .unsupported) { try write(big) }
        #expect(error.path.description == "items[1].id")
    }

    // MARK: - Big numbers

    @Test("a big number is an integer when it fits, a float when exact, else an error naming its path")
    func bigNumbers() throws {
        #expect(try write(.bigNumber("18446744073709551615")) == [0xCF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try write(.bigNumber("-5")) == [0xFB])
        // 2^70 is exact in a double.
        #expect(try write(.bigNumber("1180591620717411303424")) == [0xCA, 0x62, 0x80, 0x00, 0x00])
        // 0.5 with many zeros is still exactly 0.5; 1e22 is exact too.
        #expect(try write(.bigNumber("0.50000000000000000000000")) == [0xCA, 0x3F, 0x00, 0x00, 0x00])
        let exactPower = try write(.double(1e22))
        #expect(try write(.bigNumber("1e22")) == exactPower)
        let error = try expectError {
            try msgpack.serialize(["n": [.bigNumber("100000000000000000000000")]])
        }
        #expect(error.kind == .unsupported)
        #expect(error.path.description == "n[0]")
        #expect(error.problem == "the number 100000000000000000000000 fits neither a 64-bit integer nor a float exactly")
        #expect(error.remedy?.setting == .bigNumbers)
        #expect(error.remedy?.choices == ["string", "nearest"])
        #expect(error.message.contains("MessagePackSerializer.Options.bigNumbers to .exactDoubleOrString"))
        #expect(try expectError { try msgpack.serialize(.bigNumber("0.1000000000000000000001")) }.kind == .unsupported)
    }

    @Test("the big-number options write a string or the nearest double")
    func bigNumberOptions() throws {
        let text = "123456789012345678901234567890"
        let asString = try write(.bigNumber(text), options: .init(bigNumbers: .exactDoubleOrString))
        #expect(asString == [0xBE] + Array(text.utf8))
        let nearest = try write(.bigNumber(text), options: .init(bigNumbers: .nearestDouble))
        #expect(nearest == [0xCB] + withUnsafeBytes(of: Double(text)!.bitPattern.bigEndian, Array.init))
    }

    @Test("a big number that is not a number is refused")
    func bigNumberGarbage() throws {
        #expect(throws: DataMapperError.self) { try msgpack.serialize(.bigNumber("12abc")) }
    }

    @Test("nesting deeper than the limit is refused when writing")
    func deepWrite() throws {
        var value: SupportedType = .null
        for _ in 0..<600 { value = .array([value]) }
        try expectError(kind: .limitExceeded) { try msgpack.serialize(value) }
    }
}
