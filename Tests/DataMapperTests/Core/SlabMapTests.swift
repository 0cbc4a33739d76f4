@_spi(Parsing) @testable import DataMapper
import Testing

/// Small maps that a parser stores in an ``ElementSlab``: they must read, compare,
/// change and free exactly like maps of their own.
@Suite("Maps in slabs")
struct SlabMapTests {
    /// A map of `keys` and `values` written the way a parser writes one.
    static func map(_ keys: [String], _ values: SupportedType..., writer: inout ElementSlabWriter) -> OrderedMap {
        let opening = writer.open()
        for value in values { writer.append(value) }
        return writer.closeMap(opening, keys: keys)
    }

    static let areaKeys = ["areaId", "blockIds"]
    static let priceKeys = ["amount", "audienceSubCategoryId", "seatCategoryId"]

    /// `count` maps written through one writer, alternating between two shapes, with
    /// a heap string in every price so that values need releasing.
    static func slabMaps(_ count: Int) -> [OrderedMap] {
        var writer = ElementSlabWriter()
        return (0..<count).map { number in
            number.isMultiple(of: 2)
                ? map(areaKeys, .int(number), .array([]), writer: &writer)
                : map(priceKeys, .double(Double(number)), .string("a category name long enough for the heap \(number)"), .null, writer: &writer)
        }
    }

    @Test("maps in slabs read back their keys and values, across slab boundaries")
    func mapsReadBack() {
        let maps = Self.slabMaps(1_500)
        #expect(maps.count == 1_500)
        for (number, map) in maps.enumerated() {
            if number.isMultiple(of: 2) {
                #expect(map.keys == Self.areaKeys)
                #expect(map.values == [.int(number), .array([])])
                #expect(map["areaId"] == .int(number))
                #expect(map.index(forKey: "blockIds") == 1)
            } else {
                #expect(map.keys == Self.priceKeys)
                #expect(map["audienceSubCategoryId"] == .string("a category name long enough for the heap \(number)"))
                #expect(map["seatCategoryId"] == .null)
                #expect(map.hasKey("seatCategoryId", at: 2))
            }
            #expect(map["missing"] == nil)
            #expect(map.index(forKey: "missing") == nil)
            #expect(!map.hasKey("areaId", at: 5))
        }
    }

    @Test("one to four entries, and many shapes in one slab")
    func everySizeAndManyShapes() {
        var writer = ElementSlabWriter()
        let one = Self.map(["a"], .int(1), writer: &writer)
        let four = Self.map(["a", "b", "c", "d"], .int(1), .int(2), .int(3), .int(4), writer: &writer)
        #expect(one == ["a": 1])
        #expect(four == ["a": 1, "b": 2, "c": 3, "d": 4])
        // More shapes than the writer looks back over, in turn: each map keeps its own keys.
        let shapes = (0..<12).map { ["key\($0)"] }
        let maps = (0..<240).map { Self.map(shapes[$0 % 12], .int($0), writer: &writer) }
        #expect(maps.count == 240)
        for (number, map) in maps.enumerated() {
            #expect(map.keys == shapes[number % 12])
            #expect(map.first?.value == .int(number))
        }
    }

    @Test("a slab map equals and hashes like the same pairs in a map of its own, in any order")
    func equalityAcrossStorage() throws {
        var writer = ElementSlabWriter()
        let shared = Self.map(["x", "y"], .double(1.5), .string("label"), writer: &writer)
        let owned: OrderedMap = ["x": 1.5, "y": "label"]
        let reversed: OrderedMap = ["y": "label", "x": 1.5]
        #expect(shared == owned)
        #expect(shared == reversed)
        #expect(shared.hashValue == owned.hashValue)
        #expect(SupportedType(.dictionary(shared)) == ["x": 1.5, "y": "label"])
        #expect(shared != ["x": 1.5])
        #expect(shared != ["x": 1.5, "y": "other"])
        #expect(SupportedType(.dictionary(shared)).description == SupportedType(.dictionary(owned)).description)
    }

    @Test("keys and values are lent in place, in order, for slab maps and maps of their own")
    func borrowedKeysAndValues() {
        let maps = Self.slabMaps(3) + [["one": 1, "two": [2, 3], "three": "3"]]
        for map in maps {
            let (keys, values) = map.withUnsafeKeysAndValues { (keys, values) in (Array(keys), Array(values)) }
            #expect(keys == map.keys)
            #expect(values == map.values)
            #expect(keys.count == map.count)
        }
        #expect(maps[1].withUnsafeKeysAndValues { $1[0] } == .double(1))
    }

    @Test("changing one map leaves the others of its slab alone")
    func copyOnWrite() {
        let maps = Self.slabMaps(4)
        var updated = maps[0]
        #expect(updated.updateValue(.bool(true), forKey: "areaId") == .int(0))
        updated["extra"] = "new"
        #expect(updated == ["areaId": true, "blockIds": [], "extra": "new"])
        #expect(updated.keys == ["areaId", "blockIds", "extra"])
        #expect(maps[0] == ["areaId": 0, "blockIds": []])

        var removed = maps[1]
        #expect(removed.removeValue(forKey: "amount") == .double(1))
        #expect(removed.keys == ["audienceSubCategoryId", "seatCategoryId"])
        #expect(maps[1].count == 3)

        var sorted = maps[3]
        sorted.sortByKeys()
        #expect(sorted.keys == Self.priceKeys.sorted())
        var reserved = maps[2]
        reserved.reserveCapacity(10)
        reserved.appendUnique(key: "more", value: .int(1))
        #expect(reserved.count == 3 && maps[2].count == 2)
        let doubled = maps[2].mapValues { $0.int.map { SupportedType.int($0 * 2) } ?? $0 }
        #expect(doubled == ["areaId": 4, "blockIds": []])
        #expect(maps[2]["areaId"] == .int(2))
    }

    @Test("a map in a slab holds pairs, empty containers and maps of its own slab")
    func slabMapsHoldContainers() throws {
        var writer = ElementSlabWriter()
        let map = Self.map(["k"], .int(1), writer: &writer)
        let madePair = writer.array(.int(1), .int(2))
        let pair = try #require(madePair)
        #expect(writer.array(.int(1), .array(pair)) == nil)
        let holding = Self.map(["pair", "empty", "none"], .array(pair), [:], .array([]), writer: &writer)
        #expect(holding == ["pair": [1, 2], "empty": [:], "none": []])
        let nesting = Self.map(["inner"], .dictionary(map), writer: &writer)
        #expect(nesting == ["inner": ["k": 1]])
        guard case .shared(let outer, _, _) = nesting.storage, case .shared(let inner, _, _) = map.storage else {
            Issue.record("expected slab storage")
            return
        }
        #expect(outer === inner)
    }

    @Test("a map outlives the writer and its slab neighbours; its slabs are freed after it")
    func lifetime() throws {
        weak var mapSlab: ElementSlab?
        weak var pairSlab: ElementSlab?
        do {
            var kept: OrderedMap?
            do {
                var writer = ElementSlabWriter()
                let madePair = writer.array(.int(7), .string("a string long enough to live on the heap"))
                let pair = try #require(madePair)
                let maps = (0..<10).map { Self.map(["n", "pair"], .int($0), .array(pair), writer: &writer) }
                kept = maps[7]
                guard case .shared(let slab, _, _) = maps[7].storage, case .shared(let pairs, _, _) = pair.storage else {
                    Issue.record("expected slab storage")
                    return
                }
                mapSlab = slab
                pairSlab = pairs
            }
            #expect(kept?["n"] == .int(7))
            #expect(kept?["pair"] == [7, "a string long enough to live on the heap"])
            #expect(mapSlab != nil && pairSlab != nil)
        }
        #expect(mapSlab == nil)
        #expect(pairSlab == nil)
    }

    @Test("slab maps are read from several tasks at once")
    func concurrentReads() async {
        let maps = Self.slabMaps(2_000)
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { maps.reduce(0) { $0 + ($1["areaId"]?.int ?? 0) } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let expected = stride(from: 0, to: 2_000, by: 2).reduce(0, +)
        #expect(sums == Array(repeating: expected, count: 4))
    }
}
