import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// The scalars an array or map reads in place (small integers, floats, nil, booleans):
/// the same values, positions and errors as anywhere else.
@Suite struct ArrayScalarTests {
    let msgpack = MessagePackSerializer()

    @Test("every in-place scalar reads with its own byte offset, in arrays and in map values")
    func valuesAndPositions() throws {
        // [5, -3, nil, false, true, 1.5 (float64), 0.25 (float32), "s"]
        let elements: [UInt8] = [
            0x05, 0xFD, 0xC0, 0xC2, 0xC3,
            0xCB, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0,
            0xCA, 0x3E, 0x80, 0, 0,
            0xA1, 0x73,
        ]
        let value = try msgpack.deserialize(bytes: [0x98] + elements)
        #expect(value == [5, -3, nil, false, true, 1.5, 0.25, "s"])
        let offsets = try #require(value.array).map { $0.position.byteOffset }
        #expect(offsets == [1, 2, 3, 4, 5, 6, 15, 20])

        // The same values under keys, in two maps of the same shape.
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h"]
        var map: [UInt8] = [0x88]
        var index = 0
        for (key, length) in zip(keys, [1, 1, 1, 1, 1, 9, 5, 2]) {
            map += [0xA1, UInt8(ascii: Unicode.Scalar(key)!)] + elements[index..<(index + length)]
            index += length
        }
        let maps = try msgpack.deserialize(bytes: [0x92] + map + map)
        let expected: SupportedType = ["a": 5, "b": -3, "c": nil, "d": false, "e": true, "f": 1.5, "g": 0.25, "h": "s"]
        #expect(maps == [expected, expected])
        let second = try #require(maps.array?[1].orderedMap)
        // Each value follows its one-byte header and two-byte key; the second map starts after the first.
        let start = 1 + map.count
        #expect(map.count == 38)
        #expect(second.values.map { $0.position.byteOffset } == [3, 6, 9, 12, 15, 18, 29, 36].map { start + $0 })
    }

    @Test("a float cut short inside an array is a truncation error naming its index", arguments: [
        [0x92, 0x01, 0xCB, 0x3F, 0xF8] as [UInt8],
        [0x92, 0x01, 0xCA, 0x3E],
    ])
    func truncatedFloat(_ bytes: [UInt8]) throws {
        let error = try expectError(kind: .syntax) { try msgpack.deserialize(bytes: bytes) }
        #expect(error.message.hasPrefix("truncated input"))
        #expect(error.path == DataPath([.index(1)]))
        #expect(error.location?.byteOffset == 2)
    }
}
