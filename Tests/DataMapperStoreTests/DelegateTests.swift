import DataMapper
import DataMapperStore
import Testing

// The delegate hears of every object and collection, in the documented order.

/// Records each call as "will object Person", "did collection Phone (2)", ….
private final class CallRecorder: EntityDeserializerDelegate {
    var calls: [String] = []

    func willMapObject<Model>(from representation: SupportedType, mapping: EntityMapping<Model>) {
        calls.append("will object \(mapping.entityName)")
    }

    func didMapObject<Model>(_ object: Model, from representation: SupportedType, mapping: EntityMapping<Model>) {
        calls.append("did object \(mapping.entityName)")
    }

    func willMapCollection<Model>(from representation: SupportedType, mapping: EntityMapping<Model>) {
        calls.append("will collection \(mapping.entityName)")
    }

    func didMapCollection<Model>(_ objects: [Model], from representation: SupportedType, mapping: EntityMapping<Model>) {
        calls.append("did collection \(mapping.entityName) (\(objects.count))")
    }
}

/// Sets each person's age from the number of phones, as a delegate adjusting objects.
private final class PhoneCounter: EntityDeserializerDelegate {
    func didMapObject<Model>(_ object: Model, from representation: SupportedType, mapping: EntityMapping<Model>) {
        guard let person = object as? Person else { return }
        person.age = person.phones.count
    }
}

@Suite struct DelegateTests {
    @Test func theCallsOfACollectionOfPeopleWithPhones() throws {
        let recorder = CallRecorder()
        let document = try json("""
        [{"user_email": "lucas@example.com", "car": {"id": 1},
          "phones": [{"id": 10}, {"id": 11}]},
         {"user_email": "luke@example.com", "phones": [{"id": 12}]}]
        """)
        _ = try EntityDeserializer(delegate: recorder).collection(from: document, mapping: Mappings.person())
        #expect(recorder.calls == [
            "will collection Person",
            "will object Person",
            "will object Car", "did object Car",
            "will collection Phone",
            "will object Phone", "did object Phone",
            "will object Phone", "did object Phone",
            "did collection Phone (2)",
            "did object Person",
            "will object Person",
            "will collection Phone",
            "will object Phone", "did object Phone",
            "did collection Phone (1)",
            "did object Person",
            "did collection Person (2)",
        ])
    }

    @Test func aRepeatedKeyIsReportedAgainWithoutMappingItAgain() throws {
        let recorder = CallRecorder()
        let document = try json(#"[{"user_email": "l@example.com", "phones": [{"id": 10}]}, {"user_email": "l@example.com"}]"#)
        _ = try EntityDeserializer(delegate: recorder).collection(from: document, mapping: Mappings.person())
        #expect(recorder.calls == [
            "will collection Person",
            "will object Person",
            "will collection Phone", "will object Phone", "did object Phone", "did collection Phone (1)",
            "did object Person",
            "will object Person", "did object Person",
            "did collection Person (2)",
        ])
    }

    @Test func aSingleObjectAndAFill() throws {
        let recorder = CallRecorder()
        let deserializer = EntityDeserializer(delegate: recorder)
        var car = try deserializer.object(from: json(#"{"id": 1}"#), mapping: Mappings.car)
        #expect(recorder.calls == ["will object Car", "did object Car"])
        recorder.calls = []
        try deserializer.fill(&car, from: json(#"{"id": 1, "model": "i30"}"#), mapping: Mappings.car)
        #expect(recorder.calls == ["will object Car", "did object Car"])
    }

    @Test func nothingIsCalledWhenTheDocumentHasAnError() throws {
        let recorder = CallRecorder()
        let document = try json(#"[{"user_email": "l@example.com"}, {"user_email": 7}]"#)
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer(delegate: recorder).collection(from: document, mapping: Mappings.person())
        }
        #expect(recorder.calls.isEmpty)
    }

    @Test func didMapObjectSeesTheFinishedObject() throws {
        let document = try json(#"{"user_email": "l@example.com", "phones": [{"id": 10}, {"id": 11}]}"#)
        let person = try EntityDeserializer(delegate: PhoneCounter()).object(from: document, mapping: Mappings.person())
        #expect(person.age == 2)
    }

    @Test func aWeakBindingThatFindsNothingIsNotReported() throws {
        var categoryByKey = EntityMapping(entityName: "Category", create: Category.init)
        categoryByKey.addAttribute(\.id, at: nil)
        categoryByKey.setPrimaryKey(\.id)
        var website = EntityMapping(entityName: "Website", create: Website.init)
        website.addAttribute(\.id, at: "id")
        website.setPrimaryKey(\.id)
        website.addToOneRelationship(\.category, at: "category", mapping: categoryByKey, isWeak: true)
        let recorder = CallRecorder()
        let site = try EntityDeserializer(delegate: recorder).object(from: json(#"{"id": 314, "category": 4}"#), mapping: website)
        #expect(site.category == nil)
        #expect(recorder.calls == ["will object Website", "did object Website"])
    }
}
