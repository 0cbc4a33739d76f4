import GRDB

/// Every row of both tables, ordered by id: what the contenders must agree on.
struct DatabaseContents: Equatable {
    let parents: [[DatabaseValue]]
    let children: [[DatabaseValue]]

    static func read(from queue: DatabaseQueue) throws -> DatabaseContents {
        try queue.read { db in
            DatabaseContents(
                parents: try rows(db, "SELECT id, name, email, score, visits FROM parent ORDER BY id"),
                children: try rows(db, "SELECT id, parent_id, label, quantity, price FROM child ORDER BY id"))
        }
    }

    /// The row of `table` with `id`, as `column=value` pairs, for the spot values.
    static func row(_ table: String, id: Int64, in queue: DatabaseQueue) throws -> String {
        try queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE id = ?", arguments: [id]) else { return "(none)" }
            return row.columnNames.map { "\($0)=\(row[$0] as DatabaseValue)" }.joined(separator: " ")
        }
    }

    private static func rows(_ db: Database, _ sql: String) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) }
    }
}
