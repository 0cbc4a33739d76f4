import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import GRDB
import Testing

// The "Importing into a database" example of the README, run against a file in a
// fresh folder: what its comments claim holds.

private struct Author { var id: Int64 = 0; var name = ""; var books: [Book] = [] }
private struct Book { var isbn = ""; var title = "" }

@Test("the README's database example imports twice into one row per object")
func readmeDatabaseExample() throws {
    var book = EntityMapping(entityName: "Book", create: Book.init)
    book.addAttributes([\.isbn: "isbn", \.title: "title"])
    book.setPrimaryKey(\.isbn)
    var author = EntityMapping(entityName: "Author", create: Author.init)
    author.addAttribute(\.id, at: "id")
    author.addAttribute(\.name, at: "name")
    author.setPrimaryKey(\.id)
    author.addToManyRelationship(\.books, at: "books", mapping: book, policy: .collectionReplace)

    let files = try TemporaryFiles()
    let database = try DatabaseQueue(path: files.path("library.sqlite"))
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
        try db.execute(sql: """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE book (isbn TEXT PRIMARY KEY, title TEXT NOT NULL,
                               author_id INTEGER REFERENCES author(id));
            """)
    }
    try migrator.migrate(database)

    var authors = SQLiteTable("author", mapping: author)
    authors.childForeignKey(\.books, column: "author_id")
    let store = try SQLiteStore(database, tables: [authors, SQLiteTable("book", mapping: book)])

    let payload = try JSONSerializer().deserialize(fromString: """
        [{"id": 1, "name": "Ursula", "books": [{"isbn": "0441478123", "title": "The Left Hand of Darkness"}]}]
        """)
    _ = try EntityDeserializer().collection(from: payload, mapping: author, in: store)
    let written = try database.read { $0.totalChangesCount }
    let again = try EntityDeserializer().collection(from: payload, mapping: author, in: store)
    #expect(try database.read { $0.totalChangesCount } == written, "the second import writes nothing")
    #expect(try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM book") } == 1)
    #expect(try database.read { try Int64.fetchOne($0, sql: "SELECT author_id FROM book") } == 1)
    #expect(again.first?.books.map(\.title) == ["The Left Hand of Darkness"])
}
