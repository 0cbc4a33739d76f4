import DataMapperStore
import GRDB

extension SQLiteTransaction {
    /// Writes what the import gathered: deletions, then each saved row that is new or
    /// differs from the row found (a child's foreign key set from the owner that holds
    /// it), children let go unlinked, and join-table pairs added and removed.
    func flush() throws {
        for table in tables.values {
            for key in table.deletions {
                try run("DELETE FROM \(SQL.quoted(table.schema.name)) WHERE \(SQL.quoted(table.schema.columns[table.schema.keyIndex])) = ?",
                        [key.databaseValue])
            }
        }
        var claimed: [String: Set<PrimaryKey>] = [:]
        for links in childLinks {
            let table = try self.table(of: links.childEntity)
            guard let index = table.schema.columns.firstIndex(of: links.column) else { continue }
            for child in links.children {
                claimed[links.childEntity, default: []].insert(child)
                table.set(links.owner.databaseValue, at: index, key: child)
            }
        }
        for table in tables.values {
            let deleted = Set(table.deletions)
            for key in table.order where !deleted.contains(key) {
                guard let values = table.pending[key] else { continue }
                try write(values, of: key, in: table)
            }
        }
        for links in childLinks {
            let table = try self.table(of: links.childEntity)
            let kept = Set(links.children)
            let deleted = Set(table.deletions)
            for child in links.previous where !kept.contains(child) {
                guard !deleted.contains(child), claimed[links.childEntity]?.contains(child) != true else { continue }
                let key = SQL.quoted(table.schema.columns[table.schema.keyIndex])
                try run("UPDATE \(SQL.quoted(table.schema.name)) SET \(SQL.quoted(links.column)) = NULL "
                        + "WHERE \(key) = ? AND \(SQL.quoted(links.column)) = ?",
                        [child.databaseValue, links.owner.databaseValue])
            }
        }
        for links in joins {
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

    /// Inserts the row of `key` (`values` in the schema's column order, `nil` for a
    /// column not written), or, when the import found it, updates it when a written
    /// column differs; writes nothing when none does.
    private func write(_ values: [DatabaseValue?], of key: PrimaryKey, in table: TableState) throws {
        let schema = table.schema
        let written = values.indices.filter { values[$0] != nil }
        guard let found = table.found[key] else {
            let statement = try table.inserts[written] ?? {
                let names = written.map { SQL.quoted(schema.columns[$0]) }.joined(separator: ", ")
                let statement = try db.makeStatement(
                    sql: "INSERT INTO \(SQL.quoted(schema.name)) (\(names)) VALUES (\(SQL.placeholders(written.count)))")
                table.inserts[written] = statement
                return statement
            }()
            try statement.execute(arguments: StatementArguments(written.map { values[$0] ?? .null }))
            return
        }
        guard written.contains(where: { values[$0] != found.values[$0] }) else { return }
        let assigned = written.filter { $0 != schema.keyIndex }
        let statement = try table.updates[assigned] ?? {
            let assignments = assigned.map { "\(SQL.quoted(schema.columns[$0])) = ?" }.joined(separator: ", ")
            let statement = try db.makeStatement(
                sql: "UPDATE \(SQL.quoted(schema.name)) SET \(assignments) WHERE \(SQL.quoted(schema.columns[schema.keyIndex])) = ?")
            table.updates[assigned] = statement
            return statement
        }()
        try statement.execute(arguments: StatementArguments(assigned.map { values[$0] ?? .null } + [key.databaseValue]))
    }

    /// Runs one statement, prepared once per import.
    private func run(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments))
    }
}
