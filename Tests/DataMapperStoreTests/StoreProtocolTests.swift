import DataMapper
import DataMapperJSON
import DataMapperStore
import Testing

// What a store of its own sees of an import: one lookup per entity with every key the
// document names (nested ones included), then the writes, related objects first.

private struct Author { var id = 0; var name = ""; var books: [Book] = [] }
private struct Book { var isbn = ""; var title = ""; var publisher: Publisher? }
private struct Publisher { var id = 0; var name = "" }

private enum Call: Equatable {
    case lookup(entity: String, keys: [PrimaryKey])
    case save(entity: String, key: PrimaryKey?, isNew: Bool)
    case delete(entity: String, key: PrimaryKey?)
}

/// A store that records what the import asks, holding one stored book.
private final class RecordingStore: ObjectStore {
    var calls: [Call] = []
    var committed = 0

    struct Transaction: ObjectStoreTransaction {
        var calls: [Call] = []

        mutating func objects<Model>(of mapping: EntityMapping<Model>, withKeys keys: [PrimaryKey]) -> [PrimaryKey: Model] {
            calls.append(.lookup(entity: mapping.entityName, keys: keys))
            guard mapping.entityName == "Book", keys.contains(.string("111")) else { return [:] }
            var book = Book(isbn: "111", title: "stored title")
            book.publisher = Publisher(id: 9, name: "stored publisher")
            return (book as? Model).map { [.string("111"): $0] } ?? [:]
        }

        mutating func save<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?, isNew: Bool) {
            calls.append(.save(entity: mapping.entityName, key: key, isNew: isNew))
        }

        mutating func delete<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?) {
            calls.append(.delete(entity: mapping.entityName, key: key))
        }
    }

    func withTransaction<Result>(_ body: (inout Transaction) throws -> Result) throws -> Result {
        var transaction = Transaction()
        let result = try body(&transaction)
        calls += transaction.calls
        committed += 1
        return result
    }
}

private func mappings() -> (author: EntityMapping<Author>, book: EntityMapping<Book>) {
    var publisher = EntityMapping(entityName: "Publisher", create: Publisher.init)
    publisher.addAttribute(\.id, at: "id")
    publisher.addAttribute(\.name, at: "name")
    publisher.setPrimaryKey(\.id)
    var book = EntityMapping(entityName: "Book", create: Book.init)
    book.addAttributes([\.isbn: "isbn", \.title: "title"])
    book.setPrimaryKey(\.isbn)
    book.addToOneRelationship(\.publisher, at: "publisher", mapping: publisher, policy: .objectReplace)
    var author = EntityMapping(entityName: "Author", create: Author.init)
    author.addAttribute(\.id, at: "id")
    author.addAttribute(\.name, at: "name")
    author.setPrimaryKey(\.id)
    author.addToManyRelationship(\.books, at: "books", mapping: book)
    return (author, book)
}

private let authors = """
[{"id": 1, "name": "Ada", "books": [
    {"isbn": "111", "title": "First", "publisher": {"id": 7, "name": "North"}},
    {"isbn": "222", "title": "Second", "publisher": {"id": 7, "name": "North"}}]},
 {"id": 2, "name": "Ben", "books": [{"isbn": "333", "title": "Third", "publisher": null}]}]
"""

@Suite("A store's view of an import")
struct StoreProtocolTests {
    @Test("one lookup per entity, with every key of the document in order")
    func batchedLookups() throws {
        let store = RecordingStore()
        _ = try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: authors),
                                                mapping: mappings().author, in: store)
        let lookups = store.calls.filter { if case .lookup = $0 { true } else { false } }
        #expect(lookups == [
            .lookup(entity: "Author", keys: [.integer(1), .integer(2)]),
            .lookup(entity: "Book", keys: [.string("111"), .string("222"), .string("333")]),
            .lookup(entity: "Publisher", keys: [.integer(7)]),
        ])
        #expect(store.committed == 1)
    }

    @Test("saves come after the lookups, related objects before their holders, each key once")
    func saveOrder() throws {
        let store = RecordingStore()
        _ = try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: authors),
                                                mapping: mappings().author, in: store)
        let writes = Array(store.calls.drop { if case .lookup = $0 { true } else { false } })
        // Entity by entity, related entities first; each entity's in the order finished.
        #expect(writes == [
            .save(entity: "Publisher", key: .integer(7), isNew: true),
            .save(entity: "Book", key: .string("111"), isNew: false),
            .save(entity: "Book", key: .string("222"), isNew: true),
            .save(entity: "Book", key: .string("333"), isNew: true),
            .save(entity: "Author", key: .integer(1), isNew: true),
            .save(entity: "Author", key: .integer(2), isNew: true),
            // objectReplace let the stored book's publisher 9 go
            .delete(entity: "Publisher", key: .integer(9)),
        ])
    }

    @Test("a failing import asks nothing of the store and commits nothing")
    func failingImport() throws {
        let store = RecordingStore()
        let broken = authors.replacingOccurrences(of: #""isbn": "333""#, with: #""isbn": ["333"]"#)
        #expect(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: broken),
                                                mapping: mappings().author, in: store)
        }
        #expect(store.calls.isEmpty)
        #expect(store.committed == 0)
    }

    @Test("a relationship names the keys a model holds, for foreign keys and join tables")
    func relatedKeys() throws {
        let (author, book) = mappings()
        var ada = Author(id: 1, name: "Ada")
        ada.books = [Book(isbn: "111"), Book(isbn: "222", publisher: Publisher(id: 7))]
        let books = try #require(author.relationships.first)
        #expect(books.isToMany)
        #expect(author.relatedEntityName(of: books) == "Book")
        #expect(author.relatedKeys(of: ada, through: books) == [.string("111"), .string("222")])
        let publisher = try #require(book.relationships.first)
        #expect(book.relatedKeys(of: ada.books[1], through: publisher) == [.integer(7)])
        #expect(book.relatedKeys(of: ada.books[0], through: publisher).isEmpty)
    }
}
