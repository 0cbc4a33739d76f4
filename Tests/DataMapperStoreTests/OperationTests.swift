import DataMapper
import DataMapperStore
import Testing

// The operations: read an object, a collection, fill an existing object, write an
// object and a collection, under a root path or not.

@Suite struct OperationTests {
    private let lucas = """
    {"name": "Lucas", "user_email": "lucas@example.com", "age": 31,
     "car": {"id": 1, "model": "i30", "year": "2013"},
     "phones": [{"id": 10, "number": "1111-1111", "ddd": "85"}, {"id": 11, "number": "2222-2222", "ddd": "11"}]}
    """

    @Test func readsAnObject() throws {
        let person = try EntityDeserializer().object(from: json(lucas), mapping: Mappings.person())
        #expect(person.name == "Lucas")
        #expect(person.email == "lucas@example.com")
        #expect(person.age == 31)
        #expect(person.car?.id == 1)
        #expect(person.car?.model == "i30")
        #expect(person.car?.year == "2013")
        #expect(person.phones == [Phone(id: 10, number: "1111-1111", ddd: "85"), Phone(id: 11, number: "2222-2222", ddd: "11")])
    }

    @Test func readsACollectionInOrder() throws {
        let document = try json("""
        [{"name": "Lucas", "user_email": "lucas@example.com"},
         {"name": "Luke", "user_email": "luke@example.com", "car": null, "phones": null}]
        """)
        let people = try EntityDeserializer().collection(from: document, mapping: Mappings.person())
        #expect(people.map(\.name) == ["Lucas", "Luke"])
        #expect(people[1].car == nil)
        #expect(people[1].phones.isEmpty)
        #expect(people[0] !== people[1])
    }

    @Test func aCollectionOfSomethingElseIsATypeMismatch() throws {
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: json(#"{"people": {}}"#), mapping: Mappings.person())
        }
        #expect(error.kind == .typeMismatch)
    }

    @Test func fillsAnExistingObjectKeepingWhatIsMissing() throws {
        var person = Person()
        person.name = "Lucas"
        person.email = "lucas@example.com"
        person.age = 31
        let car = Car()
        car.model = "i30"
        person.car = car
        let same = person
        try EntityDeserializer().fill(&person, from: json(#"{"name": "Lucas Medeiros", "user_email": "lucas@example.com"}"#),
                                      mapping: Mappings.person())
        #expect(person === same)
        #expect(person.name == "Lucas Medeiros")
        #expect(person.age == 31)
        #expect(person.car === car)
    }

    @Test func fillsAStructValue() throws {
        var phone = Phone(id: 10, number: "1111-1111", ddd: "85")
        try EntityDeserializer().fill(&phone, from: json(#"{"id": 10, "number": "3333-3333"}"#), mapping: Mappings.phone)
        #expect(phone == Phone(id: 10, number: "3333-3333", ddd: "85"))
    }

    @Test func serializesAnObject() throws {
        let person = Person()
        person.name = "Lucas"
        person.email = "lucas@example.com"
        let car = Car()
        car.id = 1
        car.model = "i30"
        car.year = "2013"
        person.car = car
        person.phones = [Phone(id: 10, number: "1111-1111", ddd: "85")]
        let written = try EntitySerializer.serialize(person, mapping: Mappings.person())
        let expected: SupportedType = [
            "name": "Lucas", "user_email": "lucas@example.com", "age": nil,
            "car": ["id": 1, "model": "i30", "year": "2013"],
            "phones": [["id": 10, "number": "1111-1111", "ddd": "85"]],
        ]
        #expect(written == expected)
        #expect(written.orderedMap?.keys.map { $0 } == ["name", "user_email", "age", "car", "phones"])
    }

    @Test func serializesACollection() throws {
        let phones = [Phone(id: 10, number: "1", ddd: "85"), Phone(id: 11, number: "2", ddd: "11")]
        let written = try EntitySerializer.serialize(phones, mapping: Mappings.phone)
        #expect(written == [["id": 10, "number": "1", "ddd": "85"], ["id": 11, "number": "2", "ddd": "11"]])
    }

    @Test func writesAttributePathsAsNestedDictionaries() throws {
        var mapping = EntityMapping(create: Car.init)
        mapping.addAttribute(\.model, at: "spec.model")
        mapping.addAttribute(\.year, at: "spec.year")
        let car = Car()
        car.model = "i30"
        car.year = "2013"
        let written = try EntitySerializer.serialize(car, mapping: mapping)
        #expect(written == ["spec": ["model": "i30", "year": "2013"]])
        let read = try EntityDeserializer().object(from: written, mapping: mapping)
        #expect(read.model == "i30")
        #expect(read.year == "2013")
    }

    @Test func overlappingPathsAreRefusedWhenWriting() throws {
        var mapping = EntityMapping(create: Car.init)
        mapping.addAttribute(\.model, at: "spec")
        mapping.addAttribute(\.year, at: "spec.year")
        #expect(throws: DataMapperError.self) {
            try EntitySerializer.serialize(Car(), mapping: mapping)
        }
    }

    @Test func theRootPathIsUsedOnReadAndWrite() throws {
        let mapping = Mappings.person(rootPath: "data.people")
        let document = try json(#"{"data": {"people": [{"name": "Lucas", "user_email": "lucas@example.com"}]}, "meta": 1}"#)
        let people = try EntityDeserializer().collection(from: document, mapping: mapping)
        #expect(people.map(\.email) == ["lucas@example.com"])
        let written = try EntitySerializer.serialize(people, mapping: mapping)
        #expect(written["data"]?["people"]?[0]?["user_email"] == "lucas@example.com")
        #expect(written.orderedMap?.keys.map { $0 } == ["data"])

        let one = try EntitySerializer.serialize(people[0], mapping: mapping)
        #expect(one["data"]?["people"]?["name"] == "Lucas")
        #expect(try EntityDeserializer().object(from: one, mapping: mapping).name == "Lucas")
    }

    @Test func nothingAtTheRootPathIsAnError() throws {
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"data": {}}"#), mapping: Mappings.person(rootPath: "data.person"))
        }
        #expect(error.kind == .missingKey)
        #expect(error.path.description == "data.person")
    }

    @Test func theRootPathOfARelatedMappingIsIgnored() throws {
        var car = Mappings.car
        car.rootPath = "vehicle"
        var mapping = EntityMapping(entityName: "Person", create: Person.init)
        mapping.addAttribute(\.email, at: "user_email")
        mapping.addToOneRelationship(\.car, at: "car", mapping: car)
        let document = try json(#"{"user_email": "l@example.com", "car": {"id": 1, "model": "i30", "year": "2013"}}"#)
        let person = try EntityDeserializer().object(from: document, mapping: mapping)
        #expect(person.car?.model == "i30")
        let written = try EntitySerializer.serialize(person, mapping: mapping)
        #expect(written == document)
    }

    @Test func aRepresentationRoundTripsThroughObjects() throws {
        let document = try json(lucas)
        let mapping = Mappings.person()
        let person = try EntityDeserializer().object(from: document, mapping: mapping)
        let written = try EntitySerializer.serialize(person, mapping: mapping)
        #expect(written == document)
        let again = try EntityDeserializer().object(from: written, mapping: mapping)
        #expect(PersonSnapshot(again) == PersonSnapshot(person))
    }
}
