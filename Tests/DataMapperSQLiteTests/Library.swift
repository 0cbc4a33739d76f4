import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import Foundation
import GRDB

// The models, schema and mappings the SQLite suites share: people (keyed by e-mail)
// with a car (a foreign key on the person), phones (a foreign key on the phone) and
// tags (a join table).

final class Person {
    var email = ""
    var name = ""
    var active = false
    var car: Car?
    var phones: [Phone] = []
    var tags: [Tag] = []
}

struct Car: Equatable {
    var id: Int64 = 0
    var model = ""
    var year: Int?
}

struct Phone: Equatable {
    var id: Int64 = 0
    var number = ""
}

struct Tag: Equatable {
    var id: Int64 = 0
    var label = ""
}

/// The schema, as a user's migration creates it.
func migrate(_ database: some DatabaseWriter) throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
        try db.execute(sql: """
            CREATE TABLE car (id INTEGER PRIMARY KEY, model TEXT NOT NULL, year INTEGER CHECK (year IS NULL OR year > 1885));
            CREATE TABLE person (
                email TEXT PRIMARY KEY, name TEXT NOT NULL, active INTEGER NOT NULL DEFAULT 0,
                car_id INTEGER REFERENCES car(id));
            CREATE TABLE phone (id INTEGER PRIMARY KEY, number TEXT NOT NULL,
                person_email TEXT REFERENCES person(email));
            CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
            CREATE TABLE person_tag (
                person_email TEXT NOT NULL REFERENCES person(email) ON DELETE CASCADE,
                tag_id INTEGER NOT NULL REFERENCES tag(id),
                PRIMARY KEY (person_email, tag_id));
            """)
    }
    try migrator.migrate(database)
}

/// The mappings of the JSON documents the suites import, with the policies given.
struct LibraryMappings {
    var car = EntityMapping(entityName: "Car", create: Car.init)
    var phone = EntityMapping(entityName: "Phone", create: Phone.init)
    var tag = EntityMapping(entityName: "Tag", create: Tag.init)
    var person = EntityMapping(entityName: "Person", create: Person.init)

    init(carPolicy: AssignmentPolicy.ToOne = .assign, phonePolicy: AssignmentPolicy.ToMany = .assign,
         tagPolicy: AssignmentPolicy.ToMany = .assign, weakCar: Bool = false) {
        car.addAttribute(\.id, at: "id")
        car.addAttribute(\.model, at: "model")
        car.addAttribute(\.year, at: "year")
        car.setPrimaryKey(\.id)
        phone.addAttribute(\.id, at: "id")
        phone.addAttribute(\.number, at: "number")
        phone.setPrimaryKey(\.id)
        tag.addAttribute(\.id, at: "id")
        tag.addAttribute(\.label, at: "label")
        tag.setPrimaryKey(\.id)
        person.addAttribute(\.email, at: "user_email")
        person.addAttribute(\.name, at: "name")
        person.addAttribute(\.active, at: "active")
        person.setPrimaryKey(\.email)
        person.addToOneRelationship(\.car, at: "car", mapping: car, policy: carPolicy, isWeak: weakCar)
        person.addToManyRelationship(\.phones, at: "phones", mapping: phone, policy: phonePolicy)
        person.addToManyRelationship(\.tags, at: "tags", mapping: tag, policy: tagPolicy)
    }

    /// The tables of the schema for these mappings.
    var tables: [any SQLiteTableDescription] {
        var people = SQLiteTable("person", mapping: person)
        people.column(\.email, named: "email")
        people.foreignKey(\.car, column: "car_id")
        people.childForeignKey(\.phones, column: "person_email")
        people.joinTable(\.tags, named: "person_tag", ownerColumn: "person_email", childColumn: "tag_id")
        return [people, SQLiteTable("car", mapping: car), SQLiteTable("phone", mapping: phone), SQLiteTable("tag", mapping: tag)]
    }

    /// Imports the people of the JSON array `text` into `store`.
    func importPeople(_ text: String, into store: SQLiteStore) throws -> [Person] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text), mapping: person, in: store)
    }

    /// Imports the person of the JSON object `text` into `store`.
    func importPerson(_ text: String, into store: SQLiteStore) throws -> Person {
        try EntityDeserializer().object(from: JSONSerializer().deserialize(fromString: text), mapping: person, in: store)
    }
}

/// A database file in a fresh folder, migrated.
struct LibraryDatabase {
    let files: TemporaryFiles
    let queue: DatabaseQueue

    /// - Parameter log: Records every statement the database runs.
    init(log: StatementLog? = nil) throws {
        files = try TemporaryFiles()
        var configuration = Configuration()
        if let log {
            configuration.prepareDatabase { db in
                db.trace { log.record($0.description) }
            }
        }
        queue = try DatabaseQueue(path: files.path("library.sqlite"), configuration: configuration)
        try migrate(queue)
    }

    func count(_ table: String) throws -> Int {
        try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)") ?? -1 }
    }

    /// How many rows the statements run so far inserted, updated or deleted.
    func changes() throws -> Int {
        try queue.read { $0.totalChangesCount }
    }

    /// Rows whose foreign keys point nowhere.
    func foreignKeyViolations() throws -> Int {
        try queue.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check").count }
    }

    /// The first column of the rows `sql` selects.
    func column<Value: DatabaseValueConvertible>(_ sql: String, as type: Value.Type = Value.self) throws -> [Value?] {
        try queue.read { try Row.fetchAll($0, sql: sql).map { $0[0] as Value? } }
    }

    /// The person/tag pairs of the join table, as `"email/id"`, in order.
    func personTags() throws -> [String] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM person_tag ORDER BY person_email, tag_id").map { pair in
                "\(pair["person_email"] as String)/\(pair["tag_id"] as Int64)"
            }
        }
    }
}

/// The SQL statements a database ran, as its trace reports them (with `?` for values).
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func record(_ sql: String) {
        lock.withLock { statements.append(sql) }
    }

    /// The statements recorded so far.
    var all: [String] { lock.withLock { statements } }

    /// Forgets the statements recorded so far.
    func removeAll() {
        lock.withLock { statements.removeAll() }
    }
}
