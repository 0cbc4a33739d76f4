import DataMapper
import DataMapperStore
import GRDB

/// What one import knows of one table: the rows it found, the objects it made of
/// them, the rows it will write, and the statements it prepared.
final class TableState {
    let schema: TableSchema
    /// The rows found, by key.
    var found: [PrimaryKey: FoundRow] = [:]
    /// The objects made of found rows, by model type: a row read twice (an object the
    /// import names, and the related object of another) is one class instance, and is
    /// not made twice.
    private var madeObjects: [ObjectIdentifier: AnyObject] = [:]
    /// The rows to write (one value per column, `nil` for a column not written), in
    /// the order first saved.
    private(set) var pending: [PendingRow] = []
    /// The offset in ``pending`` of each key's row.
    private var pendingOffsets: [PrimaryKey: Int] = [:]
    /// The keys of the objects deleted.
    var deletions: [PrimaryKey] = []
    /// Where the attributes and relationships of each mapping the import used are in
    /// the table; an import uses one or two mappings of an entity.
    private var layouts: [MappingLayout] = []
    /// Prepared `INSERT` and `UPDATE` statements, by the offsets of the columns they
    /// write (an update's without the key's, which its `WHERE` names).
    private var inserts: [[Int]: Statement] = [:]
    private var updates: [[Int]: Statement] = [:]

    init(_ schema: TableSchema) {
        self.schema = schema
    }

    /// The objects of `Model` made of found rows.
    func madeObjects<Model>(of type: Model.Type) -> MadeObjects<Model> {
        if let made = madeObjects[ObjectIdentifier(type)] as? MadeObjects<Model> { return made }
        let made = MadeObjects<Model>()
        madeObjects[ObjectIdentifier(type)] = made
        return made
    }

    /// Where the attributes and relationships of `mapping` are in the table.
    /// - Throws: When the table keeps no column for an attribute.
    func layout<Model>(of mapping: EntityMapping<Model>) throws -> MappingLayout {
        if let layout = layouts.first(where: { $0.describes(mapping) }) { return layout }
        let layout = try MappingLayout(mapping, in: schema)
        layouts.append(layout)
        return layout
    }

    /// The `INSERT` of the columns at `written`, whose arguments are their values.
    func insertStatement(writing written: [Int], in db: Database) throws -> Statement {
        if let statement = inserts[written] { return statement }
        let names = written.map { SQL.quoted(schema.columns[$0]) }.joined(separator: ", ")
        let statement = try db.makeStatement(
            sql: "INSERT INTO \(SQL.quoted(schema.name)) (\(names)) VALUES (\(SQL.placeholders(written.count)))")
        inserts[written] = statement
        return statement
    }

    /// The `UPDATE` of the columns at `assigned` of one row, whose arguments are their
    /// values, then the row's key.
    func updateStatement(assigning assigned: [Int], in db: Database) throws -> Statement {
        if let statement = updates[assigned] { return statement }
        let assignments = assigned.map { "\(SQL.quoted(schema.columns[$0])) = ?" }.joined(separator: ", ")
        let statement = try db.makeStatement(
            sql: "UPDATE \(SQL.quoted(schema.name)) SET \(assignments) WHERE \(SQL.quoted(schema.columns[schema.keyIndex])) = ?")
        updates[assigned] = statement
        return statement
    }

    /// Sets `values` (one per column, `nil` for a column not written) in the row of
    /// `key` to write; a later save of the row sets its columns over earlier ones.
    func save(_ values: [DatabaseValue?], key: PrimaryKey) {
        guard let offset = pendingOffsets[key] else {
            append(PendingRow(key: key, values: values))
            return
        }
        for (index, value) in values.enumerated() where value != nil { pending[offset].values[index] = value }
    }

    /// Sets one column of the row of `key` to write, making the row if needed.
    func set(_ value: DatabaseValue, at index: Int, key: PrimaryKey) {
        guard let offset = pendingOffsets[key] else {
            var row = PendingRow(key: key, values: Array(repeating: nil, count: schema.columns.count))
            row.values[index] = value
            append(row)
            return
        }
        pending[offset].values[index] = value
    }

    private func append(_ row: PendingRow) {
        pendingOffsets[row.key] = pending.count
        pending.append(row)
    }
}

/// The objects of one model type an import made of a table's found rows, by key.
final class MadeObjects<Model> {
    var objects: [PrimaryKey: Model] = [:]
}

/// A row an import will write.
struct PendingRow {
    let key: PrimaryKey
    /// One value per column of the schema, `nil` for a column not written.
    var values: [DatabaseValue?]
}

/// A row as an import found it.
struct FoundRow {
    /// Its values, in the order of the schema's columns.
    var values: [DatabaseValue]
    /// The keys each to-many relationship held, by the link's offset in the schema.
    var relatedKeys: [Int: [PrimaryKey]] = [:]
}

/// The children a saved owner's to-many relationship holds, kept by a column of the
/// children's table.
struct ChildLinks {
    let childEntity: String
    let column: String
    let owner: PrimaryKey
    let children: [PrimaryKey]
    /// The children it held when the import found it.
    let previous: [PrimaryKey]
}

/// The children a saved owner's to-many relationship holds, kept by a join table.
struct JoinLinks {
    let table: String
    let ownerColumn: String
    let childColumn: String
    let owner: PrimaryKey
    let children: [PrimaryKey]
    /// The children it held when the import found it.
    let previous: [PrimaryKey]
}

/// Where the attributes and relationships of one mapping are in a table: found once
/// per import, for every row the mapping reads or writes.
struct MappingLayout {
    /// The key paths of the mapping's attributes, then of its relationships: the
    /// mapping's own key path objects, which tell it apart from another mapping.
    private let properties: [AnyKeyPath]
    /// The offset in the schema's columns of each attribute's column, in the order of
    /// the mapping's attributes.
    let columns: [Int]
    /// The offset in the schema's links of each relationship's link, in the order of
    /// the mapping's relationships; `nil` for one the table does not keep.
    let links: [Int?]

    /// - Throws: When the table keeps no column for an attribute.
    init<Model>(_ mapping: EntityMapping<Model>, in schema: TableSchema) throws {
        properties = mapping.attributes.map(\.property) + mapping.relationships.map(\.property)
        columns = try mapping.attributes.map { attribute in
            guard let index = schema.index(of: attribute.property) else {
                throw TableSchema.definitionError("the attribute at \"\(attribute.path)\" has no column", table: schema.name)
            }
            return index
        }
        links = mapping.relationships.map { schema.link(of: $0.property)?.offset }
    }

    /// Whether the layout is that of `mapping`: its attributes and relationships are
    /// those of the same key path objects, in the same order.
    func describes<Model>(_ mapping: EntityMapping<Model>) -> Bool {
        // Index loops: this runs unspecialized at every save, where each generic
        // sequence type (an iterator, a zip) costs a metadata lookup.
        let attributes = mapping.attributes, relationships = mapping.relationships
        guard properties.count == attributes.count + relationships.count else { return false }
        for offset in 0..<attributes.count where properties[offset] !== attributes[offset].property {
            return false
        }
        for offset in 0..<relationships.count where properties[attributes.count + offset] !== relationships[offset].property {
            return false
        }
        return true
    }
}
