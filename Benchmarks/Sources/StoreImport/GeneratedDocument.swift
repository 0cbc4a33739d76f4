import DataMapperCore

/// The document every contender imports: an array of parent dictionaries, each with an
/// array of child dictionaries, made in memory from a seed.
///
/// ```
/// [{"id": 1630852241, "name": "parent 0 amber", "email": "p0@example.org",
///   "score": 512.37, "visits": 88,
///   "children": [{"id": 3271544917, "label": "child 0 birch", "quantity": 7, "price": 19.99}, ...]},
///  ...]
/// ```
///
/// Ids are 64-bit integers spread over 2^40 (not in insertion order, as real keys
/// seldom are); each parent has 0 to twice `childrenPerParent` children.
struct GeneratedDocument {
    let value: SupportedType
    let parentCount: Int
    let childCount: Int

    var rowCount: Int { parentCount + childCount }

    static let words = ["amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "heron", "iris", "juniper", "kestrel", "lumen"]

    init(parents: Int, childrenPerParent: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var nextChild = 0
        var parentValues: [SupportedType] = []
        parentValues.reserveCapacity(parents)
        for index in 0..<parents {
            let childCount = Int.random(in: 0...(2 * childrenPerParent), using: &generator)
            var children: [SupportedType] = []
            children.reserveCapacity(childCount)
            for _ in 0..<childCount {
                children.append(Self.child(number: nextChild, id: Self.id(parents + nextChild), using: &generator))
                nextChild += 1
            }
            parentValues.append(Self.parent(number: index, id: Self.id(index), children: children, using: &generator))
        }
        value = .array(parentValues)
        parentCount = parents
        childCount = nextChild
    }

    /// A distinct id for every `number`: an odd multiplier is a bijection modulo 2^40.
    static func id(_ number: Int) -> Int64 {
        (Int64(number + 1) &* 2_654_435_761) & ((1 << 40) - 1)
    }

    private static func parent(number: Int, id: Int64, children: [SupportedType], using generator: inout SeededGenerator) -> SupportedType {
        var map = OrderedMap()
        map["id"] = .int64(id)
        map["name"] = .string("parent \(number) \(words.randomElement(using: &generator)!)")
        map["email"] = .string("p\(number)@example.org")
        map["score"] = .double(Double(Int.random(in: 0..<100_000, using: &generator)) / 100)
        map["visits"] = .int(Int.random(in: 0..<1_000, using: &generator))
        map["children"] = .array(children)
        return .dictionary(map)
    }

    private static func child(number: Int, id: Int64, using generator: inout SeededGenerator) -> SupportedType {
        var map = OrderedMap()
        map["id"] = .int64(id)
        map["label"] = .string("child \(number) \(words.randomElement(using: &generator)!)")
        map["quantity"] = .int(Int.random(in: 1...20, using: &generator))
        map["price"] = .double(Double(Int.random(in: 1..<10_000, using: &generator)) / 100)
        return .dictionary(map)
    }
}
