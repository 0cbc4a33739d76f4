import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// Maps whose keys repeat an earlier map's, in full or in part, share its interned keys
/// and key list; these documents repeat, nearly repeat and differ from earlier maps at
/// every place, and meet the cases where bytes alone could mislead.
@Suite struct MapShapeTests {
    let msgpack = MessagePackSerializer()

    /// A `str` of `text`, spelled out by hand (fixstr or str 8).
    static func str(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        return (utf8.count < 32 ? [0xA0 | UInt8(utf8.count)] : [0xD9, UInt8(utf8.count)]) + utf8
    }

    /// A fixmap of `pairs`, each key a `str` and each value a positive fixint.
    static func map(_ pairs: [(String, UInt8)]) -> [UInt8] {
        [0x80 | UInt8(pairs.count)] + pairs.flatMap { str($0.0) + [$0.1] }
    }

    /// A fixarray of already encoded values.
    static func array(_ elements: [[UInt8]]) -> [UInt8] {
        [0x90 | UInt8(elements.count)] + elements.flatMap { $0 }
    }

    /// Two maps of a shape no test uses, 20 bytes in all, so that the maps under test
    /// are not the first the reader meets (the tests' byte offsets count them).
    static let warmUp = [map([("warm-up", 0)]), map([("warm-up", 1)])]

    /// An array of `warmUp` and then `maps`.
    static func document(_ maps: [[UInt8]]) -> [UInt8] {
        array(warmUp + maps)
    }

    /// The values of `document(maps)` after the warm-up maps.
    func read(_ maps: [[UInt8]], with serializer: MessagePackSerializer = MessagePackSerializer()) throws -> [SupportedType] {
        let value = try serializer.deserialize(bytes: Self.document(maps))
        return Array(try #require(value.array).dropFirst(Self.warmUp.count))
    }

    @Test("maps with the same keys in the same order read as written")
    func repeatedShape() throws {
        let pairs = [("id", 1), ("name", 2), ("a key longer than sixteen bytes", 3)] as [(String, UInt8)]
        let maps = try read([Self.map(pairs), Self.map(pairs), Self.map(pairs.map { ($0.0, $0.1 + 10) })])
        let expected: [SupportedType] = [
            ["id": 1, "name": 2, "a key longer than sixteen bytes": 3],
            ["id": 1, "name": 2, "a key longer than sixteen bytes": 3],
            ["id": 11, "name": 12, "a key longer than sixteen bytes": 13],
        ]
        #expect(maps == expected)
        for element in maps {
            #expect(element.orderedMap?.keys == ["id", "name", "a key longer than sixteen bytes"])
        }
    }

    @Test("two shapes of one size and first key, in turn, each read as written")
    func twoShapesInTurn() throws {
        // Like statuses with a `retweeted_status` or a `retweet_count` in one place.
        let first = [("id", 1), ("retweeted_status", 2), ("text", 3)] as [(String, UInt8)]
        let second = [("id", 4), ("retweet_count", 5), ("text", 6)] as [(String, UInt8)]
        let order = [first, second, first, first, second, first, second, second]
        let maps = try read(order.map(Self.map))
        #expect(maps.count == order.count)
        for (map, pairs) in zip(maps, order) {
            #expect(map.orderedMap?.keys == pairs.map(\.0))
            for (key, number) in pairs { #expect(map[key] == .int(Int(number))) }
        }
    }

    @Test("long keys that agree at both ends but differ inside never let one shape stand for the other")
    func longKeysDifferingInside() throws {
        // Same length, same first and last eight bytes: only the full bytes tell them apart.
        let left = "a long key with middle L and the same tail"
        let right = "a long key with middle R and the same tail"
        let one = [("id", 1), (left, 2), ("z", 3)] as [(String, UInt8)]
        let other = [("id", 4), (right, 5), ("w", 6)] as [(String, UInt8)]
        // The first key and the long key of `one`, then the last key of `other`.
        let mixed = [("id", 7), (left, 8), ("w", 9)] as [(String, UInt8)]
        let order = [one, other, mixed, other, mixed]
        let maps = try read(order.map(Self.map))
        #expect(maps.count == order.count)
        for (map, pairs) in zip(maps, order) {
            #expect(map.orderedMap?.keys == pairs.map(\.0))
            for (key, number) in pairs { #expect(map[key] == .int(Int(number))) }
        }
    }

    @Test("large maps of one shape read as written and find every key", arguments: [20, 40, 70])
    func largeMaps(_ size: Int) throws {
        let maps = try read((0..<2).map { round in
            [0xDE, 0x00, UInt8(size)] + (0..<size).flatMap { Self.str("key\($0)") + [UInt8($0 + round)] }
        })
        #expect(maps.count == 2)
        for (round, value) in maps.enumerated() {
            let map = try #require(value.orderedMap)
            #expect(map.keys == (0..<size).map { "key\($0)" })
            for index in 0..<size { #expect(map["key\(index)"] == .int(index + round)) }
            #expect(map["key\(size)"] == nil)
        }
    }

    @Test("a map that differs from an earlier one at any place keeps its own keys", arguments: 1...3)
    func divergence(_ place: Int) throws {
        let first = [("alpha", 1), ("beta", 2), ("gamma", 3), ("delta", 4)] as [(String, UInt8)]
        var second = first
        second[place] = ("other", 9)
        let maps = try read([Self.map(first), Self.map(second)])
        #expect(maps[1].orderedMap?.keys == second.map(\.0))
        #expect(maps[1].orderedMap?.values == second.map { SupportedType.int(Int($0.1)) })
    }

    @Test("a map of more than four entries that differs from an earlier one keeps its own keys", arguments: [1, 4, 5])
    func divergenceInLargerMap(_ place: Int) throws {
        let first = [("alpha", 1), ("beta", 2), ("gamma", 3), ("delta", 4), ("epsilon", 5), ("zeta", 6)] as [(String, UInt8)]
        var second = first
        second[place] = ("other", 9)
        let maps = try read([Self.map(first), Self.map(second)])
        #expect(maps[1].orderedMap?.keys == second.map(\.0))
        #expect(maps[1].orderedMap?.values == second.map { SupportedType.int(Int($0.1)) })
    }

    @Test("keys in a larger encoding than an earlier map's (str 8 for a short key) still read as those keys")
    func largerKeyEncodings() throws {
        let pairs = [("id", 1), ("name", 2), ("a key longer than sixteen bytes", 3)] as [(String, UInt8)]
        // The same keys, each in turn written as a str 8 although it fits a fixstr.
        var maps = [Self.map(pairs)]
        for place in pairs.indices {
            var bytes: [UInt8] = [0x83]
            for (index, (key, value)) in pairs.enumerated() {
                bytes += (index == place ? [0xD9, UInt8(key.utf8.count)] + Array(key.utf8) : Self.str(key)) + [value]
            }
            maps.append(bytes)
        }
        let values = try read(maps)
        let expected: SupportedType = ["id": 1, "name": 2, "a key longer than sixteen bytes": 3]
        #expect(values == Array(repeating: expected, count: 4))
        for element in values {
            #expect(element.orderedMap?.keys == ["id", "name", "a key longer than sixteen bytes"])
        }
    }

    @Test("long keys that differ only between their first and last eight bytes are told apart")
    func longKeysDifferInTheMiddle() throws {
        let first = [("0123456789-A-0123456789", 1)] as [(String, UInt8)]
        let second = [("0123456789-B-0123456789", 2)] as [(String, UInt8)]
        #expect(try read([Self.map(first), Self.map(second)]) == [["0123456789-A-0123456789": 1], ["0123456789-B-0123456789": 2]])
    }

    @Test("a repeat of a key after keys that match an earlier map follows the duplicate-key policy")
    func duplicateAfterMatchedKeys() throws {
        let first = Self.map([("a", 1), ("b", 2), ("c", 3)])
        // The same first two keys, then "a" again: {"a": 4, "b": 5, "a": 6}.
        let second = Self.map([("a", 4), ("b", 5), ("a", 6)])
        #expect(try read([first, second]) == [["a": 1, "b": 2, "c": 3], ["a": 6, "b": 5]])
        let firstWins = MessagePackSerializer(options: .init(duplicateKeys: .firstWins))
        #expect(try read([first, second], with: firstWins) == [["a": 1, "b": 2, "c": 3], ["a": 4, "b": 5]])
        let strict = MessagePackSerializer(options: .init(duplicateKeys: .error))
        let error = try expectError { try read([first, second], with: strict) }
        // The second map starts at byte 1 + 20 + 10; its keys "a" at 32 and again at 38.
        #expect(error.problem == "the key \"a\" appears twice in one map, at bytes 32 and 38")
        #expect(error.path == DataPath([.index(3), .key("a")]))
    }

    @Test("a map with repeated keys lends no key list to a later map of as many entries")
    func duplicatesShareNoKeyList() throws {
        let first = Self.map([("a", 1), ("a", 2)])
        let second = Self.map([("a", 3), ("b", 4)])
        #expect(try read([first, second]) == [["a": 2], ["a": 3, "b": 4]])
    }

    @Test("a str key matches an earlier key converted from a number")
    func convertedKeyThenStr() throws {
        // {1: 1}, then {"1": 2}
        #expect(try read([[0x81, 0x01, 0x01], [0x81, 0xA1, 0x31, 0x02]]) == [["1": 1], ["1": 2]])
    }

    @Test("an error inside a map that repeats an earlier map's keys names its key")
    func errorPath() throws {
        let first = Self.map([("x", 1), ("y", 2)])
        // {"x": 1, "y": <the reserved byte 0xC1>}
        let second: [UInt8] = [0x82] + Self.str("x") + [0x01] + Self.str("y") + [0xC1]
        let error = try expectError(kind: .syntax, path: DataPath([.index(3), .key("y")])) { try read([first, second]) }
        // 1 + 20 + 7 + 1 + 2 + 1 + 2: after the array header, the warm-up, the first
        // map, the second map's header, "x" and its value, and "y".
        #expect(error.location?.byteOffset == 34)
    }

    @Test("a key whose bytes end the input is reported as truncated, not matched")
    func truncatedKey() throws {
        let first = Self.map([("name", 1)])
        // A second map whose key claims four bytes but has two.
        let bytes = [0x94] + Self.warmUp.flatMap { $0 } + first + [0x81, 0xA4, 0x6E, 0x61]
        let error = try expectError(kind: .syntax) { try msgpack.deserialize(bytes: bytes) }
        #expect(error.message.hasPrefix("truncated input"))
    }
    /// A map of `levels` maps nested one in another under the key "k", the innermost
    /// `{"leaf": value}`: deeper than the reader reads in place, so that the map holding
    /// it waits for it (see `MessagePackReader+Containers.swift`).
    static func nested(levels: Int, value: UInt8) -> [UInt8] {
        (0..<levels).reduce(map([("leaf", value)])) { inner, _ in [0x81] + str("k") + inner }
    }

    /// `nested(levels:value:)` as a value.
    static func nestedValue(levels: Int, value: Int) -> SupportedType {
        (0..<levels).reduce(["leaf": .int(value)] as SupportedType) { inner, _ in ["k": inner] }
    }

    @Test("a map of an earlier map's keys whose value nests deeper than is read in place reads as written",
          arguments: [0, 1, 2])
    func deepValueInRepeatedShape(place: Int) throws {
        // Three keys, the deep value at `place`; then a map of the same keys, and one
        // whose last key repeats the first after the deep value.
        func entries(_ base: UInt8, lastKey: String = "c") -> [UInt8] {
            let keys = ["a", "b", lastKey]
            var bytes: [UInt8] = [0x83]
            for index in 0..<3 {
                let number = base + UInt8(index)
                bytes += Self.str(keys[index])
                bytes += index == place ? Self.nested(levels: 20, value: number) : [number]
            }
            return bytes
        }
        func expected(_ base: Int) -> SupportedType {
            var map = OrderedMap()
            for (index, key) in ["a", "b", "c"].enumerated() {
                map[key] = index == place ? Self.nestedValue(levels: 20, value: base + index) : .int(base + index)
            }
            return .dictionary(map)
        }
        let maps = try read([entries(10), entries(20), entries(30)])
        #expect(maps == [expected(10), expected(20), expected(30)])
        // "a" again in the last place, after the deep value when it is not last.
        guard place < 2 else { return }
        let repeated = try read([entries(10), entries(40, lastKey: "a")])
        var last = try #require(expected(40).orderedMap)
        last["a"] = .int(42)
        _ = last.removeValue(forKey: "c")
        #expect(repeated == [expected(10), .dictionary(last)])
    }

    @Test("a fault deep inside a value of a map of an earlier map's keys names the whole path")
    func deepFaultInRepeatedShape() throws {
        let first = Self.map([("a", 1), ("b", 2)])
        // {"a": 1, "b": {"k": {"k": ... {"leaf": 0xC1}}}}, 20 levels of "k".
        var deep = Self.nested(levels: 20, value: 0)
        deep[deep.count - 1] = 0xC1
        let second = [0x82] + Self.str("a") + [0x01] + Self.str("b") + deep
        let error = try expectError(kind: .syntax) { try read([first, second]) }
        let steps: [DataPath.Component] = [.index(3), .key("b")] + Array(repeating: .key("k"), count: 20) + [.key("leaf")]
        #expect(error.path == DataPath(steps))
    }
}
