import DataMapper
import DataMapperJSON
import DataMapperOperators
import DataMapperTestSupport
import Foundation
import Testing

// `<~>` reads and writes every shape as `map` does, and a model mapped with it makes
// the same values and the same document as one mapped with `map`.

@Suite struct TwoWayOperatorTests {
    let mapper = ObjectMapper()

    let document: SupportedType = [
        "name": "Rex", "species": "cat", "nickname": "R", "born": "2024-05-17T09:30:00Z",
        "tags": ["calm", "old"], "scores": ["agility": 3], "sizes": [2],
        "toys": [["label": "ball"]], "moods": ["morning": "dog"],
        "visits": [1_700_000_000.0, nil], "weights": [4.5, nil], "home": ["owner": "Ann"],
    ]

    /// What `document` holds, worked out by hand.
    var expectedFields: PetFields {
        var fields = PetFields()
        fields.name = "Rex"
        fields.species = .cat
        fields.nickname = "R"
        fields.born = Date(timeIntervalSince1970: 1_715_938_200)
        fields.tags = ["calm", "old"]
        fields.scores = ["agility": 3]
        fields.sizes = [.large]
        fields.toys = [Toy(label: "ball")]
        fields.moods = ["morning": .dog]
        fields.visits = [Date(timeIntervalSince1970: 1_700_000_000), nil]
        fields.weights = [4.5, nil]
        fields.owner = "Ann"
        return fields
    }

    @Test("<~> reads every shape, raw-value enums, sets, nested objects and transformations")
    func reads() throws {
        let pet = try mapper.deserialize(document, as: OperatorPet.self)
        #expect(pet.fields == expectedFields)
    }

    @Test("<~> writes every field back into the document it was read from")
    func writes() {
        #expect(mapper.serialize(OperatorPet(expectedFields)) == document)
    }

    @Test("a model mapped with <~> survives a round trip through JSON text")
    func roundTripThroughJSON() throws {
        let text = try JSONSerializer().serialize(mapper.serialize(OperatorPet(expectedFields)))
        let read = try mapper.deserialize(JSONSerializer().deserialize(text), as: OperatorPet.self)
        #expect(read.fields == expectedFields)
    }

    @Test("optional fields read nil where the value is missing, null or unusable, as map does")
    func optionalFields() throws {
        let sparse: SupportedType = [
            "name": "Tom", "species": "dog", "nickname": 5, "born": "2024-05-17T09:30:00Z",
            "tags": [], "scores": [:], "sizes": [], "toys": [["label": 1]], "moods": nil, "weights": [],
        ]
        let pet = try mapper.deserialize(sparse, as: OperatorPet.self)
        #expect(pet.fields.nickname == nil)
        #expect(pet.fields.toys == nil)
        #expect(pet.fields.moods == nil)
        #expect(pet.fields.visits == nil)
        #expect(pet.fields.owner == nil)
        #expect(try mapper.deserialize(sparse, as: MethodPet.self).fields == pet.fields)
    }

    @Test("nil optionals are written as null, as map writes them")
    func nilOptionalsWriteNull() {
        var fields = expectedFields
        fields.nickname = nil
        fields.toys = nil
        let written = mapper.serialize(OperatorPet(fields))
        #expect(written["nickname"] == .null)
        #expect(written["toys"] == .null)
        #expect(written == mapper.serialize(MethodPet(fields)))
    }

    @Test("the operator and map forms read and write the same model identically")
    func sameAsMap() throws {
        let byOperators = try mapper.deserialize(document, as: OperatorPet.self)
        let byMap = try mapper.deserialize(document, as: MethodPet.self)
        #expect(byOperators.fields == byMap.fields)
        #expect(mapper.serialize(byOperators) == mapper.serialize(byMap))
    }
}
