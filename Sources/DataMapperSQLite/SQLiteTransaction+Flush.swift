import DataMapperStore
import GRDB

extension SQLiteTransaction {
    /// Writes what the import gathered: deletions, then each saved row that is new or
    /// differs from the row found (a child's foreign key set from the owner that holds
    /// it), children let go unlinked, and join-table pairs added and removed.
    func flush() throws {
        try deleteRows()
        try linkChildren()
        try writeRows()
        try unlinkChildren()
        try writeJoins()
    }

    /// Deletes the rows of the objects deleted, referring tables first.
    private func deleteRows() throws {
        for table in orderedTables.reversed() {
            for key in table.deletions {
                try run("DELETE FROM \(SQL.quoted(table.schema.name)) WHERE \(SQL.quoted(table.schema.columns[table.schema.keyIndex])) = ?",
                        [key.databaseValue])
            }
        }
    }

    /// Sets each saved owner's key in the foreign key of the children it holds, in the
    /// children's rows to write.
    private func linkChildren() throws {
        for links in childLinks {
            let table = try self.table(of: links.childEntity)
            guard let index = table.schema.columns.firstIndex(of: links.column) else { continue }
            let owner = links.owner.databaseValue
            for child in links.children {
                table.set(owner, at: index, key: child)
            }
        }
    }

    /// Writes each row to write whose object was not deleted, table by table in
    /// ``WriteOrder``: new rows in `INSERT`s of several rows, found rows in an
    /// `UPDATE` each when they changed.
    private func writeRows() throws {
        for table in orderedTables {
            let deleted = Set(table.deletions)
            var inserts = InsertBatch(table: table)
            for row in table.pending where !deleted.contains(row.key) {
                if let found = table.found[row.key] {
                    try update(row, found: found, in: table)
                } else if let full = inserts.add(row) {
                    try insert(full)
                }
            }
            if let last = inserts.finish() { try insert(last) }
        }
    }

    /// Sets to `NULL` the foreign key of each child a saved owner held when found and
    /// holds no more, unless the child was deleted or a saved owner holds it.
    private func unlinkChildren() throws {
        let changed = childLinks.filter { !$0.previous.isEmpty && $0.previous != $0.children }
        guard !changed.isEmpty else { return }
        var claimed: [String: Set<PrimaryKey>] = [:]
        for links in childLinks {
            claimed[links.childEntity, default: []].formUnion(links.children)
        }
        var deletedOfEntity: [String: Set<PrimaryKey>] = [:]
        for links in changed {
            let table = try self.table(of: links.childEntity)
            let kept = Set(links.children)
            let deleted: Set<PrimaryKey>
            if let known = deletedOfEntity[links.childEntity] {
                deleted = known
            } else {
                deleted = Set(table.deletions)
                deletedOfEntity[links.childEntity] = deleted
            }
            for child in links.previous where !kept.contains(child) {
                guard !deleted.contains(child), claimed[links.childEntity]?.contains(child) != true else { continue }
                let key = SQL.quoted(table.schema.columns[table.schema.keyIndex])
                try run("UPDATE \(SQL.quoted(table.schema.name)) SET \(SQL.quoted(links.column)) = NULL "
                        + "WHERE \(key) = ? AND \(SQL.quoted(links.column)) = ?",
                        [child.databaseValue, links.owner.databaseValue])
            }
        }
    }

    /// Adds and removes the join-table pairs of each saved owner's to-many
    /// relationships kept in a join table.
    private func writeJoins() throws {
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

    /// Inserts the rows of `batch`.
    private func insert(_ batch: InsertBatch.Rows) throws {
        let statement = try batch.table.insertStatement(writing: batch.written, rows: batch.count, in: db)
        try execute(statement, batch.values)
    }

    /// Updates `row`, which the import found as `found`, when a written column differs;
    /// writes nothing when none does.
    private func update(_ row: PendingRow, found: FoundRow, in table: TableState) throws {
        guard Self.differs(row.values, from: found.values) else { return }
        let assigned = row.values.indices.filter { row.values[$0] != nil && $0 != table.schema.keyIndex }
        let statement = try table.updateStatement(assigning: assigned, in: db)
        var arguments = [DatabaseValue](values: row.values, at: assigned)
        arguments.append(row.key.databaseValue)
        try execute(statement, arguments)
    }

    /// Whether a written value (not `nil`) of `values` differs from the value found in
    /// its column; both are in the schema's column order.
    static func differs(_ values: [DatabaseValue?], from found: [DatabaseValue]) -> Bool {
        for index in 0..<min(values.count, found.count) {
            if let value = values[index], value != found[index] { return true }
        }
        return false
    }

    /// Runs one statement, prepared once per import.
    private func run(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try execute(db.cachedStatement(sql: sql), arguments)
    }

    /// Runs `statement` with `arguments`, one per placeholder.
    private func execute(_ statement: Statement, _ arguments: [DatabaseValue]) throws {
        try statement.execute(arguments: SQL.arguments(arguments[...]))
    }
}

extension [DatabaseValue] {
    /// The values at `offsets` of `values`, `NULL` for `nil`.
    init(values: [DatabaseValue?], at offsets: [Int]) {
        self.init()
        reserveCapacity(offsets.count + 1)
        for offset in offsets { append(values[offset] ?? .null) }
    }
}
