import DataMapperCore
import DataMapperSQLite
import DataMapperStore
import GRDB

/// Our import: `EntityDeserializer` into a `SQLiteStore` over the two tables, each
/// child row's `parent_id` written from the parent's `children`.
struct OurImport {
    let store: SQLiteStore

    init(_ writer: some DatabaseWriter) throws {
        var parents = SQLiteTable("parent", mapping: Mappings.parent)
        parents.childForeignKey(\.children, column: "parent_id")
        let children = SQLiteTable("child", mapping: Mappings.child)
        store = try SQLiteStore(writer, tables: [parents, children])
    }

    /// Imports `document`; returns the number of parents imported.
    func run(_ document: SupportedType) throws -> Int {
        try EntityDeserializer().collection(from: document, mapping: Mappings.parent, in: store).count
    }
}
