import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import Synchronization
import Testing

private let ada = """
[{"user_email": "ada@example.com", "name": "Ada", "active": true, "car": null, "phones": [], "tags": []}]
"""

/// Counts the objects a mapping's `create` makes.
private final class MadeCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func person() -> Person {
        count.withLock { $0 += 1 }
        return Person()
    }
}

/// The library's mappings, with people made by `made`: the table's own mapping, which
/// also makes the objects of stored rows.
private func countingLibrary(_ made: MadeCount) -> LibraryMappings {
    var library = LibraryMappings()
    var people = EntityMapping(entityName: "Person", create: made.person)
    people.addAttributes(library.person.attributes)
    for relationship in library.person.relationships { people.addRelationship(relationship) }
    people.setPrimaryKey(\.email)
    library.person = people
    return library
}

/// A database holding Ada, imported with the library's mappings whose people `made`
/// counts, and the store over it.
private struct ImportedAda {
    let made = MadeCount()
    let library: LibraryMappings
    let database: LibraryDatabase
    let store: SQLiteStore

    init() throws {
        library = countingLibrary(made)
        database = try LibraryDatabase()
        store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try importPeople(ada)
    }

    /// Imports the people of the JSON array `text` with `mapping`, by default the
    /// library's.
    func importPeople(_ text: String, mapping: EntityMapping<Person>? = nil) throws -> [Person] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text),
                                            mapping: mapping ?? library.person, in: store)
    }
}

@Suite("Which imports read the stored objects")
struct StoredObjectsTests {
    @Test("a payload that sets every column and link makes no object of the stored row")
    func everythingSet() throws {
        let fixture = try ImportedAda()
        let again = try fixture.importPeople(ada.replacingOccurrences(of: "\"Ada\"", with: "\"Ada L.\""))
        #expect(fixture.made.value == 2, "one object per representation, none of the stored row")
        #expect(again.map(\.name) == ["Ada L."])
        #expect(try fixture.database.column("SELECT name FROM person", as: String.self) == ["Ada L."])
    }

    @Test("a payload that leaves a column out reads the stored row, whose value stays")
    func columnLeftOut() throws {
        let fixture = try ImportedAda()
        let again = try fixture.importPeople(#"[{"user_email": "ada@example.com", "active": false}]"#)
        #expect(fixture.made.value == 3, "the second import made the representation's object and the stored row's")
        #expect(again.map(\.name) == ["Ada"])
        #expect(again.map(\.active) == [false])
        #expect(try fixture.database.column("SELECT name FROM person", as: String.self) == ["Ada"])
    }

    @Test("a mapping that names fewer columns than the table's reads the stored row")
    func narrowerMapping() throws {
        let fixture = try ImportedAda()
        var narrow = EntityMapping(entityName: "Person", create: Person.init)
        narrow.addAttribute(\.email, at: "user_email")
        narrow.addAttribute(\.active, at: "active")
        narrow.setPrimaryKey(\.email)
        let again = try fixture.importPeople(#"[{"user_email": "ada@example.com", "active": false}]"#, mapping: narrow)
        #expect(fixture.made.value == 2, "the table's mapping made the stored row's object")
        #expect(again.map(\.name) == ["Ada"], "the column the mapping does not name comes from the row")
        #expect(try fixture.database.column("SELECT active FROM person", as: Int.self) == [0])
    }
}
