import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct MapKeyTests {
    let msgpack = MessagePackSerializer()

    @Test("scalar keys become their canonical text", arguments: [
        ([0x01] as [UInt8], "1"),
        ([0xFF], "-1"),
        ([0xCF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], "18446744073709551615"),
        ([0xC3], "true"),
        ([0xC2], "false"),
        ([0xC0], "null"),
        ([0xCB, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0], "1.5"),
        ([0xC4, 0x02, 0x68, 0x69], "hi"),
    ])
    func scalarKeys(_ key: [UInt8], _ text: String) throws {
        let value = try msgpack.deserialize(bytes: [0x81] + key + [0xC0])
        #expect(value.orderedMap?.keys == [text])
    }

    @Test("keys that cannot become text are refused with their offset, never a crash", arguments: [
        [0x90] as [UInt8], [0x80], [0xD4, 0x01, 0x00], [0xD6, 0xFF, 0, 0, 0, 0], [0xC4, 0x01, 0xFF],
    ])
    func compositeKeys(_ key: [UInt8]) throws {
        let error = try expectError {
            try msgpack.deserialize(bytes: [0x91, 0x81] + key + [0xC0])
        }
        #expect(error.kind == .unsupported)
        #expect(error.location?.byteOffset == 2)
        #expect(error.path == DataPath([.index(0)]))
    }

    @Test("the refuse option turns away every key that is not a str")
    func refuseOption() throws {
        let strict = MessagePackSerializer(options: .init(nonStringKeys: .error))
        let error = try expectError(kind: .unsupported) { try strict.deserialize(bytes: [0x81, 0x01, 0xC0]) }
        #expect(error.problem == "a map key of type integer at byte 1: map keys must be strings")
        #expect(error.message.contains("MessagePackSerializer.Options.nonStringKeys"))
        #expect(try strict.deserialize(bytes: [0x81, 0xA1, 0x61, 0xC0]) == ["a": nil])
    }

    @Test("a converted key that repeats a str key follows the duplicate-key policy")
    func convertedDuplicates() throws {
        // {1: "int", "1": "str"}
        let bytes: [UInt8] = [0x82, 0x01, 0xA3, 0x69, 0x6E, 0x74, 0xA1, 0x31, 0xA3, 0x73, 0x74, 0x72]
        #expect(try msgpack.deserialize(bytes: bytes) == ["1": "str"])
        let first = MessagePackSerializer(options: .init(duplicateKeys: .firstWins))
        #expect(try first.deserialize(bytes: bytes) == ["1": "int"])
        let strict = MessagePackSerializer(options: .init(duplicateKeys: .error))
        let error = try expectError { try strict.deserialize(bytes: bytes) }
        #expect(error.description == "byte 6: [\"1\"]: the key \"1\" appears twice in one map, at bytes 1 and 6; set MessagePackSerializer.Options.duplicateKeys to .firstWins or .lastWins to keep one of the values")
    }

    @Test("duplicates are found in small and large maps, keeping the first key's place", arguments: [20, 64, 200, 1000])
    func largeMapDuplicates(keyCount: Int) throws {
        var bytes: [UInt8] = [0xDE] + withUnsafeBytes(of: UInt16(keyCount + 2).bigEndian, Array.init)
        for index in 0..<keyCount {
            let key = Array("key\(index)".utf8)
            bytes += [0xA0 | UInt8(key.count)] + key + [UInt8(index % 100)]
        }
        bytes += [0xA4] + Array("key3".utf8) + [0x7F]
        bytes += [0xA4] + Array("key7".utf8) + [0x7E]
        let map = try #require(try msgpack.deserialize(bytes: bytes).orderedMap)
        #expect(map.count == keyCount)
        #expect(map.keys[3] == "key3")
        #expect(map["key3"] == 127)
        #expect(map["key7"] == 126)
        #expect(map["key\(keyCount - 1)"] == .int((keyCount - 1) % 100))
        let strict = MessagePackSerializer(options: .init(duplicateKeys: .error))
        let error = try expectError { try strict.deserialize(bytes: bytes) }
        #expect(error.path.description == "key3")
    }

    @Test("repeated keys across maps are shared and long keys read correctly")
    func keyCache() throws {
        let long = String(repeating: "k", count: 40)
        let value: SupportedType = .array((0..<50).map { index in
            [long: .int(index), "short": .int(-index), String(repeating: "é", count: 20): true]
        })
        #expect(try msgpack.deserialize(msgpack.serialize(value)) == value)
    }
}
