import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct ReaderTests {
    let msgpack = MessagePackSerializer()

    func read(_ bytes: [UInt8], options: MessagePackSerializer.Options = .init()) throws -> SupportedType {
        try MessagePackSerializer(options: options).deserialize(bytes: bytes)
    }

    // MARK: - Every type

    @Test("every integer form gives the exact Int64 or UInt64", arguments: [
        ([0x7F], SupportedType.int(127)),
        ([0xE0], .int(-32)),
        ([0xCC, 0xFF], .int(255)),
        ([0xCD, 0xFF, 0xFF], .int(65535)),
        ([0xCE, 0xFF, 0xFF, 0xFF, 0xFF], .int(4_294_967_295)),
        ([0xCF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .int(Int.max)),
        ([0xCF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .uint64(UInt64.max)),
        ([0xD0, 0x80], .int(-128)),
        ([0xD1, 0x80, 0x00], .int(-32768)),
        ([0xD2, 0x80, 0x00, 0x00, 0x00], .int(Int(Int32.min))),
        ([0xD3, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00], .int(Int.min)),
    ] as [([UInt8], SupportedType)])
    func integers(_ bytes: [UInt8], _ expected: SupportedType) throws {
        #expect(try read(bytes) == expected)
    }

    @Test("a uint 64 above Int64.max is the uint kind; below it, the int kind")
    func integerKinds() throws {
        guard case .uint(let big) = try read([0xCF, 0x80, 0, 0, 0, 0, 0, 0, 0]).kind else {
            Issue.record("expected the uint kind")
            return
        }
        #expect(big == 1 << 63)
        guard case .int(let small) = try read([0xCF, 0, 0, 0, 0, 0, 0, 0, 5]).kind else {
            Issue.record("expected the int kind")
            return
        }
        #expect(small == 5)
    }

    @Test("float32 becomes the exactly equal double; float64 keeps every bit")
    func floats() throws {
        #expect(try read([0xCA, 0x3D, 0xCC, 0xCC, 0xCD]) == .double(Double(Float(0.1))))
        #expect(try read([0xCB, 0x3F, 0xB9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9A]) == .double(0.1))
        #expect(try read([0xCA, 0x7F, 0x80, 0x00, 0x00]) == .double(.infinity))
        let negativeZero = try #require(read([0xCB, 0x80, 0, 0, 0, 0, 0, 0, 0]).double)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try read([0xCB, 0x7F, 0xF8, 0, 0, 0, 0, 0, 1]).double?.isNaN == true)
    }

    @Test("nil, booleans, strings of every form, and binary of every form")
    func scalars() throws {
        #expect(try read([0xC0]) == .null)
        #expect(try read([0xC2]) == false)
        #expect(try read([0xC3]) == true)
        #expect(try read([0xA2, 0x68, 0x69]) == "hi")
        #expect(try read([0xD9, 0x02, 0x68, 0x69]) == "hi")
        #expect(try read([0xDA, 0x00, 0x02, 0x68, 0x69]) == "hi")
        #expect(try read([0xDB, 0x00, 0x00, 0x00, 0x02, 0x68, 0x69]) == "hi")
        #expect(try read([0xA4, 0xF0, 0x9F, 0x98, 0x80]) == "😀")
        #expect(try read([0xC4, 0x02, 0x00, 0xFF]) == .binary(Data([0x00, 0xFF])))
        #expect(try read([0xC5, 0x00, 0x01, 0x07]) == .binary(Data([0x07])))
        #expect(try read([0xC6, 0x00, 0x00, 0x00, 0x00]) == .binary(Data()))
    }

    @Test("arrays and maps of every form keep their order")
    func containers() throws {
        #expect(try read([0x92, 0x01, 0xA1, 0x61]) == [1, "a"])
        #expect(try read([0xDC, 0x00, 0x01, 0xC0]) == [nil])
        #expect(try read([0xDD, 0x00, 0x00, 0x00, 0x00]) == [])
        let map = try read([0x82, 0xA1, 0x7A, 0x01, 0xA1, 0x61, 0x02])
        #expect(map.orderedMap?.keys == ["z", "a"])
        #expect(map == ["z": 1, "a": 2])
        #expect(try read([0xDE, 0x00, 0x01, 0xA1, 0x6B, 0x90]) == ["k": []])
        #expect(try read([0xDF, 0x00, 0x00, 0x00, 0x00]) == [:])
    }

    @Test("ext values keep their type and bytes; fixext and ext forms alike")
    func extensions() throws {
        #expect(try read([0xD4, 0x05, 0x2A]) == .ext(type: 5, data: Data([0x2A])))
        #expect(try read([0xD8, 0x80] + [UInt8](repeating: 9, count: 16)) == .ext(type: -128, data: Data(repeating: 9, count: 16)))
        #expect(try read([0xC7, 0x00, 0x7F]) == .ext(type: 127, data: Data()))
        #expect(try read([0xC8, 0x00, 0x01, 0x01, 0xAA]) == .ext(type: 1, data: Data([0xAA])))
        #expect(try read([0xC9, 0x00, 0x00, 0x00, 0x01, 0x01, 0xAA]) == .ext(type: 1, data: Data([0xAA])))
    }

    @Test("timestamps in the 32-, 64- and 96-bit forms")
    func timestamps() throws {
        #expect(try read([0xD6, 0xFF, 0x00, 0x00, 0x00, 0x01]) == .timestamp(seconds: 1, nanoseconds: 0))
        // 64-bit: nanoseconds 1 in the top 30 bits, seconds 2 in the low 34.
        #expect(try read([0xD7, 0xFF, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x02]) == .timestamp(seconds: 2, nanoseconds: 1))
        #expect(try read([0xC7, 0x0C, 0xFF, 0x00, 0x00, 0x00, 0x07] + [UInt8](repeating: 0xFF, count: 8))
                == .timestamp(seconds: -1, nanoseconds: 7))
    }

    @Test("an ext −1 that is no valid timestamp stays an ext, bytes unchanged")
    func invalidTimestampsStayExt() throws {
        // Nanoseconds 0x3FFFFFFF (over a billion) in the 64-bit form.
        let tooManyNanoseconds: [UInt8] = [0xD7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFC, 0, 0, 0, 0]
        #expect(try read(tooManyNanoseconds) == .ext(type: -1, data: Data(tooManyNanoseconds.dropFirst(2))))
        #expect(try read([0xD5, 0xFF, 0x01, 0x02]) == .ext(type: -1, data: Data([1, 2])))
        #expect(try msgpack.serializeToBytes(try read(tooManyNanoseconds)) == tooManyNanoseconds)
    }

    // MARK: - Positions

    @Test("long strs read back whole, and one kept from a document outlives the rest")
    func longStrings() throws {
        let texts = (0..<2000).map { number in "str \(number) é" + String(repeating: "ab", count: number % 700) }
        var bytes: [UInt8] = [0xDC, 0x07, 0xD0]  // array 16 of 2000
        for text in texts {
            let utf8 = Array(text.utf8)
            bytes += utf8.count < 256 ? [0xD9, UInt8(utf8.count)] : [0xDA, UInt8(utf8.count >> 8), UInt8(utf8.count & 0xFF)]
            bytes += utf8
        }
        var kept: SupportedType?
        do {
            let read = try #require(try read(bytes).array)
            #expect(read.map(\.string) == texts)
            kept = read[1234]
        }
        #expect(kept == .string(texts[1234]))
    }

    @Test("every value carries the byte offset of its first byte")
    func positions() throws {
        // [1, {"a": "xy"}, nil]
        let value = try read([0x93, 0x01, 0x81, 0xA1, 0x61, 0xA2, 0x78, 0x79, 0xC0])
        let elements = try #require(value.array)
        #expect(value.position == .byteOffset(0))
        #expect(elements[0].position == .byteOffset(1))
        #expect(elements[1].position == .byteOffset(2))
        #expect(elements[1].dictionary?["a"]?.position == .byteOffset(5))
        #expect(elements[2].position == .byteOffset(8))
    }

    // MARK: - Invalid UTF-8

    @Test("invalid UTF-8 in a str is an error naming its offset and the first bad byte")
    func invalidUTF8() throws {
        let error = try expectError(kind: .syntax, path: DataPath([.index(0)]), byteOffset: 1) { try read([0x91, 0xA3, 0x61, 0xFF, 0x62]) }
        #expect(error.description == "byte 1: [0]: the str at byte 1 is not valid UTF-8 (first bad byte at 3); set MessagePackSerializer.Options.invalidUTF8 to .keepAsBinary to keep its bytes as binary")
    }

    @Test("the keep-as-binary option keeps an invalid str as its bytes")
    func invalidUTF8AsBinary() throws {
        let options = MessagePackSerializer.Options(invalidUTF8: .keepAsBinary)
        #expect(try read([0xA2, 0xC3, 0x28], options: options) == .binary(Data([0xC3, 0x28])))
        #expect(try read([0xA2, 0x68, 0x69], options: options) == "hi")
        // Keys must still be text.
        try expectError(kind: .syntax, byteOffset: 1) { try read([0x81, 0xA1, 0xFF, 0x01], options: options) }
    }

    @Test("a bad byte inside long non-ASCII text, in a value or a key, is found and named", arguments: [
        [0xFF] as [UInt8], [0x80], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xE3, 0x81],
    ])
    func invalidUTF8InLongText(_ bad: [UInt8]) throws {
        let before = Array("日本語のテキストです、".utf8)
        let payload = before + bad + Array("ここまで。".utf8)
        let str: [UInt8] = [0xD9, UInt8(payload.count)] + payload
        let error = try expectError { try read([0x91] + str) }
        #expect(error.description == "byte 1: [0]: the str at byte 1 is not valid UTF-8 (first bad byte at \(3 + before.count)); set MessagePackSerializer.Options.invalidUTF8 to .keepAsBinary to keep its bytes as binary")
        try expectError(byteOffset: 1) { try read([0x81] + str + [0xC0]) }
        let options = MessagePackSerializer.Options(invalidUTF8: .keepAsBinary)
        #expect(try read(str, options: options) == .binary(Data(payload)))
        // The same text without the bad bytes is text under either option.
        let good = before + Array("ここまで。".utf8)
        #expect(try read([0xD9, UInt8(good.count)] + good, options: options) == .string(String(decoding: good, as: UTF8.self)))
    }

    @Test("overlong and surrogate encodings are not UTF-8", arguments: [
        [0xC0, 0x80] as [UInt8], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ])
    func strictUTF8(_ payload: [UInt8]) throws {
        try expectError(kind: .syntax) { try read([0xA0 | UInt8(payload.count)] + payload) }
    }
}
