import DataMapper
import DataMapperStore
import Testing

// The assignment policies, against an InMemoryStore that already holds a person with
// car 1 and phones 10 and 11.

@Suite struct PolicyTests {
    /// A store holding Lucas, his car 1 and his phones 10 and 11, imported with `mapping`.
    private func storeWithLucas(_ mapping: EntityMapping<Person>) throws -> (InMemoryStore, Person) {
        let store = InMemoryStore()
        let lucas = try EntityDeserializer().object(from: json("""
        {"name": "Lucas", "user_email": "lucas@example.com",
         "car": {"id": 1, "model": "i30", "year": "2013"},
         "phones": [{"id": 10, "number": "1111", "ddd": "85"}, {"id": 11, "number": "2222", "ddd": "11"}]}
        """), mapping: mapping, in: store)
        #expect(store.count(ofEntity: "Car") == 1)
        #expect(store.count(ofEntity: "Phone") == 2)
        return (store, lucas)
    }

    private func importLucas(_ body: String, _ mapping: EntityMapping<Person>, into store: InMemoryStore) throws -> Person {
        try EntityDeserializer().object(from: json(#"{"user_email": "lucas@example.com", "# + body + "}"), mapping: mapping, in: store)
    }

    // MARK: To-one

    @Test func assignReplacesAndNullClears() throws {
        let mapping = Mappings.person(carPolicy: .assign)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""car": {"id": 2, "model": "HB20"}"#, mapping, into: store)
        #expect(lucas.car?.id == 2)
        #expect(store.count(ofEntity: "Car") == 2)
        _ = try importLucas(#""car": null"#, mapping, into: store)
        #expect(lucas.car == nil)
        #expect(store.count(ofEntity: "Car") == 2)
    }

    @Test func objectMergeKeepsTheOldObjectOnNull() throws {
        let mapping = Mappings.person(carPolicy: .objectMerge)
        let (store, lucas) = try storeWithLucas(mapping)
        let old = try #require(lucas.car)
        _ = try importLucas(#""car": null"#, mapping, into: store)
        #expect(lucas.car === old)
        _ = try importLucas(#""car": {"id": 2, "model": "HB20"}"#, mapping, into: store)
        #expect(lucas.car?.id == 2)
        #expect(store.count(ofEntity: "Car") == 2)
    }

    @Test func objectReplaceDeletesTheOldObjectWhenItDiffers() throws {
        let mapping = Mappings.person(carPolicy: .objectReplace)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""car": {"id": 2, "model": "HB20"}"#, mapping, into: store)
        #expect(lucas.car?.id == 2)
        #expect(store.count(ofEntity: "Car") == 1)
        #expect(store.object(of: Mappings.car, key: 1) == nil)
        #expect(store.object(of: Mappings.car, key: 2) === lucas.car)
    }

    @Test func objectReplaceKeepsTheOldObjectWhenItIsTheNewOne() throws {
        let mapping = Mappings.person(carPolicy: .objectReplace)
        let (store, lucas) = try storeWithLucas(mapping)
        let old = try #require(lucas.car)
        _ = try importLucas(#""car": {"id": 1, "year": "2014"}"#, mapping, into: store)
        #expect(lucas.car === old)
        #expect(old.year == "2014")
        #expect(store.count(ofEntity: "Car") == 1)
        #expect(store.object(of: Mappings.car, key: 1) === old)
    }

    @Test func objectReplaceWithNullDeletesTheOldObject() throws {
        let mapping = Mappings.person(carPolicy: .objectReplace)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""car": null"#, mapping, into: store)
        #expect(lucas.car == nil)
        #expect(store.count(ofEntity: "Car") == 0)
    }

    @Test func anObjectMovedToAnotherParentIsNotDeleted() throws {
        let mapping = Mappings.person(carPolicy: .objectReplace)
        let (store, lucas) = try storeWithLucas(mapping)
        let car = try #require(lucas.car)
        let people = try EntityDeserializer().collection(from: json("""
        [{"user_email": "lucas@example.com", "car": {"id": 2, "model": "HB20"}},
         {"user_email": "luke@example.com", "car": {"id": 1}}]
        """), mapping: mapping, in: store)
        #expect(people[0].car?.id == 2)
        #expect(people[1].car === car)
        #expect(store.object(of: Mappings.car, key: 1) === car)
        #expect(store.count(ofEntity: "Car") == 2)
    }

    // MARK: To-many

    @Test func assignReplacesTheCollectionAndDeletesNothing() throws {
        let mapping = Mappings.person(phonesPolicy: .assign)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""phones": [{"id": 12, "number": "3333"}]"#, mapping, into: store)
        #expect(lucas.phones.map(\.id) == [12])
        #expect(store.count(ofEntity: "Phone") == 3)
        _ = try importLucas(#""phones": null"#, mapping, into: store)
        #expect(lucas.phones.isEmpty)
    }

    @Test func collectionMergeJoinsOldAndNew() throws {
        let mapping = Mappings.person(phonesPolicy: .collectionMerge)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""phones": [{"id": 11, "number": "2229"}, {"id": 12, "number": "3333"}]"#, mapping, into: store)
        #expect(lucas.phones == [
            Phone(id: 10, number: "1111", ddd: "85"),
            Phone(id: 11, number: "2229", ddd: "11"),
            Phone(id: 12, number: "3333"),
        ])
        #expect(store.count(ofEntity: "Phone") == 3)
    }

    @Test func collectionMergeOfClassesWithoutKeysComparesIdentity() throws {
        final class Owner { var name = ""; var cars: [Car] = [] }
        var car = EntityMapping(entityName: "Car", create: Car.init)
        car.addAttribute(\.model, at: "model")
        var owner = EntityMapping(create: Owner.init)
        owner.addAttribute(\.name, at: "name")
        owner.addToManyRelationship(\.cars, at: "cars", mapping: car, policy: .collectionMerge)
        var value = try EntityDeserializer().object(from: json(#"{"cars": [{"model": "i30"}]}"#), mapping: owner)
        let first = try #require(value.cars.first)
        try EntityDeserializer().fill(&value, from: json(#"{"cars": [{"model": "HB20"}]}"#), mapping: owner)
        #expect(value.cars.map(\.model) == ["i30", "HB20"])
        #expect(value.cars[0] === first)
    }

    @Test func collectionReplaceDeletesTheOldObjectsNotAmongTheNew() throws {
        let mapping = Mappings.person(phonesPolicy: .collectionReplace)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""phones": [{"id": 11, "number": "2229"}, {"id": 12, "number": "3333"}]"#, mapping, into: store)
        #expect(lucas.phones.map(\.id) == [11, 12])
        #expect(store.count(ofEntity: "Phone") == 2)
        #expect(store.object(of: Mappings.phone, key: 10) == nil)
        #expect(store.objects(of: Mappings.phone).map(\.id) == [11, 12])
        #expect(store.object(of: Mappings.phone, key: 11)?.number == "2229")
    }

    @Test func collectionReplaceWithNullDeletesEveryOldObject() throws {
        let mapping = Mappings.person(phonesPolicy: .collectionReplace)
        let (store, lucas) = try storeWithLucas(mapping)
        _ = try importLucas(#""phones": null"#, mapping, into: store)
        #expect(lucas.phones.isEmpty)
        #expect(store.count(ofEntity: "Phone") == 0)
    }

    @Test func aChildMovedBetweenParentsInOneImportIsNotDeleted() throws {
        let mapping = Mappings.person(phonesPolicy: .collectionReplace)
        let (store, _) = try storeWithLucas(mapping)
        let people = try EntityDeserializer().collection(from: json("""
        [{"user_email": "lucas@example.com", "phones": [{"id": 11}]},
         {"user_email": "luke@example.com", "phones": [{"id": 10}]}]
        """), mapping: mapping, in: store)
        #expect(people[0].phones.map(\.id) == [11])
        #expect(people[1].phones == [Phone(id: 10, number: "1111", ddd: "85")])
        #expect(store.count(ofEntity: "Phone") == 2)
        #expect(store.count(ofEntity: "Person") == 2)
    }
}
