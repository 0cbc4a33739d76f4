import DataMapper
import DataMapperSQLite
import DataMapperStore
import Testing

// A transaction finds where a mapping's properties go once per mapping; mappings of
// one model type with as many attributes still each write their own columns.

@Suite("Mappings of one model type in one transaction")
struct MappingLayoutTests {
    @Test("two mappings with as many attributes, used in turn, write each its own columns")
    func sameCountsOtherProperties() throws {
        let library = LibraryMappings()
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        var named = EntityMapping(entityName: "Person", create: Person.init)
        named.addAttribute(\.email, at: "user_email")
        named.addAttribute(\.name, at: "name")
        named.setPrimaryKey(\.email)
        var activated = EntityMapping(entityName: "Person", create: Person.init)
        activated.addAttribute(\.email, at: "user_email")
        activated.addAttribute(\.active, at: "active")
        activated.setPrimaryKey(\.email)
        let ada = Person(), bob = Person()
        (ada.email, ada.name, ada.active) = ("ada@example.com", "Ada", true)
        (bob.email, bob.name, bob.active) = ("bob@example.com", "Bob", false)
        try store.withTransaction { transaction in
            try transaction.save(ada, of: named, key: .string(ada.email), isNew: true)
            try transaction.save(bob, of: activated, key: .string(bob.email), isNew: true)
            try transaction.save(bob, of: named, key: .string(bob.email), isNew: true)
            try transaction.save(ada, of: activated, key: .string(ada.email), isNew: true)
        }
        #expect(try database.column("SELECT name FROM person ORDER BY email", as: String.self) == ["Ada", "Bob"])
        #expect(try database.column("SELECT active FROM person ORDER BY email", as: Int.self) == [1, 0])
    }
}
