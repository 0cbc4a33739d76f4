import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// Documents whose containers nest every way the reader handles apart: maps of five
/// or more entries holding maps and arrays, arrays of one to four items holding maps,
/// arrays of hundreds of items holding maps, and maps of dozens of entries. They must
/// read back equal to the value written, and write back the same bytes.
@Suite struct NestedContainerTests {
    let msgpack = MessagePackSerializer()

    /// A status-like record: a large map with a nested user map, entity arrays of maps
    /// and short arrays, made of containers of their own.
    static func record(_ number: Int) -> SupportedType {
        let user: SupportedType = [
            "id": .int(number * 7),
            "name": .string("user \(number)"),
            "description": .string("a description long enough to be a heap string, user \(number)"),
            "verified": .bool(number.isMultiple(of: 3)),
            "followers": .int(number * 1_000),
            "location": nil,
        ]
        let mentions = SupportedType.array((0..<(number % 4)).map { mention in
            ["screen_name": .string("m\(mention)"), "indices": [.int(mention), .int(mention + 5)]]
        })
        return [
            "created_at": "Sun Aug 31 00:29:15 +0000 2014",
            "id": .int(number),
            "text": .string("status text \(number) with enough characters to need the heap"),
            "user": user,
            "entities": ["hashtags": [], "user_mentions": mentions, "urls": [["url": "https://t.co/x", "indices": [1, 2, 3]]]],
            "retweet_count": .int(number % 11),
            "favorited": false,
            "coordinates": number.isMultiple(of: 5) ? [.double(139.7), .double(35.6)] : nil,
        ]
    }

    @Test("nested records read back equal, and write back the same bytes")
    func nestedRecords() throws {
        let value: SupportedType = ["statuses": .array((0..<150).map(Self.record)), "count": 150]
        let bytes = try msgpack.serializeToBytes(value)
        let read = try msgpack.deserialize(bytes: bytes)
        #expect(read == value)
        #expect(read["statuses"]?[149]?["user"]?["name"] == "user 149")
        #expect(read["statuses"]?[3]?["entities"]?["user_mentions"]?[2]?["indices"] == [2, 7])
        #expect(try msgpack.serializeToBytes(read) == bytes)
    }

    @Test("arrays of hundreds of items and maps of dozens of entries, holding maps, read back")
    func longArraysAndLargeMaps() throws {
        let long = SupportedType.array((0..<700).map { ["n": .int($0), "inner": ["deep": .int($0 * 2)]] })
        var large = OrderedMap()
        for number in 0..<90 { large["key\(number)"] = ["value": .int(number), "list": [.int(number)]] }
        // The long array and the large map between nested maps, so that containers
        // are open before, during and after them.
        let value: SupportedType = .array([
            .array((0..<40).map(Self.record)), long, .dictionary(large), .array((40..<80).map(Self.record)), long,
        ])
        let bytes = try msgpack.serializeToBytes(value)
        let read = try msgpack.deserialize(bytes: bytes)
        #expect(read == value)
        #expect(read[1]?[699]?["inner"]?["deep"] == .int(1_398))
        #expect(read[2]?["key89"]?["list"] == [89])
        #expect(try msgpack.serializeToBytes(read) == bytes)
        // A part kept after the document is dropped still reads.
        let kept = try #require(try msgpack.deserialize(bytes: bytes)[3]?[5])
        #expect(kept == Self.record(45))
    }

    @Test("an error deep inside nested containers names its path")
    func errorPath() throws {
        var bytes = try msgpack.serializeToBytes(["statuses": .array((0..<3).map(Self.record))])
        // Make the last status's "favorited" value (false, 0xC2) the reserved byte 0xC1.
        let marker = Array("favorited".utf8)
        let place = try #require((0...(bytes.count - marker.count)).last { Array(bytes[$0..<$0 + marker.count]) == marker })
        #expect(bytes[place + marker.count] == 0xC2)
        bytes[place + marker.count] = 0xC1
        try expectError(path: DataPath([.key("statuses"), .index(2), .key("favorited")])) { try msgpack.deserialize(bytes: bytes) }
    }
}
