@_spi(Parsing) import DataMapper
import Testing

@Suite("SupportedArray")
struct SupportedArrayTests {
    /// `count` pairs written through one slab writer, as a parser would.
    static func slabPairs(_ count: Int) -> [SupportedArray] {
        var writer = ElementSlabWriter()
        return (0..<count).compactMap { number in
            writer.array(.int(number), .string("a string long enough to live on the heap \(number)"))
        }
    }

    @Test("pairs in slabs read back their elements, across slab boundaries")
    func pairsReadBack() {
        let pairs = Self.slabPairs(3_000)
        #expect(pairs.count == 3_000)
        for (number, pair) in pairs.enumerated() {
            #expect(pair.count == 2)
            #expect(pair[0] == .int(number))
            #expect(pair[1] == .string("a string long enough to live on the heap \(number)"))
            #expect(pair.elements == [.int(number), .string("a string long enough to live on the heap \(number)")])
        }
    }

    @Test("a slab array equals and hashes like the same elements in an ordinary array")
    func equalityAcrossStorage() throws {
        var writer = ElementSlabWriter()
        let made = writer.array(.double(1.5), .null)
        let shared = try #require(made)
        let owned: SupportedArray = [.double(1.5), .null]
        #expect(shared == owned)
        #expect(shared.hashValue == owned.hashValue)
        #expect(SupportedType(.array(shared)) == SupportedType.array([.double(1.5), .null]))
        #expect(shared != [.double(1.5)])
        #expect(shared != [.null, .double(1.5)])
    }

    @Test("changing one array leaves the others of its slab alone")
    func copyOnWrite() {
        let pairs = Self.slabPairs(3)
        var changed = pairs[1]
        changed[0] = .bool(true)
        changed.append(.int(9))
        #expect(changed == [.bool(true), pairs[1][1], .int(9)])
        #expect(pairs[1][0] == .int(1))
        #expect(pairs[0][0] == .int(0) && pairs[2][0] == .int(2))

        var removed = pairs[2]
        removed.removeFirst()
        #expect(removed.count == 1 && pairs[2].count == 2)
        var replaced = pairs[0]
        replaced.replaceSubrange(0..<2, with: [.null])
        #expect(replaced == [.null])
        #expect(pairs[0].count == 2)
    }

    @Test("the writer refuses pairs holding a container, which stay ordinary arrays")
    func refusals() {
        var writer = ElementSlabWriter()
        #expect(writer.array(.int(1), [.int(2)]) == nil)
        #expect(writer.array(["a": 1], .int(2)) == nil)
    }

    @Test("an array outlives the writer and every other array of its slab")
    func lifetime() {
        var kept: SupportedArray?
        do {
            let pairs = Self.slabPairs(10)
            kept = pairs[7]
        }
        #expect(kept?[0] == .int(7))
        #expect(kept?.withUnsafeBufferPointer { $0.count } == 2)
    }

    @Test("slab arrays are read from several tasks at once")
    func concurrentReads() async {
        let pairs = Self.slabPairs(2_000)
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { pairs.reduce(0) { $0 + ($1[0].int ?? 0) } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: (0..<2_000).reduce(0, +), count: 4))
    }

    @Test("the value stays 32 bytes with arrays that may live in slabs")
    func layout() {
        #expect(MemoryLayout<SupportedArray>.size == 16)
        #expect(MemoryLayout<SupportedType>.stride == 32)
    }
}
