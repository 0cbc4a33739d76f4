import DataMapper
import Testing

extension MappingContextKey where Value == String {
    fileprivate static let tenant = MappingContextKey("test.context.tenant")
}

extension MappingContextKey where Value == Int {
    fileprivate static let scale = MappingContextKey("test.context.scale")
    /// Same name as `tenant`, another value type.
    fileprivate static let tenantAsNumber = MappingContextKey("test.context.tenant")
}

/// Reads and writes the tenant it finds in the context; the innermost of three levels.
private struct Leaf: Deserializable, Serializable, Equatable {
    var id: Int
    var tenant: String?
    var scaled: Int?

    init(id: Int, tenant: String?, scaled: Int?) {
        (self.id, self.tenant, self.scaled) = (id, tenant, scaled)
    }

    init(_ data: DeserializableData) throws {
        id = try data["id"].get()
        tenant = data.context[.tenant]
        scaled = data.context[.scale].map { $0 * id }
    }

    func serialize(to data: inout SerializableData) {
        data["id"].set(id)
        data["tenant"].set(data.context[.tenant])
    }
}

private struct Middle: Deserializable, Serializable {
    var leaf: Leaf
    init(_ data: DeserializableData) throws { leaf = try data["leaf"].get() }
    func serialize(to data: inout SerializableData) { data["leaf"].set(leaf) }
}

private struct Root: Deserializable, Serializable {
    var middle: Middle
    var leaves: [Leaf]
    var byName: [String: Leaf]
    init(_ data: DeserializableData) throws {
        middle = try data["middle"].get()
        leaves = try data["leaves"].get()
        byName = try data["byName"].get()
    }
    func serialize(to data: inout SerializableData) {
        data["middle"].set(middle)
        data["leaves"].set(leaves)
    }
}

/// A `Mappable` model reading the context in both directions.
private struct Labelled: Mappable {
    var label = ""
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws {
        try data["label"].map(&label)
        if data.isDeserializing, let tenant = data.context[.tenant] { label = "\(tenant)/\(label)" }
    }
}

private class Animal: PolymorphicMappable {
    class var polymorphicKey: String { "kind" }
    class var polymorphicInfo: PolymorphicInfo { createPolymorphicInfo(name: "animal").with(subtype: Dog.self) }
    required init(_ data: DeserializableData) throws {}
    func mapping(_ data: inout MappableData) throws {}
}

private final class Dog: Animal {
    var owner: String?
    override class var polymorphicInfo: PolymorphicInfo { createPolymorphicInfo(name: "dog") }
    required init(_ data: DeserializableData) throws {
        owner = data.context[.tenant]
        try super.init(data)
    }
}

@Suite struct MappingContextTests {
    let acme = MappingContext().with(.tenant, "acme")
    let leafValue: SupportedType = ["id": 2]

    @Test("a nested object three levels down reads the context passed to the call")
    func depthThree() throws {
        let value: SupportedType = ["middle": ["leaf": ["id": 1]], "leaves": [], "byName": [:]]
        let root = try ObjectMapper().deserialize(value, as: Root.self, context: acme)
        #expect(root.middle.leaf.tenant == "acme")
    }

    @Test("elements of arrays and dictionaries read the context, nested and at the top")
    func collections() throws {
        let value: SupportedType = ["middle": ["leaf": ["id": 1]], "leaves": [["id": 2], ["id": 3]], "byName": ["a": ["id": 4]]]
        let root = try ObjectMapper(context: acme).deserialize(value, as: Root.self)
        #expect(root.leaves.map(\.tenant) == ["acme", "acme"])
        #expect(root.byName["a"]?.tenant == "acme")
        let top = try ObjectMapper().deserialize([["id": 5]], as: [Leaf].self, context: acme)
        #expect(top == [Leaf(id: 5, tenant: "acme", scaled: nil)])
        let dictionary = try ObjectMapper().deserialize(["x": ["id": 6]], as: [String: Leaf].self, context: acme)
        #expect(dictionary["x"]?.tenant == "acme")
    }

    @Test("a polymorphic subtype the polymorph picks reads the context")
    func polymorphicSubtype() throws {
        let mapper = ObjectMapper(polymorph: StaticPolymorph(), context: acme)
        let animal = try mapper.deserialize(["kind": "dog"], as: Animal.self)
        let dog = try #require(animal as? Dog)
        #expect(dog.owner == "acme")
        let animals = try ObjectMapper(polymorph: StaticPolymorph())
            .deserialize([["kind": "dog"]], as: [Animal].self, context: MappingContext().with(.tenant, "zoo"))
        #expect((animals.first as? Dog)?.owner == "zoo")
    }

    @Test("a per-call context wins over the mapper's default; other default keys stay")
    func perCallOverDefault() throws {
        let mapper = ObjectMapper(context: MappingContext().with(.tenant, "default").with(.scale, 10))
        let plain = try mapper.deserialize(leafValue, as: Leaf.self)
        #expect(plain == Leaf(id: 2, tenant: "default", scaled: 20))
        let perCall = try mapper.deserialize(leafValue, as: Leaf.self, context: acme)
        #expect(perCall == Leaf(id: 2, tenant: "acme", scaled: 20))
        #expect(mapper.context[.tenant] == "default", "the call must not change the mapper")
        #expect(mapper.with(acme).with(MappingContext().with(.tenant, "last")).context[.tenant] == "last")
    }

    @Test("a missing key, or one stored with another value type, reads nil")
    func missingKey() throws {
        let leaf = try ObjectMapper().deserialize(leafValue, as: Leaf.self)
        #expect(leaf.tenant == nil && leaf.scaled == nil)
        #expect(acme[.scale] == nil)
        #expect(acme[.tenantAsNumber] == nil, "same name, another type")
        var context = acme
        context[.tenant] = nil
        #expect(context.isEmpty && context[.tenant] == nil)
        #expect(!acme.isEmpty && acme[.tenant] == "acme", "copies are independent")
    }

    @Test("serializing objects, arrays and dictionaries reads the context too")
    func serializing() throws {
        let leaf = Leaf(id: 1, tenant: nil, scaled: nil)
        #expect(ObjectMapper().serialize(leaf, context: acme) == ["id": 1, "tenant": "acme"])
        #expect(ObjectMapper().serialize(leaf) == ["id": 1, "tenant": .null])
        #expect(ObjectMapper().serialize([leaf], context: acme) == [["id": 1, "tenant": "acme"]])
        #expect(ObjectMapper().serialize(["k": leaf], context: acme) == ["k": ["id": 1, "tenant": "acme"]])
        let root = try ObjectMapper().deserialize(
            ["middle": ["leaf": ["id": 7]], "leaves": [["id": 8]], "byName": [:]], as: Root.self)
        let written = ObjectMapper(context: acme).serialize(root)
        #expect(written == ["middle": ["leaf": ["id": 7, "tenant": "acme"]], "leaves": [["id": 8, "tenant": "acme"]]])
    }

    @Test("MappableData exposes the context while reading and writing")
    func mappableData() throws {
        let labelled = try ObjectMapper().deserialize(["label": "x"], as: Labelled.self, context: acme)
        #expect(labelled.label == "acme/x")
        var data = MappableData(serializing: SerializableData(value: [:], objectMapper: ObjectMapper(context: acme)))
        #expect(data.context[.tenant] == "acme")
        var label = "y"
        try data["label"].map(&label)
        #expect(data.serializingData?.value == ["label": "y"])
    }

    @Test("a context adds nothing to the size of a mapper, which every view and frame copies")
    func mapperSize() {
        // One optional box (polymorph and context) and small flags: a larger mapper
        // overflowed the 512 KiB stack of the deep-mapping test in debug builds.
        #expect(MemoryLayout<ObjectMapper>.stride <= 16)
        let mapper = ObjectMapper(polymorph: StaticPolymorph(), context: acme)
        #expect(mapper.context[.tenant] == "acme" && mapper.polymorph != nil)
        #expect(ObjectMapper(polymorph: StaticPolymorph()).with(acme).polymorph != nil, "with(_:) keeps the polymorph")
    }

    @Test("concurrent mappings with different contexts each see only their own")
    func concurrent() async throws {
        let mapper = ObjectMapper(context: MappingContext().with(.tenant, "shared default"))
        let elements = SupportedType.array((0..<50).map { ["id": .int($0)] })
        let results = try await withThrowingTaskGroup(of: (Int, [Leaf]).self) { group in
            for task in 0..<16 {
                group.addTask {
                    let context = MappingContext().with(.tenant, "tenant \(task)").with(.scale, task)
                    return (task, try mapper.deserialize(elements, as: [Leaf].self, context: context))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 16)
        for (task, leaves) in results {
            #expect(leaves.count == 50)
            #expect(leaves.allSatisfy { $0.tenant == "tenant \(task)" && $0.scaled == $0.id * task })
        }
    }
}
