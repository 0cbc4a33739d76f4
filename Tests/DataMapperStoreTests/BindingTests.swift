import DataMapper
import DataMapperStore
import Testing

// Binding related objects by their primary key alone, and weak relationships.

@Suite struct BindingTests {
    /// A category read from a website's own representation: its id is `"category"`.
    private var categoryInWebsite: EntityMapping<Category> {
        var mapping = EntityMapping(entityName: "Category", create: Category.init)
        mapping.addAttribute(\.id, at: "category")
        mapping.setPrimaryKey(\.id)
        return mapping
    }

    /// A category whose representation is its id itself.
    private var categoryByKey: EntityMapping<Category> {
        var mapping = EntityMapping(entityName: "Category", create: Category.init)
        mapping.addAttribute(\.id, at: nil)
        mapping.setPrimaryKey(\.id)
        return mapping
    }

    private func website(category: EntityMapping<Category>, at path: DataPath?, isWeak: Bool = false) -> EntityMapping<Website> {
        var mapping = EntityMapping(entityName: "Website", create: Website.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttribute(\.url, at: "url")
        mapping.setPrimaryKey(\.id)
        mapping.addToOneRelationship(\.category, at: path, mapping: category, isWeak: isWeak)
        return mapping
    }

    private func storeWithCategory4() throws -> (InMemoryStore, Category) {
        let store = InMemoryStore()
        let category = Category()
        category.id = 4
        category.name = "Cars"
        try store.insert(category, mapping: Mappings.category)
        return (store, category)
    }

    @Test func aRelationshipWithoutAPathReadsTheParentsRepresentation() throws {
        let (store, cars) = try storeWithCategory4()
        let mapping = website(category: categoryInWebsite, at: nil)
        let document = try json(#"{"id": 314, "url": "https://hb20.example.com", "category": 4}"#)
        let site = try EntityDeserializer().object(from: document, mapping: mapping, in: store)
        #expect(site.category === cars)
        #expect(cars.name == "Cars")
        #expect(store.count(ofEntity: "Category") == 1)
        #expect(try EntitySerializer.serialize(site, mapping: mapping) == document)
    }

    @Test func aRelationshipWithoutAPathMakesTheObjectWhenNoneIsStored() throws {
        let store = InMemoryStore()
        let mapping = website(category: categoryInWebsite, at: nil)
        let site = try EntityDeserializer().object(from: json(#"{"id": 314, "category": 4}"#), mapping: mapping, in: store)
        #expect(site.category?.id == 4)
        #expect(store.object(of: Mappings.category, key: 4) === site.category)
    }

    @Test func aRelatedRepresentationThatIsTheKeyItself() throws {
        let (store, cars) = try storeWithCategory4()
        let mapping = website(category: categoryByKey, at: "category")
        let document = try json(#"{"id": 314, "url": "https://hb20.example.com", "category": 4}"#)
        let sites = try EntityDeserializer().collection(from: .array([document, json(#"{"id": 315, "category": 4}"#)]),
                                                        mapping: mapping, in: store)
        #expect(sites[0].category === cars)
        #expect(sites[1].category === cars)
        #expect(cars.name == "Cars")
        #expect(try EntitySerializer.serialize(sites[0], mapping: mapping) == document)
    }

    @Test func aToManyRelationshipOfKeys() throws {
        final class Tagged { var id = 0; var categories: [Category] = [] }
        let (store, cars) = try storeWithCategory4()
        var mapping = EntityMapping(create: Tagged.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addToManyRelationship(\.categories, at: "categories", mapping: categoryByKey)
        let tagged = try EntityDeserializer().object(from: json(#"{"id": 1, "categories": [4, 5, 4]}"#), mapping: mapping, in: store)
        #expect(tagged.categories.map(\.id) == [4, 5, 4])
        #expect(tagged.categories[0] === cars)
        #expect(tagged.categories[2] === cars)
        #expect(store.count(ofEntity: "Category") == 2)
    }

    @Test func aWeakRelationshipBindsToAStoredObject() throws {
        let (store, cars) = try storeWithCategory4()
        let mapping = website(category: categoryByKey, at: "category", isWeak: true)
        let site = try EntityDeserializer().object(from: json(#"{"id": 314, "category": 4}"#), mapping: mapping, in: store)
        #expect(site.category === cars)
    }

    @Test func aWeakRelationshipWithNothingToBindToIsNilAndMakesNoStub() throws {
        let store = InMemoryStore()
        let mapping = website(category: categoryInWebsite, at: nil, isWeak: true)
        let site = try EntityDeserializer().object(from: json(#"{"id": 314, "category": 4}"#), mapping: mapping, in: store)
        #expect(site.category == nil)
        #expect(store.count(ofEntity: "Category") == 0)
        #expect(store.count(ofEntity: "Website") == 1)
    }

    @Test func aWeakToManyRelationshipLeavesOutWhatItCannotBind() throws {
        final class Tagged { var id = 0; var categories: [Category] = [] }
        let (store, cars) = try storeWithCategory4()
        var mapping = EntityMapping(create: Tagged.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addToManyRelationship(\.categories, at: "categories", mapping: categoryByKey, isWeak: true)
        let tagged = try EntityDeserializer().object(from: json(#"{"id": 1, "categories": [5, 4]}"#), mapping: mapping, in: store)
        #expect(tagged.categories.count == 1)
        #expect(tagged.categories.first === cars)
        #expect(store.count(ofEntity: "Category") == 1)
    }

    @Test func aWeakRelationshipBindsToAnObjectTheSameImportMakes() throws {
        final class Directory { var categories: [Category] = []; var websites: [Website] = [] }
        let store = InMemoryStore()
        // The websites come first: the weak binding is reached before the category is made.
        var directory = EntityMapping(entityName: "Directory", create: Directory.init)
        directory.addToManyRelationship(\.websites, at: "websites", mapping: website(category: categoryByKey, at: "category", isWeak: true))
        directory.addToManyRelationship(\.categories, at: "categories", mapping: Mappings.category)
        let result = try EntityDeserializer().object(from: json("""
        {"websites": [{"id": 314, "category": 4}, {"id": 315, "category": 5}],
         "categories": [{"id": 4, "name": "Cars"}]}
        """), mapping: directory, in: store)
        let cars = try #require(result.categories.first)
        #expect(result.websites[0].category === cars)
        #expect(result.websites[1].category == nil)
        #expect(cars.name == "Cars")
        #expect(store.count(ofEntity: "Category") == 1)
        #expect(store.object(of: Mappings.category, key: 4) === cars)
    }

    @Test func aWeakObjectMergeKeepsTheOldObjectWhenNothingIsFound() throws {
        let (store, cars) = try storeWithCategory4()
        var mapping = EntityMapping(entityName: "Website", create: Website.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.setPrimaryKey(\.id)
        mapping.addToOneRelationship(\.category, at: "category", mapping: categoryByKey, policy: .objectMerge, isWeak: true)
        let site = try EntityDeserializer().object(from: json(#"{"id": 314, "category": 4}"#), mapping: mapping, in: store)
        #expect(site.category === cars)
        _ = try EntityDeserializer().object(from: json(#"{"id": 314, "category": 9}"#), mapping: mapping, in: store)
        #expect(site.category === cars)
        #expect(store.count(ofEntity: "Category") == 1)
    }

    @Test func aWebsiteWithoutACategoryRoundTripsThroughARelationshipWithoutAPath() throws {
        let mapping = website(category: categoryInWebsite, at: nil)
        let site = Website()
        site.id = 314
        site.url = "https://hb20.example.com"
        let written = try EntitySerializer.serialize(site, mapping: mapping)
        #expect(written == ["id": 314, "url": "https://hb20.example.com"])
        let read = try EntityDeserializer().object(from: written, mapping: mapping)
        #expect(read.id == 314)
        #expect(read.category == nil)
    }

    @Test func aNullKeyInTheParentClearsARelationshipWithoutAPath() throws {
        let (store, cars) = try storeWithCategory4()
        let mapping = website(category: categoryInWebsite, at: nil)
        let site = try EntityDeserializer().object(from: json(#"{"id": 314, "category": 4}"#), mapping: mapping, in: store)
        #expect(site.category === cars)
        _ = try EntityDeserializer().object(from: json(#"{"id": 314, "url": "https://hb20.example.com"}"#), mapping: mapping, in: store)
        #expect(site.category === cars)
        _ = try EntityDeserializer().object(from: json(#"{"id": 314, "category": null}"#), mapping: mapping, in: store)
        #expect(site.category == nil)
        #expect(store.count(ofEntity: "Category") == 1)
    }
}

