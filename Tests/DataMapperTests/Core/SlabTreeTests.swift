@_spi(Parsing) @testable import DataMapper
import Testing

/// Arrays and maps of any values, written through the slab writer's stack of pending
/// values: they must read back like containers of their own, and their slabs must be
/// freed once nothing uses them, though containers in a slab refer to that same slab.
@Suite("Containers in tree slabs")
struct SlabTreeTests {
    /// The slab a container value lives in, if any.
    static func slab(of value: SupportedType) -> ElementSlab? {
        switch value.kind {
        case .array(let array):
            if case .shared(let slab, _, _) = array.storage { return slab }
        case .dictionary(let map):
            if case .shared(let slab, _, _) = map.storage { return slab }
        default: break
        }
        return nil
    }

    /// A record like an API payload's: scalars, a heap string, a nested map and an
    /// array of maps, all through the stack.
    static func record(_ number: Int, writer: inout ElementSlabWriter) -> SupportedType {
        let record = writer.open()
        writer.append(.int(number))
        writer.append(.string("a name long enough to live on the heap, number \(number)"))
        let owner = writer.open()
        writer.append(.bool(number.isMultiple(of: 2)))
        writer.append(.null)
        writer.append(.dictionary(writer.closeMap(owner, keys: ["verified", "avatar"])))
        let tags = writer.open()
        for tag in 0..<3 {
            let entry = writer.open()
            writer.append(.string("tag\(tag)"))
            writer.append(.array(writer.closePair(writer.open(), .int(tag), .int(tag + 1))))
            writer.append(.dictionary(writer.closeMap(entry, keys: ["text", "indices"])))
        }
        writer.append(.array(writer.closeArray(tags)))
        return .dictionary(writer.closeMap(record, keys: ["id", "name", "owner", "tags"]))
    }

    /// What ``record(_:writer:)`` makes, as containers of their own.
    static func expected(_ number: Int) -> SupportedType {
        [
            "id": .int(number),
            "name": .string("a name long enough to live on the heap, number \(number)"),
            "owner": ["verified": .bool(number.isMultiple(of: 2)), "avatar": nil],
            "tags": .array((0..<3).map { tag in ["text": .string("tag\(tag)"), "indices": [.int(tag), .int(tag + 1)]] }),
        ]
    }

    @Test("nested containers read back, in order, across slab boundaries")
    func nestedReadBack() throws {
        var writer = ElementSlabWriter()
        let records = (0..<200).map { Self.record($0, writer: &writer) }
        var slabs = Set<ObjectIdentifier>()
        for (number, record) in records.enumerated() {
            #expect(record == Self.expected(number))
            #expect(record.orderedMap?.keys == ["id", "name", "owner", "tags"])
            #expect(record["tags"]?[2]?["indices"]?[1] == .int(3))
            let slab = try #require(Self.slab(of: record))
            slabs.insert(ObjectIdentifier(slab))
            // A record and its nested maps share slabs rather than buffers of their own.
            #expect(Self.slab(of: try #require(record["owner"])) != nil)
        }
        // 200 records of 21 values each fill several 1024-value slabs.
        #expect(slabs.count > 2)
    }

    @Test("every slab is freed after the last value that uses it, and a kept part outlives its parents")
    func slabsAreFreed() throws {
        weak var recordSlab: ElementSlab?
        weak var lastSlab: ElementSlab?
        var keptTags: SupportedType?
        do {
            var writer = ElementSlabWriter()
            let records = (0..<120).map { Self.record($0, writer: &writer) }
            recordSlab = Self.slab(of: records[3])
            lastSlab = Self.slab(of: records[119])
            keptTags = records[3]["tags"]
            #expect(recordSlab != nil && lastSlab != nil)
        }
        // The kept array and what it holds are still there, though its parents are gone.
        #expect(keptTags == Self.expected(3)["tags"])
        #expect(recordSlab != nil)
        keptTags = nil
        #expect(recordSlab == nil)
        #expect(lastSlab == nil)
    }

    @Test("a container of its own that reaches the current slab sends the next container to a new one")
    func ownedContainersStartNewSlabs() throws {
        weak var firstSlab: ElementSlab?
        do {
            var writer = ElementSlabWriter()
            let outer = writer.open()
            let inner = writer.open()
            writer.append(.int(1))
            let innerMap = writer.closeMap(inner, keys: ["k"])
            firstSlab = Self.slab(of: .dictionary(innerMap))
            writer.append(.dictionary(innerMap))
            // The caller makes the outer container itself, as one of its own.
            let owned = SupportedArray(writer.takeValues(outer))
            let holder = writer.open()
            writer.append(.array(owned))
            let holding = writer.closeMap(holder, keys: ["list"])
            let holdingSlab = try #require(Self.slab(of: .dictionary(holding)))
            #expect(holdingSlab !== firstSlab)
            #expect(holding == ["list": [["k": 1]]])

            // Nothing went into the slab while this one was read: no new slab is needed.
            let quiet = writer.open()
            let elements = (0..<3).map { SupportedType.int($0) }
            writer.closeOwned(quiet)
            let next = writer.open()
            writer.append(.array(SupportedArray(elements)))
            let nextMap = writer.closeMap(next, keys: ["numbers"])
            #expect(Self.slab(of: .dictionary(nextMap)) === holdingSlab)
        }
        #expect(firstSlab == nil)
    }

    @Test("a container whose values waited elsewhere is judged by the mark of when they began")
    func lateOpeningsKeepTheEarlierMark() throws {
        /// A child map placed after `mark`, then its parent made as an array of its own
        /// from a stack opened only now: the slab the next map goes to.
        func slabAfterOwnedParent(openedLate: Bool) throws -> (child: ElementSlab, next: ElementSlab) {
            var writer = ElementSlabWriter()
            let mark = writer.open()
            let inner = writer.open()
            writer.append(.int(1))
            let child = writer.closeMap(inner, keys: ["k"])
            let late = openedLate ? writer.open(madeSince: mark) : writer.open()
            writer.append(.dictionary(child))
            let parent = SupportedArray(writer.takeValues(late))
            let holder = writer.open()
            writer.append(.array(parent))
            let holding = writer.closeMap(holder, keys: ["list"])
            #expect(holding == ["list": [["k": 1]]])
            return (try #require(Self.slab(of: .dictionary(child))), try #require(Self.slab(of: .dictionary(holding))))
        }
        // From the earlier mark the writer sees that the child went into the current
        // slab, so the parent, which reaches it, is not stored there.
        let marked = try slabAfterOwnedParent(openedLate: true)
        #expect(marked.child !== marked.next)
        // A plain opening at the same point sees nothing placed since and keeps the
        // slab, which then holds a reference to itself through the parent and is never
        // freed (this test leaks that one slab): what `open(madeSince:)` is for.
        let plain = try slabAfterOwnedParent(openedLate: false)
        #expect(plain.child === plain.next)
    }

    @Test("long arrays and large maps keep storage of their own; pairs of scalars go to pair slabs")
    func sizesAndPairs() throws {
        var writer = ElementSlabWriter()
        let long = writer.open()
        for number in 0...ElementSlabWriter.largestSlabArray { writer.append(.int(number)) }
        let array = writer.closeArray(long)
        #expect(array.count == ElementSlabWriter.largestSlabArray + 1)
        #expect(Self.slab(of: .array(array)) == nil)
        #expect(array[200] == .int(200))

        let large = writer.open()
        let keys = (0...ElementSlabWriter.largestSlabMap).map { "key\($0)" }
        for number in keys.indices { writer.append(.int(number)) }
        let map = writer.closeMap(large, keys: keys)
        #expect(Self.slab(of: .dictionary(map)) == nil)
        #expect(map["key64"] == .int(64))

        let scalars = writer.closePair(writer.open(), .int(1), .double(2))
        let mixedOpening = writer.open()
        let mixed = writer.closePair(mixedOpening, .int(1), .array(scalars))
        let pairSlab = try #require(Self.slab(of: .array(scalars)))
        let treeSlab = try #require(Self.slab(of: .array(mixed)))
        #expect(pairSlab !== treeSlab)
        #expect(mixed == [1, [1, 2.0]])
        #expect(writer.closeArray(writer.open()) == [])
    }
}
