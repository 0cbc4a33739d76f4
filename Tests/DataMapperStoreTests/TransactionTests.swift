import DataMapper
import DataMapperStore
import Testing

// An import that fails changes nothing: not the store, not the objects it holds.

@Suite struct TransactionTests {
    /// A store holding Lucas with car 1 and phone 10, and Luke with no car.
    private func populatedStore() throws -> (InMemoryStore, [Person]) {
        let store = InMemoryStore()
        let people = try EntityDeserializer().collection(from: json("""
        [{"name": "Lucas", "user_email": "lucas@example.com", "age": 31,
          "car": {"id": 1, "model": "i30", "year": "2013"}, "phones": [{"id": 10, "number": "1111"}]},
         {"name": "Luke", "user_email": "luke@example.com"}]
        """), mapping: Mappings.person(carPolicy: .objectReplace, phonesPolicy: .collectionReplace), in: store)
        return (store, people)
    }

    /// What the store holds, as values.
    private func contents(of store: InMemoryStore) -> [String] {
        store.objects(of: Mappings.person()).map { "\(PersonSnapshot($0))" }
            + store.objects(of: Mappings.car).map { "car \($0.id) \($0.model) \($0.year)" }
            + store.objects(of: Mappings.phone).map { "\($0)" }
    }

    @Test func anErrorDeepInTheSecondElementChangesNothing() throws {
        let (store, people) = try populatedStore()
        let before = contents(of: store)
        let lucasCar = people[0].car
        let text = """
        [{"name": "Lucas M.", "user_email": "lucas@example.com", "age": 32,
          "car": {"id": 2, "model": "HB20"}, "phones": [{"id": 11, "number": "2222"}]},
         {"name": "Luke S.", "user_email": "luke@example.com",
          "phones": [{"id": 12, "number": "3333"},
                     {"id": 13, "number": {"area": 85}}]},
         {"name": "Leia", "user_email": "leia@example.com"}]
        """
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: json(text), mapping: Mappings.person(carPolicy: .objectReplace, phonesPolicy: .collectionReplace),
                                                in: store)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.path.description == "[1].phones[1].number")
        let expected = try #require(position(of: #"{"area""#, in: text))
        #expect(expected.line == 5)
        #expect(error.location?.line == expected.line)
        #expect(error.location?.column == expected.column)

        #expect(contents(of: store) == before)
        #expect(store.count(ofEntity: "Person") == 2)
        #expect(store.count(ofEntity: "Car") == 1)
        #expect(store.count(ofEntity: "Phone") == 1)
        // The stored class instances are untouched.
        #expect(people[0].name == "Lucas")
        #expect(people[0].age == 31)
        #expect(people[0].car === lucasCar)
        #expect(people[0].phones.map(\.id) == [10])
        #expect(people[1].name == "Luke")
        #expect(store.object(of: Mappings.person(), key: "leia@example.com") == nil)
    }

    @Test func theErrorOfAYAMLDocumentHasItsLineAndColumn() throws {
        let (store, people) = try populatedStore()
        let text = """
        - name: Lucas M.
          user_email: lucas@example.com
        - name: Luke S.
          user_email: luke@example.com
          car:
            id: 2
            model: [HB20]
        """
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: yaml(text), mapping: Mappings.person(), in: store)
        }
        #expect(error.path.description == "[1].car.model")
        let expected = try #require(position(of: "[HB20]", in: text))
        #expect(error.location?.line == 7)
        #expect(error.location?.line == expected.line)
        #expect(error.location?.column == expected.column)
        #expect(people[0].name == "Lucas")
        #expect(people[1].name == "Luke")
        #expect(people[1].car == nil)
        #expect(store.count(ofEntity: "Car") == 1)
    }

    @Test func aFillThatFailsLeavesTheObjectAsItWas() throws {
        let person = Person()
        person.name = "Lucas"
        person.email = "lucas@example.com"
        var filled = person
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().fill(&filled, from: json(#"{"name": "Lucas M.", "phones": [{"id": "ten"}]}"#),
                                          mapping: Mappings.person())
        }
        #expect(person.name == "Lucas")
        #expect(person.phones.isEmpty)
    }

    @Test func anErrorWhileApplyingLeavesStoredInstancesUntouched() throws {
        // A struct that would contain itself is only found while objects are being
        // made; the person stored before must still be as it was.
        final class Gardener { var email = ""; var name = ""; var trees: [Node] = [] }
        var mapping = EntityMapping(entityName: "Gardener", create: Gardener.init)
        mapping.addAttribute(\.email, at: "email")
        mapping.addAttribute(\.name, at: "name")
        mapping.setPrimaryKey(\.email)
        mapping.addToManyRelationship(\.trees, at: "trees", mapping: Mappings.tree)
        let store = InMemoryStore()
        let gardener = try EntityDeserializer().object(from: json(#"{"email": "g@example.com", "name": "Sam"}"#),
                                                       mapping: mapping, in: store)
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"email": "g@example.com", "name": "Samwise", "trees": [{"id": 1, "children": [{"id": 1}]}]}"#),
                                            mapping: mapping, in: store)
        }
        #expect(store.count(ofEntity: "Node") == 0)
        #expect(gardener.trees.isEmpty)
        #expect(gardener.name == "Sam")
    }

    @Test func aSuccessfulImportAfterAFailedOneSeesTheOldStore() throws {
        let (store, people) = try populatedStore()
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"user_email": "lucas@example.com", "car": {"id": 2, "model": 7}}"#),
                                            mapping: Mappings.person(carPolicy: .objectReplace), in: store)
        }
        let lucas = try EntityDeserializer().object(from: json(#"{"user_email": "lucas@example.com", "car": {"id": 1}}"#),
                                                    mapping: Mappings.person(carPolicy: .objectReplace), in: store)
        #expect(lucas === people[0])
        #expect(lucas.car?.model == "i30")
        #expect(store.count(ofEntity: "Car") == 1)
    }

    @Test func theInMemoryStoreKeepsNoWriteOfATransactionThatThrows() throws {
        struct Abandoned: Error {}
        let store = InMemoryStore()
        let kept = Car()
        kept.id = 1
        try store.insert(kept, mapping: Mappings.car)
        let added = Car()
        added.id = 2
        #expect(throws: Abandoned.self) {
            try store.withTransaction { transaction in
                try transaction.save(added, of: Mappings.car, key: added.primaryKey(Mappings.car), isNew: true)
                transaction.delete(kept, of: Mappings.car, key: kept.primaryKey(Mappings.car))
                #expect(try transaction.objects(of: Mappings.car, withKeys: [.integer(1), .integer(2)]).keys.sorted { "\($0)" < "\($1)" } == [.integer(2)])
                throw Abandoned()
            }
        }
        #expect(store.objects(of: Mappings.car).map(\.id) == [1])
        #expect(store.object(of: Mappings.car, key: 1) === kept)
    }
}

private extension Car {
    func primaryKey(_ mapping: EntityMapping<Car>) -> PrimaryKey? { mapping.primaryKey(of: self) }
}

