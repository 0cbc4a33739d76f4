import DataMapper
import DataMapperStore
import Testing

// Documents and graphs that cannot be mapped, and what the errors say.

@Suite struct ErrorTests {
    @Test func aToManyValueThatIsNotAnArrayIsATypeMismatch() throws {
        let text = """
        [{"user_email": "l@example.com",
          "phones": {"id": 10}}]
        """
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: json(text), mapping: Mappings.person())
        }
        let expected = try #require(position(of: #"{"id": 10}"#, in: text))
        #expect(error.kind == .typeMismatch)
        #expect(error.path.description == "[0].phones")
        #expect(error.location?.line == expected.line)
        #expect(error.location?.column == expected.column)
    }

    @Test func aToOneValueThatIsNotADictionaryIsATypeMismatch() throws {
        let text = #"{"user_email": "l@example.com", "car": [1]}"#
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(text), mapping: Mappings.person())
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.path.description == "car")
        #expect(error.location?.column == 40)
    }

    @Test func aStructThatContainsItselfIsAnError() throws {
        let text = #"{"id": 1, "label": "root", "children": [{"id": 2}, {"id": 1}]}"#
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(text), mapping: Mappings.tree)
        }
        #expect(error.kind == .unsupported)
        #expect(error.path.description == "children[1]")
    }

    @Test func aClassThatHoldsItselfIsFineWhenReading() throws {
        var person = EntityMapping(entityName: "Person", create: Person.init)
        person.addAttribute(\.email, at: "user_email")
        person.setPrimaryKey(\.email)
        var withFriend = person
        withFriend.addToOneRelationship(\.friend, at: "friend", mapping: person)
        let lucas = try EntityDeserializer().object(from: json(#"{"user_email": "l@example.com", "friend": {"user_email": "l@example.com"}}"#),
                                                    mapping: withFriend)
        #expect(lucas.friend === lucas)
    }

    @Test func theSerializerRefusesAClassGraphCycle() throws {
        var person = EntityMapping(entityName: "Person", create: Person.init)
        person.addAttribute(\.email, at: "user_email")
        var inner = person
        inner.addToOneRelationship(\.friend, at: "friend", mapping: person)
        var outer = person
        outer.addToOneRelationship(\.friend, at: "friend", mapping: inner)
        let lucas = Person()
        lucas.email = "lucas@example.com"
        let luke = Person()
        luke.email = "luke@example.com"
        lucas.friend = luke
        luke.friend = lucas
        let error = try #require(throws: DataMapperError.self) {
            try EntitySerializer.serialize(lucas, mapping: outer)
        }
        #expect(error.kind == .unsupported)
        #expect(error.path.description == "friend.friend")
        // The same people without the cycle write fine.
        luke.friend = nil
        let written = try EntitySerializer.serialize(lucas, mapping: outer)
        #expect(written == ["user_email": "lucas@example.com", "friend": ["user_email": "luke@example.com", "friend": nil]])
    }

    @Test func oneInstanceReachedTwiceIsNotACycle() throws {
        var person = Mappings.person()
        person.addToOneRelationship(\.friend, at: "friend", mapping: Mappings.person())
        let car = Car()
        car.id = 1
        let lucas = Person()
        lucas.car = car
        let luke = Person()
        luke.car = car
        lucas.friend = luke
        let written = try EntitySerializer.serialize(lucas, mapping: person)
        #expect(written["car"]?["id"] == 1)
        #expect(written["friend"]?["car"]?["id"] == 1)
    }

    @Test func anEntityMappedToTwoModelTypesIsAnError() throws {
        struct CarValue { var id = 0 }
        var other = EntityMapping(entityName: "Car", create: CarValue.init)
        other.addAttribute(\.id, at: "id")
        other.setPrimaryKey(\.id)
        final class Garage { var cars: [Car] = []; var values: [CarValue] = [] }
        var garage = EntityMapping(create: Garage.init)
        garage.addToManyRelationship(\.cars, at: "cars", mapping: Mappings.car)
        garage.addToManyRelationship(\.values, at: "values", mapping: other)
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"cars": [{"id": 1}], "values": [{"id": 2}]}"#), mapping: garage)
        }
    }

    @Test func aStoreRefusesAnotherModelTypeUnderItsEntityName() throws {
        struct CarValue { var id = 0 }
        var other = EntityMapping(entityName: "Car", create: CarValue.init)
        other.addAttribute(\.id, at: "id")
        other.setPrimaryKey(\.id)
        let store = InMemoryStore()
        _ = try EntityDeserializer().object(from: json(#"{"id": 1}"#), mapping: Mappings.car, in: store)
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"id": 1}"#), mapping: other, in: store)
        }
        #expect(store.objects(of: other).isEmpty)
        #expect(store.objects(of: Mappings.car).count == 1)
    }

    @Test func insertingAnObjectWithoutAKeyIsAnError() throws {
        var keyless = EntityMapping(entityName: "Car", create: Car.init)
        keyless.addAttribute(\.model, at: "model")
        #expect(throws: DataMapperError.self) {
            try InMemoryStore().insert(Car(), mapping: keyless)
        }
    }
}
