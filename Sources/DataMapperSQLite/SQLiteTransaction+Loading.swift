import DataMapper
import DataMapperStore
import GRDB

extension SQLiteTransaction: RelatedObjectSource {
    /// The related objects of the owners' rows, by their foreign keys or join table.
    public mutating func relatedObjects<Owner, Child>(
        of mapping: EntityMapping<Child>, through relationship: MappedRelationship<Owner>,
        of owner: EntityMapping<Owner>, ownerKeys: [PrimaryKey]
    ) throws -> [PrimaryKey: [Child]] {
        let ownerTable = try table(of: owner.entityName)
        let childTable = try table(of: mapping.entityName)
        guard let (offset, link) = ownerTable.schema.link(of: relationship.property) else { throw Self.unlinked(ownerTable.schema) }
        var related: [PrimaryKey: [Child]] = [:]
        switch link.link {
        case .ownerForeignKey:
            var childKeyOfOwner: [PrimaryKey: PrimaryKey] = [:]
            for ownerKey in ownerKeys {
                if let index = link.index, let value = ownerTable.found[ownerKey]?.values[index], let childKey = PrimaryKey(value) {
                    childKeyOfOwner[ownerKey] = childKey
                }
            }
            let (childKeys, children) = try objects(mapping, of: childTable, withKeys: Array(Set(childKeyOfOwner.values)))
            let childOfKey = Dictionary(zip(childKeys, children), uniquingKeysWith: { first, _ in first })
            for (ownerKey, childKey) in childKeyOfOwner {
                if let child = childOfKey[childKey] { related[ownerKey] = [child] }
            }
        case .childForeignKey(let column):
            guard let columnIndex = childTable.schema.columns.firstIndex(of: column) else { throw Self.unlinked(ownerTable.schema) }
            var keysOfOwner: [PrimaryKey: [PrimaryKey]] = [:]
            let rows = try fetch(childTable, where: column, in: ownerKeys.map(\.databaseValue))
            let read = try objects(mapping, of: childTable, rows: rows)
            for offset in 0..<read.objects.count {
                guard let ownerKey = PrimaryKey(rows[read.rows[offset]][columnIndex]) else { continue }
                related[ownerKey, default: []].append(read.objects[offset])
                keysOfOwner[ownerKey, default: []].append(read.keys[offset])
            }
            remember(keysOfOwner, of: ownerKeys, in: ownerTable, link: offset)
        case .joinTable(let name, let ownerColumn, let childColumn):
            let keysOfOwner = try joinedKeys(of: ownerKeys, table: name, ownerColumn: ownerColumn, childColumn: childColumn)
            let (childKeys, children) = try objects(mapping, of: childTable, withKeys: Array(Set(keysOfOwner.values.joined())))
            let childOfKey = Dictionary(zip(childKeys, children), uniquingKeysWith: { first, _ in first })
            for (ownerKey, keys) in keysOfOwner {
                related[ownerKey] = keys.compactMap { childOfKey[$0] }
            }
            remember(keysOfOwner, of: ownerKeys, in: ownerTable, link: offset)
        }
        return related
    }

    /// Finds which keys `relationship` of the owners of `ownerKeys` (found rows of
    /// `table`) holds, without making objects: what ``save(_:of:key:isNew:)`` compares
    /// the saved links with. The rows of children kept by a foreign key are found too.
    func findRelatedKeys<Owner>(of ownerKeys: [PrimaryKey], in table: TableState, through relationship: MappedRelationship<Owner>) throws {
        guard let (offset, link) = table.schema.link(of: relationship.property) else { throw Self.unlinked(table.schema) }
        switch link.link {
        case .ownerForeignKey:
            // The found row holds the key.
            return
        case .childForeignKey(let column):
            let childTable = try self.table(of: link.relatedEntity)
            guard let columnIndex = childTable.schema.columns.firstIndex(of: column) else { throw Self.unlinked(table.schema) }
            var keysOfOwner: [PrimaryKey: [PrimaryKey]] = [:]
            for values in try fetch(childTable, where: column, in: ownerKeys.map(\.databaseValue)) {
                guard let key = childTable.noteFound(values), let ownerKey = PrimaryKey(values[columnIndex]) else { continue }
                keysOfOwner[ownerKey, default: []].append(key)
            }
            remember(keysOfOwner, of: ownerKeys, in: table, link: offset)
        case .joinTable(let name, let ownerColumn, let childColumn):
            let keysOfOwner = try joinedKeys(of: ownerKeys, table: name, ownerColumn: ownerColumn, childColumn: childColumn)
            remember(keysOfOwner, of: ownerKeys, in: table, link: offset)
        }
    }

    /// The keys of the children each of `ownerKeys` holds in the join table `name`.
    private func joinedKeys(of ownerKeys: [PrimaryKey], table name: String,
                            ownerColumn: String, childColumn: String) throws -> [PrimaryKey: [PrimaryKey]] {
        var keysOfOwner: [PrimaryKey: [PrimaryKey]] = [:]
        let sql = "SELECT \(SQL.quoted(ownerColumn)), \(SQL.quoted(childColumn)) FROM \(SQL.quoted(name)) WHERE \(SQL.quoted(ownerColumn)) IN "
        for pair in try fetch(sql, in: ownerKeys.map(\.databaseValue)) {
            guard let ownerKey = PrimaryKey(pair[0]), let childKey = PrimaryKey(pair[1]) else { continue }
            keysOfOwner[ownerKey, default: []].append(childKey)
        }
        return keysOfOwner
    }

    /// Notes which keys each owner's to-many relationship held, for the links to undo.
    private func remember(_ keysOfOwner: [PrimaryKey: [PrimaryKey]], of ownerKeys: [PrimaryKey], in table: TableState, link: Int) {
        for ownerKey in ownerKeys {
            table.found[ownerKey]?.setRelatedKeys(keysOfOwner[ownerKey] ?? [], at: link)
        }
    }

    // MARK: - Rows to objects

    /// The objects of `keys` that have rows, with their keys: rows found before are
    /// not read again.
    func objects<Model>(_ mapping: EntityMapping<Model>, of table: TableState, withKeys keys: [PrimaryKey]) throws -> ([PrimaryKey], [Model]) {
        let rows = try findRows(of: table, withKeys: keys).compactMap { table.found[$0]?.values }
        let read = try objects(mapping, of: table, rows: rows)
        return (read.keys, read.objects)
    }

    /// The keys among `keys` that have rows in `table`, each row remembered as found;
    /// rows found before are not read again.
    func findRows(of table: TableState, withKeys keys: [PrimaryKey]) throws -> [PrimaryKey] {
        var found: [PrimaryKey] = []
        var unknown: [DatabaseValue] = []
        found.reserveCapacity(keys.count)
        for key in keys {
            if table.found[key] != nil {
                found.append(key)
            } else {
                try table.checkStorable(key)
                unknown.append(key.databaseValue)
            }
        }
        table.found.reserveCapacity(keys.count)
        for values in try fetch(table, where: table.schema.columns[table.schema.keyIndex], in: unknown) {
            if let key = table.noteFound(values) { found.append(key) }
        }
        return found
    }

    /// The objects of `rows` (values in the schema's column order), with their keys and
    /// the offset in `rows` of each one's row (a row without a key makes none); rows
    /// are remembered as found.
    ///
    /// When `mapping` is of the table's model type, the table's own mapping reads the
    /// rows: an import's mapping that binds by key reads only the key, yet the object it
    /// binds to is the stored one, with every column the table keeps. An object is made
    /// once per row: reading the row again gives the same class instance, or an equal
    /// struct value.
    func objects<Model>(_ mapping: EntityMapping<Model>, of table: TableState,
                        rows: [[DatabaseValue]]) throws -> (keys: [PrimaryKey], objects: [Model], rows: [Int]) {
        let tableMapping = table.schema.mapping as? EntityMapping<Model>
        let reading = tableMapping ?? mapping
        let attributes = reading.attributes
        let indexes = try table.layout(of: reading).columns.enumerated().map { offset, column in
            guard let column else { throw table.noColumn(for: attributes[offset]) }
            return column
        }
        // Another mapping of the same model type may read other columns; a class
        // instance is one object whatever read it.
        let made = tableMapping != nil || Model.self is AnyObject.Type ? table.madeObjects(of: Model.self) : nil
        var keys: [PrimaryKey] = [], objects: [Model] = [], offsets: [Int] = []
        // Room for as many found rows and made objects as `rows` in all, not in
        // addition: rows read again (found before) add none.
        table.found.reserveCapacity(rows.count)
        made?.reserveCapacity(rows.count)
        keys.reserveCapacity(rows.count)
        objects.reserveCapacity(rows.count)
        offsets.reserveCapacity(rows.count)
        // SQLite keeps booleans as 0 and 1.
        try ConversionPolicy.booleansFromWordsAndNumbers.applying {
            for offset in 0..<rows.count {
                let values = rows[offset]
                guard let key = table.noteFound(values) else { continue }
                let object: Model
                if let known = made?[key] {
                    object = known
                } else {
                    do {
                        object = try reading.makeObject { values[indexes[$0]].supportedType }
                    } catch let error as DataMapperError {
                        throw Self.rowError(error, table: table.schema, key: key)
                    }
                    made?.keep(object, key: key)
                }
                keys.append(key)
                objects.append(object)
                offsets.append(offset)
            }
        }
        return (keys, objects, offsets)
    }

    /// The rows of `table` (values in the schema's column order) whose `column` is one
    /// of `values`.
    func fetch(_ table: TableState, where column: String, in values: [DatabaseValue]) throws -> [[DatabaseValue]] {
        let columns = table.schema.columns.map(SQL.quoted).joined(separator: ", ")
        let sql = "SELECT \(columns) FROM \(SQL.quoted(table.schema.name)) WHERE \(SQL.quoted(column)) IN "
        return try fetch(sql, in: values)
    }

    /// The rows `sql` (a query ending in `IN `) selects for `values`, in `IN` lists of
    /// at most ``SQL/chunkSize`` values; each row's values in the query's order.
    func fetch(_ sql: String, in values: [DatabaseValue]) throws -> [[DatabaseValue]] {
        var rows: [[DatabaseValue]] = []
        rows.reserveCapacity(values.count)
        try SQL.inChunks(values) { chunk in
            let statement = try db.cachedStatement(sql: sql + "(\(SQL.placeholders(chunk.count)))")
            let arguments = SQL.arguments(chunk)
            try Self.forEachRow(of: statement, arguments: arguments) { rows.append($0) }
        }
        return rows
    }

    /// Runs `statement` with `arguments` and calls `body` with each row's values,
    /// read straight from the SQLite statement.
    private static func forEachRow(of statement: Statement, arguments: StatementArguments,
                                   _ body: ([DatabaseValue]) throws -> Void) throws {
        let columns = CInt(statement.columnCount)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while try cursor.next() != nil {
            var values: [DatabaseValue] = []
            values.reserveCapacity(Int(columns))
            for column in 0..<columns {
                values.append(DatabaseValue(column: column, of: statement.sqliteStatement))
            }
            try body(values)
        }
    }
}
