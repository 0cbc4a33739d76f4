import DataMapper
import DataMapperStore
import Testing

// Objects with the same primary key are one object: within one import, and across
// imports into a store.

@Suite struct UniquingTests {
    @Test func aKeyTwiceInOneImportIsOneInstance() throws {
        let document = try json("""
        [{"name": "Lucas", "user_email": "l@example.com", "car": {"id": 1, "model": "i30", "year": "2013"}},
         {"name": "Luke", "user_email": "l@example.com", "age": 30}]
        """)
        let people = try EntityDeserializer().collection(from: document, mapping: Mappings.person())
        #expect(people.count == 2)
        #expect(people[0] === people[1])
        // Every representation is applied, in document order.
        #expect(people[0].name == "Luke")
        #expect(people[0].age == 30)
        #expect(people[0].car?.model == "i30")
    }

    @Test func relatedObjectsWithOneKeyAreOneInstance() throws {
        let document = try json("""
        [{"user_email": "a@example.com", "car": {"id": 1, "model": "i30"}},
         {"user_email": "b@example.com", "car": {"id": 1, "year": "2013"}}]
        """)
        let people = try EntityDeserializer().collection(from: document, mapping: Mappings.person())
        let first = try #require(people[0].car)
        #expect(first === people[1].car)
        #expect(first.model == "i30")
        #expect(first.year == "2013")
    }

    @Test func aStructKeyIsOneValueMergedInDocumentOrder() throws {
        let document = try json("""
        [{"user_email": "a@example.com", "phones": [{"id": 10, "number": "1111", "ddd": "85"}]},
         {"user_email": "b@example.com", "phones": [{"id": 10, "number": "2222"}, {"id": 11, "number": "3333"}]}]
        """)
        let people = try EntityDeserializer().collection(from: document, mapping: Mappings.person())
        let merged = Phone(id: 10, number: "2222", ddd: "85")
        #expect(people[0].phones == [merged])
        #expect(people[1].phones == [merged, Phone(id: 11, number: "3333")])
    }

    @Test func topLevelStructsWithOneKeyAreOneValue() throws {
        let document = try json(#"[{"id": 10, "number": "1111"}, {"id": 11}, {"id": 10, "ddd": "85"}]"#)
        let phones = try EntityDeserializer().collection(from: document, mapping: Mappings.phone)
        #expect(phones == [Phone(id: 10, number: "1111", ddd: "85"), Phone(id: 11), Phone(id: 10, number: "1111", ddd: "85")])
    }

    @Test func withoutAKeyEveryRepresentationIsANewObject() throws {
        var mapping = EntityMapping(entityName: "Car", create: Car.init)
        mapping.addAttribute(\.model, at: "model")
        let cars = try EntityDeserializer().collection(from: json(#"[{"model": "i30"}, {"model": "i30"}]"#), mapping: mapping)
        #expect(cars.count == 2)
        #expect(cars[0] !== cars[1])
    }

    @Test func aSecondImportUpdatesInsteadOfDuplicating() throws {
        let store = InMemoryStore()
        let mapping = Mappings.person()
        let first = try EntityDeserializer().object(
            from: json(#"{"name": "Lucas", "user_email": "l@example.com", "age": 31, "car": {"id": 1, "model": "i30", "year": "2013"}}"#),
            mapping: mapping, in: store)
        #expect(store.count(ofEntity: "Person") == 1)
        #expect(store.count(ofEntity: "Car") == 1)

        let second = try EntityDeserializer().object(
            from: json(#"{"name": "Lucas M.", "user_email": "l@example.com", "car": {"id": 1, "year": "2014"}}"#),
            mapping: mapping, in: store)
        #expect(second === first)
        #expect(second.name == "Lucas M.")
        #expect(second.age == 31)
        #expect(second.car?.model == "i30")
        #expect(second.car?.year == "2014")
        #expect(store.count(ofEntity: "Person") == 1)
        #expect(store.count(ofEntity: "Car") == 1)
        #expect(store.object(of: mapping, key: "l@example.com") === first)
        #expect(store.object(of: Mappings.car, key: 1) === first.car)
    }

    @Test func aSecondImportOfStructsUpdatesTheStoredValue() throws {
        let store = InMemoryStore()
        _ = try EntityDeserializer().collection(from: json(#"[{"id": 10, "number": "1111", "ddd": "85"}]"#),
                                                mapping: Mappings.phone, in: store)
        let phones = try EntityDeserializer().collection(from: json(#"[{"id": 10, "number": "2222"}, {"id": 11}]"#),
                                                         mapping: Mappings.phone, in: store)
        #expect(phones == [Phone(id: 10, number: "2222", ddd: "85"), Phone(id: 11)])
        #expect(store.objects(of: Mappings.phone) == phones)
    }

    @Test func integerAndStringKeysAreDistinct() throws {
        #expect(1.primaryKey == .integer(1))
        #expect(Int64(1).primaryKey == Int32(1).primaryKey)
        #expect("1".primaryKey != 1.primaryKey)

        var byText = EntityMapping(entityName: "Slug", create: Category.init)
        byText.addAttribute(\.name, at: "slug")
        byText.setPrimaryKey(\.name)
        let categories = try EntityDeserializer().collection(from: json(#"[{"slug": "cars"}, {"slug": "cars"}, {"slug": "boats"}]"#),
                                                             mapping: byText)
        #expect(categories[0] === categories[1])
        #expect(categories[0] !== categories[2])
    }

    @Test func anOptionalKeyProperty() throws {
        final class Account { var id: Int?; var owner = "" }
        var mapping = EntityMapping(create: Account.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttribute(\.owner, at: "owner")
        mapping.setPrimaryKey(\.id)
        let store = InMemoryStore()
        let accounts = try EntityDeserializer().collection(from: json(#"[{"id": 7, "owner": "a"}, {"id": 7, "owner": "b"}]"#),
                                                           mapping: mapping, in: store)
        #expect(accounts[0] === accounts[1])
        #expect(accounts[0].owner == "b")
        #expect(store.object(of: mapping, key: 7) === accounts[0])
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"id": null, "owner": "c"}"#), mapping: mapping, in: store)
        }
    }

    @Test func aMissingKeyIsAnErrorWithItsPath() throws {
        let document = try json("""
        [{"name": "Lucas", "user_email": "l@example.com"},
         {"name": "Luke", "car": {"model": "i30"}}]
        """)
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: document, mapping: Mappings.person())
        }
        #expect(error.kind == .missingKey)
        #expect(error.path.description == "[1].user_email")
        #expect(error.location?.line == 2)
    }

    @Test func aMissingRelatedKeyIsAnErrorWithItsPath() throws {
        let document = try json(#"[{"user_email": "l@example.com", "phones": [{"id": 1}, {"number": "2"}]}]"#)
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: document, mapping: Mappings.person())
        }
        #expect(error.kind == .missingKey)
        #expect(error.path.description == "[0].phones[1].id")
    }

    @Test func aNullKeyIsAnError() throws {
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"id": null}"#), mapping: Mappings.car)
        }
        #expect(error.path.description == "id")
    }

    @Test func aKeyWithoutItsAttributeIsAnError() throws {
        var mapping = EntityMapping(entityName: "Car", create: Car.init)
        mapping.addAttribute(\.model, at: "model")
        mapping.setPrimaryKey(\.id)
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"id": 1, "model": "i30"}"#), mapping: mapping)
        }
    }
}
