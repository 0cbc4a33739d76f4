import DataMapper
import DataMapperStore
import GRDB

extension SQLiteTransaction: RelatedObjectSource {
    public mutating func relatedObjects<Owner, Child>(
        of mapping: EntityMapping<Child>, through relationship: MappedRelationship<Owner>,
        of owner: EntityMapping<Owner>, ownerKeys: [PrimaryKey]
    ) throws -> [PrimaryKey: [Child]] {
        let ownerTable = try table(of: owner.entityName)
        let childTable = try table(of: mapping.entityName)
        guard let (offset, link) = ownerTable.link(of: relationship.property) else { throw Self.unlinked(ownerTable) }
        var related: [PrimaryKey: [Child]] = [:]
        switch link {
        case .ownerForeignKey(let column):
            var childKeyOfOwner: [PrimaryKey: PrimaryKey] = [:]
            for ownerKey in ownerKeys {
                if let value = found[ownerTable.entityName]?[ownerKey]?.columns[column], let childKey = PrimaryKey(value) {
                    childKeyOfOwner[ownerKey] = childKey
                }
            }
            let children = try objects(mapping, from: childTable, withKeys: Array(Set(childKeyOfOwner.values)))
            for (ownerKey, childKey) in childKeyOfOwner {
                if let child = children[childKey] { related[ownerKey] = [child] }
            }
            return related
        case .childForeignKey(let column):
            let rows = try fetch(from: childTable.name, where: column, in: ownerKeys.map(\.databaseValue))
            var keysOfOwner: [PrimaryKey: [PrimaryKey]] = [:]
            for row in rows {
                guard let ownerKey = PrimaryKey(row[column]) else { continue }
                guard let (childKey, child) = try object(mapping, from: childTable, row: row) else { continue }
                related[ownerKey, default: []].append(child)
                keysOfOwner[ownerKey, default: []].append(childKey)
            }
            remember(keysOfOwner, of: ownerKeys, entity: ownerTable.entityName, link: offset)
            return related
        case .joinTable(let name, let ownerColumn, let childColumn):
            let pairs = try fetch(from: name, where: ownerColumn, in: ownerKeys.map(\.databaseValue))
            var keysOfOwner: [PrimaryKey: [PrimaryKey]] = [:]
            for pair in pairs {
                guard let ownerKey = PrimaryKey(pair[ownerColumn]), let childKey = PrimaryKey(pair[childColumn]) else { continue }
                keysOfOwner[ownerKey, default: []].append(childKey)
            }
            let children = try objects(mapping, from: childTable, withKeys: Array(Set(keysOfOwner.values.joined())))
            for (ownerKey, childKeys) in keysOfOwner {
                related[ownerKey] = childKeys.compactMap { children[$0] }
            }
            remember(keysOfOwner, of: ownerKeys, entity: ownerTable.entityName, link: offset)
            return related
        }
    }

    /// Notes which keys each owner's to-many relationship held, for the links to undo.
    private mutating func remember(_ keysOfOwner: [PrimaryKey: [PrimaryKey]], of ownerKeys: [PrimaryKey], entity: String, link: Int) {
        for ownerKey in ownerKeys {
            found[entity]?[ownerKey]?.relatedKeys[link] = keysOfOwner[ownerKey] ?? []
        }
    }

    // MARK: - Rows to objects

    /// The objects of `keys`, made with `mapping` from their rows (their own
    /// relationships left as `create` made them).
    mutating func objects<Model>(_ mapping: EntityMapping<Model>, from table: TableSchema, withKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model] {
        let (objectKeys, objects) = try load(mapping, from: table, where: table.keyColumn, in: keys.map(\.databaseValue))
        return Dictionary(zip(objectKeys, objects), uniquingKeysWith: { first, _ in first })
    }

    /// The objects of the rows whose `column` is one of `values`, with their keys.
    mutating func load<Model>(_ mapping: EntityMapping<Model>, from table: TableSchema, where column: String,
                              in values: [DatabaseValue]) throws -> (keys: [PrimaryKey], objects: [Model]) {
        var keys: [PrimaryKey] = []
        var objects: [Model] = []
        for row in try fetch(from: table.name, where: column, in: values) {
            guard let (key, object) = try object(mapping, from: table, row: row) else { continue }
            keys.append(key)
            objects.append(object)
        }
        return (keys, objects)
    }

    /// The object of `row`, made with `mapping`, and its key; the row is remembered as
    /// found. `nil` for a row whose key is `NULL`.
    ///
    /// When `mapping` is of the table's model type, the table's own mapping reads the
    /// row: an import's mapping that binds by key reads only the key, yet the object it
    /// binds to is the stored one, with every column the table keeps. A class instance
    /// is made once per row: reading the row again gives the same instance.
    mutating func object<Model>(_ mapping: EntityMapping<Model>, from table: TableSchema, row: Row) throws -> (PrimaryKey, Model)? {
        guard let key = PrimaryKey(row[table.keyColumn]) else { return nil }
        if found[table.entityName]?[key] == nil {
            var columns: [String: DatabaseValue] = [:]
            for (column, value) in row { columns[column] = value }
            found[table.entityName, default: [:]][key] = FoundRow(columns: columns)
        }
        if let instance = instances[table.entityName]?[key] as? Model { return (key, instance) }
        do {
            // SQLite keeps booleans as 0 and 1.
            let object = try ConversionPolicy.booleansFromWordsAndNumbers.applying {
                try (table.mapping as? EntityMapping<Model> ?? mapping).makeObject { attribute in
                    let column = try self.column(of: attribute, in: table)
                    return row.hasColumn(column) ? (row[column] as DatabaseValue).supportedType : nil
                }
            }
            if Model.self is AnyObject.Type { instances[table.entityName, default: [:]][key] = object as AnyObject }
            return (key, object)
        } catch let error as DataMapperError {
            throw Self.rowError(error, table: table, key: key)
        }
    }

    /// The rows of `table` whose `column` is one of `values`, in `IN` lists of at most
    /// ``SQL/chunkSize`` values.
    func fetch(from table: String, where column: String, in values: [DatabaseValue]) throws -> [Row] {
        var rows: [Row] = []
        try SQL.inChunks(values) { chunk in
            let sql = "SELECT * FROM \(SQL.quoted(table)) WHERE \(SQL.quoted(column)) IN (\(SQL.placeholders(chunk.count)))"
            rows += try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(Array(chunk)))
        }
        return rows
    }
}
