import BenchmarkSupport
import DataMapperCore
import GRDB
import GRDBSQLite

/// The quickest import of the generated document we know how to write by hand: the
/// bound of what ours could reach, since it does what ours promises and nothing more,
/// in code written for these two tables and these two models.
///
/// It reads the document into `Parent` and `Child` values (ours returns models too),
/// then, in one write transaction, finds the stored rows in `IN` lists of at most 999
/// keys (the parents by key, the children of the parents found by `parent_id`, any
/// other child by key), inserts the new rows 199 to a statement, updates only the rows
/// that differ, and sets `parent_id` to `NULL` in a child that no parent lists any
/// more. Values are bound and read with SQLite's own functions, and each statement is
/// prepared once. Like ours, it takes each key to appear once in the document.
enum BatchedImport {
    /// Imports `document` into `writer`; returns the number of parents imported.
    static func run(_ document: SupportedType, into writer: some DatabaseWriter) throws -> Int {
        guard let records = document.array else { throw BenchmarkError("the document is not an array") }
        let parents = try records.map(Parent.init(record:))
        try writer.write { db in try store(parents, in: StatementRunner(db)) }
        return parents.count
    }

    private static func store(_ parents: [Parent], in runner: StatementRunner) throws {
        let parentKeys = parents.map { Int64($0.id) }
        var storedParents: [Int64: ParentRow] = [:]
        try runner.select("SELECT id, name, email, score, visits FROM parent WHERE id IN", keys: parentKeys) { statement in
            storedParents[sqlite3_column_int64(statement, 0)] = ParentRow(statement)
        }
        var storedChildren: [Int64: ChildRow] = [:]
        let childColumns = "SELECT id, parent_id, label, quantity, price FROM child WHERE"
        let readChild = { (statement: OpaquePointer) in
            storedChildren[sqlite3_column_int64(statement, 0)] = ChildRow(statement)
        }
        try runner.select(childColumns + " parent_id IN", keys: parentKeys.filter { storedParents[$0] != nil }, each: readChild)
        let childKeys = parents.flatMap { $0.children.map { Int64($0.id) } }
        try runner.select(childColumns + " id IN", keys: childKeys.filter { storedChildren[$0] == nil }, each: readChild)

        var newParents: [(key: Int64, row: ParentRow)] = []
        var changedParents: [(key: Int64, row: ParentRow)] = []
        var newChildren: [(key: Int64, row: ChildRow)] = []
        var changedChildren: [(key: Int64, row: ChildRow)] = []
        for parent in parents {
            let key = Int64(parent.id)
            let row = ParentRow(parent)
            if let stored = storedParents[key] {
                if stored != row { changedParents.append((key, row)) }
            } else {
                newParents.append((key, row))
            }
            for child in parent.children {
                let childKey = Int64(child.id)
                let childRow = ChildRow(child, parent: key)
                if let stored = storedChildren.removeValue(forKey: childKey) {
                    if stored != childRow { changedChildren.append((childKey, childRow)) }
                } else {
                    newChildren.append((childKey, childRow))
                }
            }
        }

        try runner.write(table: "parent", columns: ["name", "email", "score", "visits"], new: newParents, changed: changedParents)
        try runner.write(table: "child", columns: ["parent_id", "label", "quantity", "price"], new: newChildren, changed: changedChildren)
        // The children found that no parent of the document lists: found by their
        // `parent_id`, so a parent held them, and it holds them no more.
        for (key, stored) in storedChildren where stored.parentID != nil {
            try runner.run("UPDATE child SET parent_id = NULL WHERE id = ?") { sqlite3_bind_int64($0, 1, key) }
        }
    }
}

/// A row's columns after its key, as the batched import compares and binds them.
private protocol RowValues: Equatable {
    /// Binds the values to the parameters of `statement` from index `first` on.
    func bind(_ statement: OpaquePointer, from first: Int32)
}

/// A parent's columns after its key.
private struct ParentRow: RowValues {
    let name: String
    let email: String
    let score: Double
    let visits: Int64

    init(_ parent: Parent) {
        name = parent.name
        email = parent.email
        score = parent.score
        visits = Int64(parent.visits)
    }

    /// The row `statement` stands on, whose columns are the key and these.
    init(_ statement: OpaquePointer) {
        name = StatementRunner.text(statement, 1)
        email = StatementRunner.text(statement, 2)
        score = sqlite3_column_double(statement, 3)
        visits = sqlite3_column_int64(statement, 4)
    }

    func bind(_ statement: OpaquePointer, from first: Int32) {
        StatementRunner.bind(name, to: statement, at: first)
        StatementRunner.bind(email, to: statement, at: first + 1)
        sqlite3_bind_double(statement, first + 2, score)
        sqlite3_bind_int64(statement, first + 3, visits)
    }
}

/// A child's columns after its key.
private struct ChildRow: RowValues {
    let parentID: Int64?
    let label: String
    let quantity: Int64
    let price: Double

    init(_ child: Child, parent: Int64) {
        parentID = parent
        label = child.label
        quantity = Int64(child.quantity)
        price = child.price
    }

    /// The row `statement` stands on, whose columns are the key and these.
    init(_ statement: OpaquePointer) {
        parentID = sqlite3_column_type(statement, 1) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 1)
        label = StatementRunner.text(statement, 2)
        quantity = sqlite3_column_int64(statement, 3)
        price = sqlite3_column_double(statement, 4)
    }

    func bind(_ statement: OpaquePointer, from first: Int32) {
        if let parentID { sqlite3_bind_int64(statement, first, parentID) } else { sqlite3_bind_null(statement, first) }
        StatementRunner.bind(label, to: statement, at: first + 1)
        sqlite3_bind_int64(statement, first + 2, quantity)
        sqlite3_bind_double(statement, first + 3, price)
    }
}

/// Runs GRDB's cached statements through SQLite's own functions.
private struct StatementRunner {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The most parameters a statement has: SQLite's oldest limit.
    static let parameterLimit = 999

    /// Runs `sql` followed by a list of `keys`, at most 999 at a time, calling `each`
    /// on every row.
    func select(_ sql: String, keys: [Int64], each: (OpaquePointer) -> Void) throws {
        var start = 0
        while start < keys.count {
            let count = min(Self.parameterLimit, keys.count - start)
            let statement = try prepared(sql + " (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")")
            defer { sqlite3_reset(statement) }
            for offset in 0..<count { sqlite3_bind_int64(statement, Int32(offset + 1), keys[start + offset]) }
            var code = sqlite3_step(statement)
            while code == SQLITE_ROW {
                each(statement)
                code = sqlite3_step(statement)
            }
            try check(code)
            start += count
        }
    }

    /// Inserts `rows` with `sql` followed by as many tuples of `columns` values as fit
    /// in one statement; `bind` binds a row's values from its first parameter's index.
    func insert<Row>(_ sql: String, columns: Int, rows: [Row], bind: (OpaquePointer, Int32, Row) -> Void) throws {
        let tuple = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        var start = 0
        while start < rows.count {
            let count = min(Self.parameterLimit / columns, rows.count - start)
            try run(sql + " " + Array(repeating: tuple, count: count).joined(separator: ", ")) { statement in
                for offset in 0..<count { bind(statement, Int32(offset * columns + 1), rows[start + offset]) }
            }
            start += count
        }
    }

    /// Inserts the `new` rows of `table`, whose key is `id` and whose other columns are
    /// `columns`, and updates the `changed` ones.
    func write<Row: RowValues>(table: String, columns: [String], new: [(key: Int64, row: Row)], changed: [(key: Int64, row: Row)]) throws {
        let names = (["id"] + columns).joined(separator: ", ")
        try insert("INSERT INTO \(table) (\(names)) VALUES", columns: columns.count + 1, rows: new) { statement, first, row in
            sqlite3_bind_int64(statement, first, row.key)
            row.row.bind(statement, from: first + 1)
        }
        let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
        for (key, row) in changed {
            try run("UPDATE \(table) SET \(assignments) WHERE id = ?") { statement in
                row.bind(statement, from: 1)
                sqlite3_bind_int64(statement, Int32(columns.count + 1), key)
            }
        }
    }

    /// Runs `sql`, a statement returning no rows, once `bind` bound its values.
    func run(_ sql: String, bind: (OpaquePointer) -> Void) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        bind(statement)
        try check(sqlite3_step(statement))
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        let statement = try db.cachedStatement(sql: sql).sqliteStatement
        sqlite3_reset(statement)
        return statement
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_DONE else {
            throw BenchmarkError("SQLite error \(code): \(String(cString: sqlite3_errmsg(db.sqliteConnection)))")
        }
    }

    /// The text of the column at `index` of the row `statement` stands on.
    static func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        let bytes = UnsafeBufferPointer(start: sqlite3_column_text(statement, index), count: Int(sqlite3_column_bytes(statement, index)))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Binds `text`, all of its bytes, to the parameter at `index`; SQLite copies it.
    static func bind(_ text: String, to statement: OpaquePointer, at index: Int32) {
        let length = Int32(text.utf8.count)
        text.withCString { _ = sqlite3_bind_text(statement, index, $0, length, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
    }
}

private extension Parent {
    init(record: SupportedType) throws {
        id = try field(record, "id") { $0.int }
        name = try field(record, "name") { $0.string }
        email = try field(record, "email") { $0.string }
        score = try field(record, "score") { $0.double }
        visits = try field(record, "visits") { $0.int }
        children = try field(record, "children") { $0.array }.map(Child.init(record:))
    }
}

private extension Child {
    init(record: SupportedType) throws {
        id = try field(record, "id") { $0.int }
        label = try field(record, "label") { $0.string }
        quantity = try field(record, "quantity") { $0.int }
        price = try field(record, "price") { $0.double }
    }
}

/// The value of `key` in the dictionary `record`, read by `read`.
private func field<Value>(_ record: SupportedType, _ key: String, _ read: (SupportedType) -> Value?) throws -> Value {
    guard let value = record[key].flatMap(read) else { throw BenchmarkError("a record has no usable \"\(key)\": \(record)") }
    return value
}
