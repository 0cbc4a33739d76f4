import Foundation
import DataMapperCore
import Testing

@Suite("OrderedMap")
struct OrderedMapTests {
    @Test("keeps insertion order and finds keys", arguments: [3, 64, 65, 200])
    func orderAndLookup(count: Int) {
        var map = OrderedMap()
        for number in (0..<count).reversed() { map["k\(number)"] = .int(number) }
        #expect(map.count == count)
        #expect(map.keys == (0..<count).reversed().map { "k\($0)" })
        for number in 0..<count { #expect(map["k\(number)"] == .int(number)) }
        #expect(map["absent"] == nil)
        #expect(map.index(forKey: "k0") == count - 1)
    }

    @Test("updating a key keeps its place and returns the old value", arguments: [4, 40])
    func update(count: Int) {
        var map = OrderedMap((0..<count).map { ("k\($0)", SupportedType.int($0)) })
        let old = map.updateValue("new", forKey: "k1")
        #expect(old == .int(1))
        #expect(map.keys[1] == "k1")
        #expect(map["k1"] == "new")
        #expect(map.count == count)
    }

    @Test("removing shifts later entries and keeps lookups right", arguments: [5, 65, 100])
    func remove(count: Int) {
        var map = OrderedMap((0..<count).map { ("k\($0)", SupportedType.int($0)) })
        #expect(map.removeValue(forKey: "k2") == .int(2))
        #expect(map.removeValue(forKey: "k2") == nil)
        #expect(map.count == count - 1)
        #expect(map.keys.contains("k2") == false)
        for number in 0..<count where number != 2 { #expect(map["k\(number)"] == .int(number)) }
        map["k3"] = nil
        #expect(map["k3"] == nil)
        #expect(map["k4"] == .int(4))
    }

    @Test("a repeated key in a sequence keeps its first place and its last value")
    func repeatedKeys() {
        let map = OrderedMap([("a", 1), ("b", 2), ("a", 3)])
        #expect(map.keys == ["a", "b"])
        #expect(map["a"] == 3)
    }

    @Test("sorting by keys reorders entries with their values")
    func sortByKeys() {
        var map: OrderedMap = ["b": 2, "a": 1, "é": 4, "B": 3]
        map.sortByKeys()
        #expect(map.keys == ["B", "a", "b", "é"])
        #expect(map.values == [3, 1, 2, 4])
        #expect(map["b"] == 2)
    }

    @Test("equality ignores order, hashing agrees")
    func equality() {
        let a: OrderedMap = ["x": 1, "y": 2]
        let b: OrderedMap = ["y": 2, "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["x": 1, "y": 3])
        #expect(a != ["x": 1])
    }

    @Test("mapValues keeps keys and order")
    func mapValues() {
        let map: OrderedMap = ["b": 1, "a": 2]
        let doubled = map.mapValues { .int(($0.int ?? 0) * 2) }
        #expect(doubled.keys == ["b", "a"])
        #expect(doubled.values == [2, 4])
    }

    @Test("a copy of a large map changes alone: appends and removals leave the other copy and its lookups intact")
    func largeMapCopiesChangeAlone() {
        let original = OrderedMap((0..<100).map { ("k\($0)", SupportedType.int($0)) })
        var appended = original
        appended["extra"] = .int(-1)
        var removed = original
        removed["k50"] = nil
        #expect(original.count == 100)
        #expect(original["extra"] == nil)
        #expect(original["k50"] == .int(50))
        #expect(original.index(forKey: "k99") == 99)
        #expect(appended["extra"] == .int(-1))
        #expect(appended.index(forKey: "extra") == 100)
        #expect(removed["k50"] == nil)
        #expect(removed.index(forKey: "k99") == 98)
    }

    @Test("a map shrinking below the index threshold and growing past it again finds every key")
    func crossesThresholdBothWays() {
        var map = OrderedMap((0..<66).map { ("k\($0)", SupportedType.int($0)) })
        map["k0"] = nil
        map["k1"] = nil
        #expect(map.count == 64)
        for number in 2..<66 { #expect(map["k\(number)"] == .int(number)) }
        for number in 66..<70 { map["k\(number)"] = .int(number) }
        #expect(map.keys.first == "k2")
        for number in 2..<70 { #expect(map.index(forKey: "k\(number)") == number - 2) }
    }

    @Test("sorting a large map keeps its index right")
    func sortLargeMap() {
        var map = OrderedMap((0..<100).reversed().map { (String(format: "k%03d", $0), SupportedType.int($0)) })
        map.sortByKeys()
        #expect(map.keys.first == "k000")
        for number in 0..<100 { #expect(map.index(forKey: String(format: "k%03d", number)) == number) }
    }

    @Test("every value is 32 bytes: maps keep their keys and values in two words")
    func valueSize() {
        #expect(MemoryLayout<OrderedMap>.size == 16)
        #expect(MemoryLayout<SupportedType>.stride == 32)
    }
}
