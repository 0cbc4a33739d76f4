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
            for (childKey, child, values) in try objects(mapping, of: childTable, rows: rows) {
                guard let ownerKey = PrimaryKey(values[columnIndex]) else { continue }
                related[ownerKey, default: []].append(child)
                keysOfOwner[ownerKey, default: []].append(childKey)
            }
            remember(keysOfOwner, of: ownerKeys, in: ownerTable, link: offset)
        case .joinTable(let name, let ownerColumn, let childColumn):
            var keysOfOwner: [PrimaryKey: [PrimaryKey]] = [:]
            let pairsSQL = "SELECT \(SQL.quoted(ownerColumn)), \(SQL.quoted(childColumn)) FROM \(SQL.quoted(name)) WHERE \(SQL.quoted(ownerColumn)) IN "
            for pair in try fetch(pairsSQL, in: ownerKeys.map(\.databaseValue)) {
                guard let ownerKey = PrimaryKey(pair[0]), let childKey = PrimaryKey(pair[1]) else { continue }
                keysOfOwner[ownerKey, default: []].append(childKey)
            }
            let (childKeys, children) = try objects(mapping, of: childTable, withKeys: Array(Set(keysOfOwner.values.joined())))
            let childOfKey = Dictionary(zip(childKeys, children), uniquingKeysWith: { first, _ in first })
            for (ownerKey, keys) in keysOfOwner {
                related[ownerKey] = keys.compactMap { childOfKey[$0] }
            }
            remember(keysOfOwner, of: ownerKeys, in: ownerTable, link: offset)
        }
        return related
    }

    /// Notes which keys each owner's to-many relationship held, for the links to undo.
    private func remember(_ keysOfOwner: [PrimaryKey: [PrimaryKey]], of ownerKeys: [PrimaryKey], in table: TableState, link: Int) {
        for ownerKey in ownerKeys {
            table.found[ownerKey]?.relatedKeys[link] = keysOfOwner[ownerKey] ?? []
        }
    }

    // MARK: - Rows to objects

    /// The objects of `keys` that have rows, with their keys: rows found before are
    /// not read again.
    func objects<Model>(_ mapping: EntityMapping<Model>, of table: TableState, withKeys keys: [PrimaryKey]) throws -> ([PrimaryKey], [Model]) {
        var known: [(PrimaryKey, [DatabaseValue])] = []
        var unknown: [DatabaseValue] = []
        for key in keys {
            if let row = table.found[key] { known.append((key, row.values)) } else { unknown.append(key.databaseValue) }
        }
        let rows = try fetch(table, where: table.schema.columns[table.schema.keyIndex], in: unknown)
        var objectKeys: [PrimaryKey] = []
        var objects: [Model] = []
        for (key, object, _) in try self.objects(mapping, of: table, rows: known.map(\.1) + rows) {
            objectKeys.append(key)
            objects.append(object)
        }
        return (objectKeys, objects)
    }

    /// The objects of `rows` (values in the schema's column order), with their keys and
    /// values; rows are remembered as found.
    ///
    /// When `mapping` is of the table's model type, the table's own mapping reads the
    /// rows: an import's mapping that binds by key reads only the key, yet the object it
    /// binds to is the stored one, with every column the table keeps. A class instance
    /// is made once per row: reading the row again gives the same instance.
    func objects<Model>(_ mapping: EntityMapping<Model>, of table: TableState,
                        rows: [[DatabaseValue]]) throws -> [(PrimaryKey, Model, [DatabaseValue])] {
        let reading = table.schema.mapping as? EntityMapping<Model> ?? mapping
        let indexes = try reading.attributes.map { try table.index(of: $0.property, path: $0.path) }
        let isClass = Model.self is AnyObject.Type
        // SQLite keeps booleans as 0 and 1.
        return try ConversionPolicy.booleansFromWordsAndNumbers.applying {
            var objects: [(PrimaryKey, Model, [DatabaseValue])] = []
            objects.reserveCapacity(rows.count)
            for values in rows {
                guard let key = PrimaryKey(values[table.schema.keyIndex]) else { continue }
                if table.found[key] == nil { table.found[key] = FoundRow(values: values) }
                if isClass, let instance = table.instances[key] as? Model {
                    objects.append((key, instance, values))
                    continue
                }
                do {
                    let object = try reading.makeObject { values[indexes[$0]].supportedType }
                    if isClass { table.instances[key] = object as AnyObject }
                    objects.append((key, object, values))
                } catch let error as DataMapperError {
                    throw Self.rowError(error, table: table.schema, key: key)
                }
            }
            return objects
        }
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
        try SQL.inChunks(values) { chunk in
            let statement = try db.cachedStatement(sql: sql + "(\(SQL.placeholders(chunk.count)))")
            let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(Array(chunk)))
            while let row = try cursor.next() {
                rows.append((0..<row.count).map { row[$0] as DatabaseValue })
            }
        }
        return rows
    }
}
