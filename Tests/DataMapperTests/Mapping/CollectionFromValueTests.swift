import DataMapper
import Testing

// Issue 28, from Genome: `try [Pet](from: value)` and friends.

private struct Pet: Deserializable, Equatable {
    let name: String
    let age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    init(_ data: DeserializableData) throws {
        name = try data["name"].get()
        age = try data["age"].get()
    }
}

@Suite struct CollectionFromValueTests {
    @Test("an object, an array and a dictionary of objects read from a value")
    func reads() throws {
        let rex = Pet(name: "Rex", age: 3)
        let tom = Pet(name: "Tom", age: 5)
        #expect(try Pet(from: ["name": "Rex", "age": 3]) == rex)
        #expect(try [Pet](from: [["name": "Rex", "age": 3], ["name": "Tom", "age": 5]]) == [rex, tom])
        #expect(try [String: Pet](from: ["a": ["name": "Rex", "age": 3]]) == ["a": rex])
        #expect(try [Pet](from: []) == [])
    }

    @Test("a failing element names its index")
    func arrayErrorNamesIndex() {
        let value: SupportedType = [["name": "Rex", "age": 3], ["name": "Tom", "age": "five"]]
        let error = #expect(throws: DataMapperError.self) { try [Pet](from: value) }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.path.description == "[1].age")
    }

    @Test("a failing entry names its key")
    func dictionaryErrorNamesKey() {
        let value: SupportedType = ["rex": ["name": "Rex"]]
        let error = #expect(throws: DataMapperError.self) { try [String: Pet](from: value) }
        #expect(error?.kind == .missingKey)
        #expect(error?.path.description == "rex.age")
    }

    @Test("a value of the wrong shape or null is an error, not an empty collection")
    func wrongShape() {
        #expect(throws: DataMapperError.self) { try [Pet](from: ["name": "Rex", "age": 3]) }
        #expect(throws: DataMapperError.self) { try [String: Pet](from: [["name": "Rex", "age": 3]]) }
        #expect(throws: DataMapperError.self) { try [Pet](from: nil) }
        #expect(throws: DataMapperError.self) { try Pet(from: nil) }
    }
}
