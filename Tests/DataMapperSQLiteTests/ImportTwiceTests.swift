import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import GRDB
import Testing

private let people = """
[{"user_email": "ada@example.com", "name": "Ada", "active": true,
  "car": {"id": 1, "model": "i30", "year": 2013},
  "phones": [{"id": 10, "number": "111"}, {"id": 11, "number": "222"}],
  "tags": [{"id": 100, "label": "admin"}, {"id": 101, "label": "dev"}]},
 {"user_email": "ben@example.com", "name": "Ben", "active": false,
  "car": null,
  "phones": [{"id": 12, "number": "333"}],
  "tags": [{"id": 101, "label": "dev"}]}]
"""

@Suite("Importing into SQLite twice")
struct ImportTwiceTests {
    let library = LibraryMappings()

    private func importPeople(_ text: String, into store: SQLiteStore) throws -> [Person] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text), mapping: library.person, in: store)
    }

    @Test("a second import of the same payload updates nothing and adds no row")
    func sameTwice() throws {
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try importPeople(people, into: store)
        let counts = try ["person", "car", "phone", "tag", "person_tag"].map(database.count)
        #expect(counts == [2, 1, 3, 2, 3])
        let changes = try database.changes()
        let again = try importPeople(people, into: store)
        #expect(try ["person", "car", "phone", "tag", "person_tag"].map(database.count) == counts)
        #expect(try database.changes() == changes, "an unchanged row is not written again")
        #expect(again[0].car == Car(id: 1, model: "i30", year: 2013))
        #expect(again[0].phones.map(\.number) == ["111", "222"])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("rows hold the columns the mappings name, links included")
    func rows() throws {
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try importPeople(people, into: store)
        let ada = try #require(try database.queue.read { try Row.fetchOne($0, sql: "SELECT * FROM person WHERE email = 'ada@example.com'") })
        #expect(ada["name"] == "Ada")
        #expect(ada["active"] == 1)
        #expect(ada["car_id"] == 1)
        let owners = try database.queue.read { try String.fetchAll($0, sql: "SELECT person_email FROM phone ORDER BY id") }
        #expect(owners == ["ada@example.com", "ada@example.com", "ben@example.com"])
        let pairs = try database.queue.read { try Row.fetchAll($0, sql: "SELECT * FROM person_tag ORDER BY person_email, tag_id") }
        #expect(pairs.map { "\($0["person_email"] as String)/\($0["tag_id"] as Int64)" }
                == ["ada@example.com/100", "ada@example.com/101", "ben@example.com/101"])
    }

    @Test("a changed payload updates the changed rows only")
    func changedPayload() throws {
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try importPeople(people, into: store)
        let before = try database.changes()
        _ = try importPeople(#"[{"user_email": "ben@example.com", "name": "Benjamin"}]"#, into: store)
        #expect(try database.changes() - before == 1)
        #expect(try database.queue.read { try String.fetchOne($0, sql: "SELECT name FROM person WHERE email = 'ben@example.com'") } == "Benjamin")
    }

    @Test("an error anywhere rolls the whole import back")
    func rollback() throws {
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try importPeople(people, into: store)
        // The second person's car breaks the schema's CHECK when written: the first
        // person's new name must not stay.
        let failing = """
        [{"user_email": "ada@example.com", "name": "Ada Lovelace"},
         {"user_email": "cy@example.com", "name": "Cy", "car": {"id": 2, "model": "Benz", "year": 1700}}]
        """
        #expect(throws: DatabaseError.self) { try importPeople(failing, into: store) }
        #expect(try database.queue.read { try String.fetchOne($0, sql: "SELECT name FROM person WHERE email = 'ada@example.com'") } == "Ada")
        #expect(try database.count("person") == 2)
        #expect(try database.count("car") == 1)
    }
}
