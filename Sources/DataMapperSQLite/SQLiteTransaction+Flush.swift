import DataMapperStore
import GRDB

extension SQLiteTransaction {
    /// Writes what the import gathered: deletions, then each saved row that is new or
    /// differs from the row found (a child's foreign key set from the owner that holds
    /// it), children let go unlinked, and join-table pairs added and removed.
    mutating func flush() throws {
        let deleted = Set(pending.deletions)
        for target in pending.deletions {
            let table = try self.table(of: target.entity)
            try run("DELETE FROM \(SQL.quoted(table.name)) WHERE \(SQL.quoted(table.keyColumn)) = ?", [target.key.databaseValue])
        }

        var rows = pending.rows
        var order = pending.order
        var claimed: Set<Target> = []
        for links in pending.childLinks {
            for child in links.children {
                let target = Target(entity: links.childEntity, key: child)
                claimed.insert(target)
                if rows[target] == nil { order.append(target) }
                rows[target, default: []].append((links.column, links.owner.databaseValue))
            }
        }
        for target in order where !deleted.contains(target) {
            guard let columns = rows[target] else { continue }
            try write(columns, of: target)
        }
        for links in pending.childLinks {
            let table = try self.table(of: links.childEntity)
            let kept = Set(links.children)
            for child in links.previous where !kept.contains(child) {
                let target = Target(entity: links.childEntity, key: child)
                guard !deleted.contains(target), !claimed.contains(target) else { continue }
                try run("UPDATE \(SQL.quoted(table.name)) SET \(SQL.quoted(links.column)) = NULL "
                        + "WHERE \(SQL.quoted(table.keyColumn)) = ? AND \(SQL.quoted(links.column)) = ?",
                        [child.databaseValue, links.owner.databaseValue])
            }
        }
        for links in pending.joins {
            let previous = Set(links.previous)
            let now = Set(links.children)
            let table = SQL.quoted(links.table)
            let owner = SQL.quoted(links.ownerColumn)
            let child = SQL.quoted(links.childColumn)
            for removed in links.previous where !now.contains(removed) {
                try run("DELETE FROM \(table) WHERE \(owner) = ? AND \(child) = ?", [links.owner.databaseValue, removed.databaseValue])
            }
            var added: Set<PrimaryKey> = []
            for key in links.children where !previous.contains(key) && added.insert(key).inserted {
                try run("INSERT INTO \(table) (\(owner), \(child)) VALUES (?, ?)", [links.owner.databaseValue, key.databaseValue])
            }
        }
    }

    /// Inserts the row of `target`, or updates the columns that differ from the row
    /// found; writes nothing when none does.
    private func write(_ columns: [(String, DatabaseValue)], of target: Target) throws {
        let table = try self.table(of: target.entity)
        guard let row = found[target.entity]?[target.key] else {
            let names = ([table.keyColumn] + columns.map(\.0).filter { $0 != table.keyColumn })
            var values: [String: DatabaseValue] = [table.keyColumn: target.key.databaseValue]
            for (column, value) in columns { values[column] = value }
            try run("INSERT INTO \(SQL.quoted(table.name)) (\(names.map(SQL.quoted).joined(separator: ", "))) "
                    + "VALUES (\(SQL.placeholders(names.count)))", names.map { values[$0] ?? .null })
            return
        }
        var changed: [(String, DatabaseValue)] = []
        for (column, value) in columns where row.columns[column] != value && !changed.contains(where: { $0.0 == column }) {
            changed.append((column, value))
        }
        guard !changed.isEmpty else { return }
        let assignments = changed.map { "\(SQL.quoted($0.0)) = ?" }.joined(separator: ", ")
        try run("UPDATE \(SQL.quoted(table.name)) SET \(assignments) WHERE \(SQL.quoted(table.keyColumn)) = ?",
                changed.map(\.1) + [target.key.databaseValue])
    }

    /// Runs one statement, prepared once per import.
    private func run(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments))
    }
}
