import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import GRDB
import Testing

// Weak relationships bind only to rows that exist; relationships that name their
// object by primary key alone bind to its row.

@Suite("Weak relationships and bindings by key against SQLite")
struct WeakTests {
    private let ada = #"{"user_email": "ada@example.com", "name": "Ada", "car": {"id": 1, "model": "i30", "year": 2013}}"#

    private func carOfAda(_ database: LibraryDatabase) throws -> Int64? {
        try database.column("SELECT car_id FROM person WHERE email = 'ada@example.com'", as: Int64.self).first ?? nil
    }

    @Test("a weak car with no row to bind to is nil, and no stub row is inserted")
    func weakWithoutRow() throws {
        let library = LibraryMappings(weakCar: true)
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        let person = try library.importPerson(ada, into: store)
        #expect(person.car == nil)
        #expect(try database.count("car") == 0)
        #expect(try database.count("person") == 1)
        #expect(try carOfAda(database) == nil)
    }

    @Test("a weak car binds to a row inserted with SQL, and takes what the payload holds")
    func weakBindsToSQLRow() throws {
        let library = LibraryMappings(weakCar: true)
        let database = try LibraryDatabase()
        try database.queue.write { try $0.execute(sql: "INSERT INTO car (id, model) VALUES (1, 'old')") }
        let store = try SQLiteStore(database.queue, tables: library.tables)
        let person = try library.importPerson(ada, into: store)
        #expect(person.car == Car(id: 1, model: "i30", year: 2013))
        #expect(try carOfAda(database) == 1)
        #expect(try database.count("car") == 1)
        #expect(try database.column("SELECT model FROM car", as: String.self) == ["i30"])
    }

    @Test("a weak car binds to a row a first import made")
    func weakBindsToImportedRow() throws {
        let database = try LibraryDatabase()
        let strong = LibraryMappings()
        _ = try strong.importPerson(#"{"user_email": "ben@example.com", "name": "Ben", "car": {"id": 1, "model": "i30"}}"#,
                                    into: SQLiteStore(database.queue, tables: strong.tables))
        let weak = LibraryMappings(weakCar: true)
        let store = try SQLiteStore(database.queue, tables: weak.tables)
        let people = try weak.importPeople("""
            [{"user_email": "ada@example.com", "name": "Ada", "car": {"id": 1}},
             {"user_email": "cy@example.com", "name": "Cy", "car": {"id": 2, "model": "HB20"}}]
            """, into: store)
        #expect(people.map(\.car?.id) == [1, nil])
        #expect(try database.column("SELECT car_id FROM person ORDER BY email", as: Int64.self) == [1, 1, nil])
        #expect(try database.count("car") == 1)
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("a weak objectMerge car with nothing to bind to keeps car_id")
    func weakObjectMergeKeepsTheOldCar() throws {
        let database = try LibraryDatabase()
        let strong = LibraryMappings()
        _ = try strong.importPerson(ada, into: SQLiteStore(database.queue, tables: strong.tables))
        let weak = LibraryMappings(carPolicy: .objectMerge, weakCar: true)
        let store = try SQLiteStore(database.queue, tables: weak.tables)
        let person = try weak.importPerson(#"{"user_email": "ada@example.com", "car": {"id": 9, "model": "HB20"}}"#, into: store)
        #expect(person.car?.id == 1)
        #expect(try carOfAda(database) == 1)
        #expect(try database.count("car") == 1)
    }

    // MARK: Bindings by key

    /// A person whose car is named by `car_id` in the person's own representation.
    private func personWithCarID(weak: Bool = false) -> EntityMapping<Person> {
        var car = EntityMapping(entityName: "Car", create: Car.init)
        car.addAttribute(\.id, at: "car_id")
        car.setPrimaryKey(\.id)
        var person = EntityMapping(entityName: "Person", create: Person.init)
        person.addAttribute(\.email, at: "user_email")
        person.addAttribute(\.name, at: "name")
        person.setPrimaryKey(\.email)
        person.addToOneRelationship(\.car, at: nil, mapping: car, isWeak: weak)
        return person
    }

    /// A person whose tags are an array of their keys.
    private var personWithTagKeys: EntityMapping<Person> {
        var tag = EntityMapping(entityName: "Tag", create: Tag.init)
        tag.addAttribute(\.id, at: nil)
        tag.setPrimaryKey(\.id)
        var person = EntityMapping(entityName: "Person", create: Person.init)
        person.addAttribute(\.email, at: "user_email")
        person.setPrimaryKey(\.email)
        person.addToManyRelationship(\.tags, at: "tags", mapping: tag, isWeak: true)
        return person
    }

    /// A database with Ben, car 1 and tags 100 and 101, and a store whose tables are
    /// those of the full mappings.
    private func started() throws -> (LibraryDatabase, SQLiteStore) {
        let database = try LibraryDatabase()
        let library = LibraryMappings()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try library.importPerson("""
            {"user_email": "ben@example.com", "name": "Ben", "car": {"id": 1, "model": "i30", "year": 2013},
             "tags": [{"id": 100, "label": "admin"}, {"id": 101, "label": "dev"}]}
            """, into: store)
        return (database, store)
    }

    @Test("a relationship without a path binds to the row its key names, which it loads")
    func relationshipWithoutPath() throws {
        let (database, store) = try started()
        let document = try JSONSerializer().deserialize(fromString: #"{"user_email": "ada@example.com", "name": "Ada", "car_id": 1}"#)
        let person = try EntityDeserializer().object(from: document, mapping: personWithCarID(), in: store)
        #expect(person.car == Car(id: 1, model: "i30", year: 2013), "the car's other columns are read from its row")
        #expect(try carOfAda(database) == 1)
        #expect(try database.count("car") == 1)
        #expect(try database.column("SELECT model FROM car", as: String.self) == ["i30"])
    }

    @Test("a weak relationship without a path to a missing row sets no key and inserts nothing")
    func weakRelationshipWithoutPath() throws {
        let (database, store) = try started()
        let document = try JSONSerializer().deserialize(fromString: #"{"user_email": "ada@example.com", "name": "Ada", "car_id": 7}"#)
        let person = try EntityDeserializer().object(from: document, mapping: personWithCarID(weak: true), in: store)
        #expect(person.car == nil)
        #expect(try carOfAda(database) == nil)
        #expect(try database.count("car") == 1)
    }

    @Test("an array of keys (attribute path nil) binds to tag rows, leaving out a missing one")
    func keysOfAToManyRelationship() throws {
        let (database, store) = try started()
        let document = try JSONSerializer().deserialize(fromString: #"{"user_email": "ben@example.com", "tags": [101, 999]}"#)
        let person = try EntityDeserializer().object(from: document, mapping: personWithTagKeys, in: store)
        #expect(person.tags == [Tag(id: 101, label: "dev")])
        #expect(try database.personTags() == ["ben@example.com/101"])
        #expect(try database.count("tag") == 2)
        #expect(try database.foreignKeyViolations() == 0)
    }
}
