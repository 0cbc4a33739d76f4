import DataMapper
import DataMapperMessagePack
import Foundation
import Testing

/// Pairs of scalars, which the reader makes without its stack of pending values: they
/// must read, compare, change and write back exactly like any other array.
@Suite struct ShortArrayTests {
    let msgpack = MessagePackSerializer()

    /// A float64 as MessagePack bytes.
    static func float64(_ number: Double) -> [UInt8] {
        [0xCB] + withUnsafeBytes(of: number.bitPattern.bigEndian) { Array($0) }
    }

    @Test("thousands of coordinate pairs read back, each with its position")
    func coordinatePairs() throws {
        let count = 2_500
        // array 16 of count fixarrays of two float64s.
        var bytes: [UInt8] = [0xDC, UInt8(count >> 8), UInt8(count & 0xFF)]
        for number in 0..<count {
            bytes += [0x92] + Self.float64(Double(number) + 0.1) + Self.float64(-Double(number) - 0.3)
        }
        let value = try msgpack.deserialize(bytes: bytes)
        let pairs = try #require(value.array)
        #expect(pairs.count == count)
        for (number, pair) in pairs.enumerated() {
            #expect(pair == [.double(Double(number) + 0.1), .double(-Double(number) - 0.3)])
            let pairStart = 3 + number * 19
            #expect(pair.position.byteOffset == pairStart)
            #expect(pair.array?.map(\.position.byteOffset) == [pairStart + 1, pairStart + 10])
        }
        // Written back, the bytes are the same: none of these doubles fits a float32.
        #expect(try msgpack.serialize(value) == Data(bytes))
    }

    @Test("pairs holding a string, a nested array or a map read right")
    func mixedPairs() throws {
        // [[1, "x"], [[2], 3], [{"k": 4}, nil]]
        let bytes: [UInt8] = [
            0x93,
            0x92, 0x01, 0xA1, 0x78,
            0x92, 0x91, 0x02, 0x03,
            0x92, 0x81, 0xA1, 0x6B, 0x04, 0xC0,
        ]
        let value = try msgpack.deserialize(bytes: bytes)
        #expect(value == [[1, "x"], [[2], 3], [["k": 4], nil]])
        #expect(try msgpack.serialize(value) == Data(bytes))
    }

    @Test("changing a decoded pair changes only that pair")
    func changeOnePair() throws {
        // [[1, 2], [3, 4]]
        let value = try msgpack.deserialize(bytes: [0x92, 0x92, 0x01, 0x02, 0x92, 0x03, 0x04])
        guard case .array(var pairs) = value.kind, case .array(var first) = pairs[0].kind else {
            Issue.record("expected an array of arrays")
            return
        }
        first[1] = "two"
        first.append(true)
        pairs[0] = .array(first)
        #expect(SupportedType(.array(pairs)) == [[1, "two", true], [3, 4]])
        #expect(value == [[1, 2], [3, 4]])
    }
}
