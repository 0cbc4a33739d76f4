import DataMapperCore
import DataMapperTestSupport
import Foundation
import Testing

/// The collection, `Equatable` and `Hashable` laws over values built in code, every way
/// the public API builds them, and after each kind of change. (Values built by the
/// parsers are checked in `DataMapperFormatsTests/ParsedValueLawTests.swift`.)
@Suite struct ValueLawTests {
    static let elements: [SupportedType] = [1, "two", 3.5, nil, true, [4, 5], ["six": 6], .uint64(UInt64.max), .bigNumber("1e400")]

    /// An entry of a map, as a pair the checkers compare.
    static func sameEntry(_ left: OrderedMap.Element, _ right: OrderedMap.Element) -> Bool {
        left.key == right.key && left.value == right.value
    }

    /// `count` entries `k0: 0`, `k1: 1`, …
    static func entries(_ count: Int) -> [(String, SupportedType)] {
        (0..<count).map { ("k\($0)", .int($0)) }
    }

    // MARK: - SupportedArray

    @Test("SupportedArray is a collection of its elements however it is built")
    func arrayBuilt() {
        let expected = Self.elements
        checkCollection(SupportedArray(expected), expected: expected)
        checkCollection(SupportedArray(expected.lazy.map { $0 }), expected: expected)
        var appended = SupportedArray()
        for element in expected { appended.append(element) }
        checkCollection(appended, expected: expected)
        var literal: SupportedArray = [1, "two", 3.5, nil, true, [4, 5], ["six": 6], .uint64(UInt64.max), .bigNumber("1e400")]
        checkCollection(literal, expected: expected)
        literal.elements = []
        checkCollection(literal, expected: [])
        checkCollection(SupportedArray(repeating: "x", count: 3), expected: ["x", "x", "x"])
    }

    @Test("SupportedArray keeps the laws after every kind of change")
    func arrayChanged() {
        var array = SupportedArray(Self.elements)
        var model = Self.elements
        array.insert("front", at: 0)
        model.insert("front", at: 0)
        checkCollection(array, expected: model)
        array.remove(at: 3)
        model.remove(at: 3)
        checkCollection(array, expected: model)
        array.replaceSubrange(1..<4, with: [7, 8])
        model.replaceSubrange(1..<4, with: [7, 8])
        checkCollection(array, expected: model)
        array[0] = "changed"
        model[0] = "changed"
        checkCollection(array, expected: model)
        array.swapAt(0, array.count - 1)
        model.swapAt(0, model.count - 1)
        checkCollection(array, expected: model)
        let copy = array
        array.removeAll()
        checkCollection(array, expected: [])
        checkCollection(copy, expected: model)
    }

    @Test("SupportedArray equality and hashing follow the laws")
    func arrayEquality() {
        checkHashable([
            [SupportedArray(), [], SupportedArray([SupportedType]())],
            [[1, 2], SupportedArray([1, 2]), [SupportedType(.uint(1)), .intOrDouble(2)]],
            [[2, 1]],
            [[1.0, 2.0]],
            [["a"], SupportedArray(["a"].map { SupportedType.string($0) })],
            [[[1]]],
        ])
    }

    // MARK: - OrderedMap

    @Test("OrderedMap is a collection of its entries, small or indexed, however it is built",
          arguments: [0, 3, 64, 65, 200])
    func mapBuilt(count: Int) {
        let pairs = Self.entries(count)
        let expected = pairs.map { OrderedMap.Element(key: $0.0, value: $0.1) }
        checkCollection(OrderedMap(pairs), expected: expected, by: Self.sameEntry)
        var assigned = OrderedMap()
        for (key, value) in pairs { assigned[key] = value }
        checkCollection(assigned, expected: expected, by: Self.sameEntry)
        var updated = OrderedMap(minimumCapacity: count)
        for (key, value) in pairs { _ = updated.updateValue(value, forKey: key) }
        checkCollection(updated, expected: expected, by: Self.sameEntry)
        checkCollection(OrderedMap(pairs).mapValues { $0 }, expected: expected, by: Self.sameEntry)
        #expect(OrderedMap(pairs).keys == pairs.map(\.0))
        for (index, pair) in pairs.enumerated() { #expect(assigned.index(forKey: pair.0) == index) }
    }

    @Test("OrderedMap keeps the laws after every kind of change, small or indexed",
          arguments: [3, 70])
    func mapChanged(count: Int) {
        var map = OrderedMap(Self.entries(count))
        var model = Self.entries(count)
        let copy = map
        map["k1"] = "replaced"
        model[1].1 = "replaced"
        map["new"] = .null
        model.append(("new", .null))
        _ = map.removeValue(forKey: "k0")
        model.removeFirst()
        let expected = { model.map { OrderedMap.Element(key: $0.0, value: $0.1) } }
        checkCollection(map, expected: expected(), by: Self.sameEntry)
        for (index, pair) in model.enumerated() { #expect(map.index(forKey: pair.0) == index) }
        #expect(map.index(forKey: "k0") == nil)
        map.sortByKeys()
        model.sort { $0.0 < $1.0 }
        checkCollection(map, expected: expected(), by: Self.sameEntry)
        for (index, pair) in model.enumerated() { #expect(map.index(forKey: pair.0) == index) }
        // The copy taken before the changes is untouched by them.
        checkCollection(copy, expected: Self.entries(count).map { OrderedMap.Element(key: $0.0, value: $0.1) }, by: Self.sameEntry)
    }

    @Test("OrderedMap equality and hashing follow the laws, ignoring order")
    func mapEquality() {
        checkHashable([
            [OrderedMap(), [:], OrderedMap(minimumCapacity: 10)],
            [["a": 1, "b": 2], ["b": 2, "a": 1], ["a": SupportedType(.uint(1)), "b": 2]],
            [["a": 1]],
            [["a": 2, "b": 1]],
            [OrderedMap(Self.entries(70)), OrderedMap(Self.entries(70).reversed())],
            [OrderedMap(Self.entries(69))],
        ])
    }

    // MARK: - SupportedType

    @Test("SupportedType equality and hashing follow the laws across kinds and positions")
    func valueEquality() {
        let placed = SupportedType(.int(1), position: .byteOffset(7))
        checkHashable([
            [nil, .null],
            [true, .bool(true)],
            [false],
            [1, SupportedType(.uint(1)), .intOrDouble(1), placed],
            [-1, .intOrDouble(-1)],
            [.uint64(UInt64.max)],
            [1.0],
            [.double(.nan), .double(-.nan)],
            ["1"],
            [.bigNumber("1e400")],
            [.binary(Data([1, 2]))],
            [[1, 2], [SupportedType(.uint(1)), 2]],
            [["a": 1, "b": [2]], ["b": [2], "a": SupportedType(.uint(1))]],
            [.ext(type: 3, data: Data([1]))],
            [.timestamp(seconds: 1, nanoseconds: 2)],
        ])
    }
}
