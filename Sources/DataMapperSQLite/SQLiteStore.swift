import DataMapper
import DataMapperStore
import GRDB

/// An ``DataMapperStore/ObjectStore`` over a SQLite database, through GRDB: imports
/// update the rows of tables your migrations created.
///
/// ```swift
/// let store = try SQLiteStore(dbQueue, tables: [people, phones])
/// let imported = try EntityDeserializer().collection(from: document, mapping: person, in: store)
/// ```
///
/// An import is one write transaction: it looks up the keys of each entity in
/// batches (`IN` lists of at most 999 keys), loads what the rows it found relate to
/// (so that assignment policies see the old related objects; when the payload sets
/// every column and link of a struct model's row, only the keys it relates to), then
/// writes only rows that are new or changed, and the links of relationships, tables
/// that others refer to first. Any error rolls the whole import back. Foreign keys
/// are checked when the transaction commits.
///
/// The store is `Sendable`: imports from several tasks take turns on GRDB's writer,
/// and readers (a `DatabasePool`) see a database before or after an import, never in
/// between. An import runs synchronously on the calling task, inside GRDB's
/// synchronous `write`, whose closure need not be `Sendable`: the models it makes
/// never leave that call except as its result, so they may be classes that are not
/// `Sendable` — keep them in the task that imported them.
public final class SQLiteStore: ObjectStore, Sendable {
    /// The database the store writes.
    public let database: any DatabaseWriter
    /// The tables, by entity name.
    private let tables: [String: TableSchema]
    /// The entities in the order their rows are written (``WriteOrder``).
    private let writeOrder: [String]

    /// A store over `database` with `tables`.
    /// - Throws: ``DataMapperCore/DataMapperError`` when a table is incomplete (see
    ///   ``SQLiteTable``), two tables keep one entity, or a relationship relates to an
    ///   entity without a table.
    public init(_ database: any DatabaseWriter, tables: [any SQLiteTableDescription]) throws {
        self.database = database
        var schemas: [String: TableSchema] = [:]
        var given: [TableSchema] = []
        for table in tables {
            let schema = try table.schema()
            guard schemas.updateValue(schema, forKey: schema.entityName) == nil else {
                throw TableSchema.definitionError("entity \"\(schema.entityName)\" has two tables", table: schema.name)
            }
            given.append(schema)
        }
        for schema in Array(schemas.values) {
            for link in schema.links {
                guard schemas[link.relatedEntity] != nil else {
                    throw TableSchema.definitionError("a relationship relates to entity \"\(link.relatedEntity)\", which has no table",
                                                      table: schema.name)
                }
                if case .childForeignKey(let column) = link.link { schemas[link.relatedEntity]?.addColumn(column) }
            }
        }
        self.tables = schemas
        writeOrder = WriteOrder.entities(of: given)
    }

    /// Runs `body` in one GRDB write transaction, then writes what it gathered.
    public func withTransaction<Result>(_ body: (inout SQLiteTransaction) throws -> Result) throws -> Result {
        try database.write { db in
            // Rows are written referred-to tables first, but a cycle of tables, or a
            // link set after its row, still needs foreign keys checked at commit.
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            var transaction = SQLiteTransaction(db: db, tables: tables.mapValues(TableState.init), writeOrder: writeOrder)
            let result = try body(&transaction)
            try transaction.flush()
            return result
        }
    }
}
