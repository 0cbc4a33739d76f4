import DataMapper
import DataMapperSQLite
import DataMapperStore
import GRDB
import Testing

// SQLiteStore.init refuses tables that cannot keep their mappings, naming the table.

@Suite("Tables SQLiteStore refuses")
struct SchemaTests {
    private let library = LibraryMappings()

    /// The error `tables` make the store throw, expected to name `table` and to say
    /// `words`.
    private func expectRefused(_ tables: [any SQLiteTableDescription], table: String, saying words: String,
                               sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let database = try DatabaseQueue()
        let error = #expect(throws: DataMapperError.self, sourceLocation: sourceLocation) {
            try SQLiteStore(database, tables: tables)
        }
        #expect(error?.kind == .unsupported, sourceLocation: sourceLocation)
        #expect(error?.message.contains("table \"\(table)\"") == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
        #expect(error?.message.contains(words) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
    }

    @Test("the library's own tables are accepted")
    func accepted() throws {
        _ = try SQLiteStore(DatabaseQueue(), tables: library.tables)
    }

    @Test("a mapping without a primary key")
    func noPrimaryKey() throws {
        var car = EntityMapping(entityName: "Car", create: Car.init)
        car.addAttribute(\.id, at: "id")
        try expectRefused([SQLiteTable("car", mapping: car)], table: "car", saying: "no primary key")
    }

    @Test("an attribute whose path has several keys and no column")
    func multiKeyPathWithoutColumn() throws {
        var car = EntityMapping(entityName: "Car", create: Car.init)
        car.addAttribute(\.id, at: "id")
        car.addAttribute(\.model, at: ["spec", "model"])
        car.setPrimaryKey(\.id)
        try expectRefused([SQLiteTable("car", mapping: car)], table: "car", saying: "needs a column")
        var named = SQLiteTable("car", mapping: car)
        named.column(\.model, named: "model")
        _ = try SQLiteStore(DatabaseQueue(), tables: [named])
    }

    @Test("a relationship the table says not how to keep")
    func relationshipWithoutLink() throws {
        var people = SQLiteTable("person", mapping: library.person)
        people.column(\.email, named: "email")
        people.foreignKey(\.car, column: "car_id")
        people.childForeignKey(\.phones, column: "person_email")
        let tables: [any SQLiteTableDescription] = [people, SQLiteTable("car", mapping: library.car),
                                                    SQLiteTable("phone", mapping: library.phone), SQLiteTable("tag", mapping: library.tag)]
        try expectRefused(tables, table: "person", saying: "says not how it is kept")
    }

    @Test("a to-one relationship kept with childForeignKey")
    func toOneWithChildForeignKey() throws {
        var people = SQLiteTable("person", mapping: library.person)
        people.column(\.email, named: "email")
        people.childForeignKey(\.car, column: "person_email")
        people.childForeignKey(\.phones, column: "person_email")
        people.joinTable(\.tags, named: "person_tag", ownerColumn: "person_email", childColumn: "tag_id")
        let tables: [any SQLiteTableDescription] = [people, SQLiteTable("car", mapping: library.car),
                                                    SQLiteTable("phone", mapping: library.phone), SQLiteTable("tag", mapping: library.tag)]
        try expectRefused(tables, table: "person", saying: "to-one")
    }

    @Test("a relationship to an entity with no table")
    func relatedEntityWithoutTable() throws {
        let tables = library.tables.filter { $0.name != "tag" }
        try expectRefused(tables, table: "person", saying: "entity \"Tag\", which has no table")
    }

    @Test("two tables for one entity")
    func twoTablesForOneEntity() throws {
        let tables = library.tables + [SQLiteTable("old_car", mapping: library.car)]
        try expectRefused(tables, table: "old_car", saying: "entity \"Car\" has two tables")
    }
}
