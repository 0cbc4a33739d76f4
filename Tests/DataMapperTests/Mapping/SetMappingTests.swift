import DataMapper
import DataMapperTestSupport
import Testing

// Sets read from arrays and write as arrays, without `using:`, for elements that map
// by themselves and for raw-value enums; written in a fixed order.

private enum Topping: String { case cheese, olive, basil }

private struct Pizza: Mappable, Equatable {
    var toppings: Set<Topping> = []
    var sizes: Set<Int>?
    var tags: Set<String> = []
    var perDay: [Set<Int>]?

    init(toppings: Set<Topping>, sizes: Set<Int>?, tags: Set<String>, perDay: [Set<Int>]?) {
        (self.toppings, self.sizes, self.tags, self.perDay) = (toppings, sizes, tags, perDay)
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["toppings"].map(&toppings)
        data["sizes"].map(&sizes)
        data["tags"].map(&tags, or: [])
        data["perDay"].map(&perDay)
    }
}

@Suite struct SetMappingTests {
    @Test("sets of enums, numbers and strings read from arrays; repeats collapse")
    func reads() throws {
        let value: SupportedType = [
            "toppings": ["olive", "cheese", "olive"], "sizes": [30, 25], "perDay": [[1, 2], [2]],
        ]
        let pizza = try ObjectMapper().deserialize(value, as: Pizza.self)
        #expect(pizza == Pizza(toppings: [.olive, .cheese], sizes: [25, 30], tags: [], perDay: [[1, 2], [2]]))
    }

    @Test("sets write as arrays sorted by value, whatever the set's iteration order")
    func writesInFixedOrder() {
        let pizza = Pizza(toppings: [.olive, .basil, .cheese], sizes: [100, 9, 25], tags: ["b", "a"], perDay: [[3, 1]])
        #expect(ObjectMapper().serialize(pizza) == [
            "toppings": ["basil", "cheese", "olive"], "sizes": [9, 25, 100], "tags": ["a", "b"], "perDay": [[1, 3]],
        ])
    }

    @Test("get, set and ObjectMapper take sets directly")
    func directCalls() throws {
        let mapper = ObjectMapper()
        let data = DeserializableData(value: ["s": ["x", "y"], "t": ["basil"]], objectMapper: mapper)
        let strings: Set<String>? = data["s"].get()
        let toppings: Set<Topping> = try data["t"].get()
        let fallback: Set<Topping> = data["none"].get(or: [.cheese])
        #expect(strings == ["x", "y"])
        #expect(toppings == [.basil])
        #expect(fallback == [.cheese])
        #expect(mapper.serialize(Set([2.5, -1.0])) == [-1.0, 2.5])
        #expect(mapper.serialize(Set<Topping>([.olive, .cheese])) == ["cheese", "olive"])
        let read: Set<Topping>? = mapper.deserialize(["olive"])
        #expect(read == [.olive])
        var out = SerializableData(value: [:], objectMapper: mapper)
        out["t"].set(Set<Topping>([.basil]))
        out["n"].set(nil as Set<Int>?)
        #expect(out.value == ["t": ["basil"], "n": nil])
    }

    @Test("a bad element names its index; a non-array names what it found")
    func failures() throws {
        let mapper = ObjectMapper()
        let unknown = try expectError(kind: .invalidValue, path: try DataPath(parsing: "toppings[1]")) {
            try mapper.deserialize(["toppings": ["cheese", "ham"]], as: Pizza.self)
        }
        #expect(unknown.problem.hasPrefix(#"the string "ham" is not a raw value of Topping"#))
        _ = try expectError(kind: .typeMismatch, path: try DataPath(parsing: "sizes[0]")) {
            let data = DeserializableData(value: ["sizes": ["big"]], objectMapper: mapper)
            let _: Set<Int> = try data["sizes"].get()
        }
        let notArray = try expectError(kind: .typeMismatch, path: try DataPath(parsing: "toppings")) {
            try mapper.deserialize(["toppings": ["cheese": true]], as: Pizza.self)
        }
        #expect(notArray.problem.hasPrefix("expected an array"))
        let pizza = try mapper.deserialize(["toppings": [], "sizes": [1, nil]], as: Pizza.self)
        #expect(pizza.sizes == nil, "a null element makes an optional set nil")
    }
}
