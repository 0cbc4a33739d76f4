import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// Small maps of scalars, whose key lists the reader shares between maps: they must
/// read, compare, change and write back exactly like any other map.
@Suite struct SmallMapTests {
    let msgpack = MessagePackSerializer()

    /// A fixstr.
    static func str(_ text: String) -> [UInt8] { [0xA0 | UInt8(text.utf8.count)] + Array(text.utf8) }

    /// `count` maps alternating between `{"areaId": n, "blockIds": []}` and
    /// `{"amount": n + 0.1, "seat": n, "name": "row n"}`, in an array 16, and the offset
    /// of each map.
    static func catalogue(_ count: Int) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = [0xDC, UInt8(count >> 8), UInt8(count & 0xFF)]
        var starts: [Int] = []
        for number in 0..<count {
            starts.append(bytes.count)
            // The smallest encoding of the number, so that writing gives the same bytes.
            let encodedNumber: [UInt8] = number < 0x80 ? [UInt8(number)]
                : number < 0x100 ? [0xCC, UInt8(number)] : [0xCD, UInt8(number >> 8), UInt8(number & 0xFF)]
            if number.isMultiple(of: 2) {
                bytes += [0x82] + str("areaId") + encodedNumber + str("blockIds") + [0x90]
            } else {
                // n + 0.1 fits no float32, so it stays a float64 when written.
                let amount = withUnsafeBytes(of: (Double(number) + 0.1).bitPattern.bigEndian) { Array($0) }
                bytes += [0x83] + str("amount") + [0xCB] + amount + str("seat") + encodedNumber + str("name") + str("row \(number)")
            }
        }
        return (bytes, starts)
    }

    @Test("thousands of small maps read back, with positions, and write back the same bytes")
    func catalogueReadsBack() throws {
        let count = 3_000
        let (bytes, starts) = Self.catalogue(count)
        let value = try msgpack.deserialize(bytes: bytes)
        let maps = try #require(value.array)
        #expect(maps.count == count)
        for (number, map) in maps.enumerated() {
            let expected: SupportedType = number.isMultiple(of: 2)
                ? ["areaId": .int(number), "blockIds": []]
                : ["amount": .double(Double(number) + 0.1), "seat": .int(number), "name": .string("row \(number)")]
            #expect(map == expected)
            #expect(map.orderedMap?.keys == expected.orderedMap?.keys)
            #expect(map.position.byteOffset == starts[number])
            // The first value follows the header and the first key.
            let firstKey = number.isMultiple(of: 2) ? "areaId" : "amount"
            #expect(map.orderedMap?.first?.value.position.byteOffset == starts[number] + 2 + firstKey.utf8.count)
        }
        #expect(try msgpack.serialize(value) == Data(bytes))
    }

    @Test("changing one decoded map changes only that map")
    func changeOneMap() throws {
        let value = try msgpack.deserialize(bytes: Self.catalogue(4).bytes)
        guard case .array(var maps) = value.kind, case .dictionary(var second) = maps[1].kind else {
            Issue.record("expected an array of maps")
            return
        }
        second["seat"] = "changed"
        second.removeValue(forKey: "amount")
        maps[1] = .dictionary(second)
        #expect(SupportedType(.array(maps))[1] == ["seat": "changed", "name": "row 1"])
        #expect(value[1] == ["amount": 1.1, "seat": 1, "name": "row 1"])
        #expect(value[3] == ["amount": 3.1, "seat": 3, "name": "row 3"])
    }

    @Test("a bad value in a small map of a known shape names its key and offset")
    func errorInsideSmallMap() throws {
        var (bytes, _) = Self.catalogue(2)
        // A third map of the first shape whose blockIds claims 15 elements that are not there.
        bytes[2] = 3
        let start = bytes.count
        bytes += [0x82] + Self.str("areaId") + [0x01] + Self.str("blockIds") + [0x9F]
        let error = try expectError(path: DataPath([.index(2), .key("blockIds")])) { try msgpack.deserialize(bytes: bytes) }
        // Header, "areaId" (7 bytes), its value (1), "blockIds" (9): the array header.
        let arrayHeader: Int = start + 18
        #expect(error.location?.byteOffset == arrayHeader)
    }
}
