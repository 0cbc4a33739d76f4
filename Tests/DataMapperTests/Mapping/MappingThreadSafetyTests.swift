import DataMapper
import Testing

// The seed's "Thread safety" section: one mapper and one value shared by many tasks.

private struct Entry: Mappable, Equatable {
    var id: Int = 0
    var words: [String] = []
    var child: [Entry]?

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["id"].map(&id)
        try data["words"].map(&words)
        data["child"].map(&child)
    }
}

private class Node: PolymorphicMappable {
    class var polymorphicKey: String { "node" }
    class var polymorphicInfo: PolymorphicInfo { createPolymorphicInfo(name: "node").with(subtype: Leaf.self) }

    var weight: Int = 0

    required init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    func mapping(_ data: inout MappableData) throws {
        try data["weight"].map(&weight)
    }
}

private final class Leaf: Node {
    override class var polymorphicInfo: PolymorphicInfo { createPolymorphicInfo(name: "leaf") }
}

@Suite struct MappingThreadSafetyTests {
    let value: SupportedType = [
        "id": 1, "words": ["a", "b"],
        "child": [["id": 2, "words": ["c"], "child": [["id": 3, "words": [], "child": nil]]]],
    ]

    @Test("many tasks map the same value with one mapper and agree")
    func concurrentMapping() async throws {
        let mapper = ObjectMapper()
        let value = self.value
        let expected = try mapper.deserialize(value, as: Entry.self)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    guard let entry: Entry = mapper.deserialize(value) else { return false }
                    return entry == expected && mapper.serialize(entry) == value
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }

    @Test("many tasks read polymorphic classes through one StaticPolymorph")
    func concurrentPolymorph() async {
        let mapper = ObjectMapper(polymorph: StaticPolymorph())
        let value: SupportedType = [["node": "leaf", "weight": 1], ["node": "node", "weight": 2]]
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    guard let nodes: [Node] = mapper.deserialize(value) else { return false }
                    return nodes[0] is Leaf && !(nodes[1] is Leaf) && mapper.serialize(nodes) == value
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }
}
