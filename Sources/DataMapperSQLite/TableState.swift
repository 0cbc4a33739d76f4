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
    /// The affinity of each of the schema's columns, read once per import.
    private var affinities: [ColumnAffinity]?
    /// The layouts of the mappings that read and write the table's rows.
    private var layouts: [RowLayout] = []
    /// Prepared `INSERT` and `UPDATE` statements, by the offsets of the columns they
    /// write (an update's without the key's, which its `WHERE` names).
    private var inserts: [InsertShape: Statement] = [:]
    private var updates: [[Int]: Statement] = [:]

    init(_ schema: TableSchema) {
        self.schema = schema
    }

    /// Remembers `values` (in the schema's column order) as the row found for its key,
    /// unless a row of the key was found before; `nil` when the row has no key.
    func noteFound(_ values: [DatabaseValue]) -> PrimaryKey? {
        guard let key = PrimaryKey(values[schema.keyIndex]) else { return nil }
        // One hash for a new key: the row is set at once, and the earlier one put back.
        if let earlier = found.updateValue(FoundRow(values: values), forKey: key) { found[key] = earlier }
        return key
    }

    /// The objects of `Model` made of found rows.
    func madeObjects<Model>(of type: Model.Type) -> MadeObjects<Model> {
        if let made = madeObjects[ObjectIdentifier(type)] as? MadeObjects<Model> { return made }
        let made = MadeObjects<Model>()
        madeObjects[ObjectIdentifier(type)] = made
        return made
    }

    /// The layout of the last mapping of `model` with `attributes` attributes and
    /// `relationships` relationships the table was given: the caller checks that its
    /// properties are the mapping's, and asks for ``newLayout(of:)`` when not.
    func layout(of model: Any.Type, attributes: Int, relationships: Int) -> RowLayout? {
        let model = ObjectIdentifier(model)
        return layouts.first { $0.matches(model, attributes: attributes, relationships: relationships) }
    }

    /// The layout of `mapping`, made now; it takes the place of the one
    /// ``layout(of:attributes:relationships:)`` found for the mapping's model type and
    /// counts.
    func newLayout<Model>(of mapping: EntityMapping<Model>) -> RowLayout {
        let layout = RowLayout(mapping, schema: schema)
        layouts.removeAll { $0.matches(layout.model, attributes: layout.columns.count, relationships: layout.links.count) }
        layouts.append(layout)
        return layout
    }

    /// The layout of `mapping`, checked property by property: for a caller that uses
    /// it for many rows at once.
    func layout<Model>(of mapping: EntityMapping<Model>) -> RowLayout {
        if let known = layout(of: Model.self, attributes: mapping.attributes.count, relationships: mapping.relationshipCount),
           known.fits(mapping) {
            return known
        }
        return newLayout(of: mapping)
    }

    /// The affinity of each of the schema's columns, in their order, by the types the
    /// table declares; a column the table lacks gets none (its statement will fail).
    func affinities(in db: Database) throws -> [ColumnAffinity] {
        if let affinities { return affinities }
        var declared: [String: String] = [:]
        // Quoted here: GRDB's `columns(in:)` does not quote a name holding `"`.
        for row in try Row.fetchAll(db, sql: "PRAGMA table_info(\(SQL.quoted(schema.name)))") {
            declared[(row["name"] as String).lowercased()] = row["type"]
        }
        let read = schema.columns.map { ColumnAffinity(declaredType: declared[$0.lowercased()] ?? "") }
        affinities = read
        return read
    }

    /// Checks that `key` can be bound as it is (``PrimaryKey/checkStorable()``).
    /// - Throws: The key's error, naming the key and the table.
    func checkStorable(_ key: PrimaryKey) throws {
        do {
            try key.checkStorable()
        } catch let error as DataMapperError {
            throw SQLiteTransaction.rowError(error, table: schema, key: key)
        }
    }

    /// The error of an attribute the table keeps no column for.
    func noColumn<Model>(for attribute: MappedAttribute<Model>) -> DataMapperError {
        TableSchema.definitionError("the attribute at \"\(attribute.path)\" has no column", table: schema.name)
    }

    /// The `INSERT` of `rows` rows of the columns at `written`, whose arguments are
    /// their values, row after row.
    func insertStatement(writing written: [Int], rows: Int, in db: Database) throws -> Statement {
        let shape = InsertShape(written: written, rows: rows)
        if let statement = inserts[shape] { return statement }
        let names = written.map { SQL.quoted(schema.columns[$0]) }.joined(separator: ", ")
        let tuples = Array(repeating: "(\(SQL.placeholders(written.count)))", count: rows).joined(separator: ", ")
        let statement = try db.makeStatement(sql: "INSERT INTO \(SQL.quoted(schema.name)) (\(names)) VALUES \(tuples)")
        inserts[shape] = statement
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

    /// Makes room for `count` more rows to write: an import saves about as many
    /// objects of an entity as it looks keys up.
    func reservePending(_ count: Int) {
        pending.reserveCapacity(pending.count + count)
        pendingOffsets.reserveCapacity(pendingOffsets.count + count)
    }

    /// Sets `values` (one per column, `nil` for a column not written) in the row of
    /// `key` to write; a later save of the row sets its columns over earlier ones.
    func save(_ values: [DatabaseValue?], key: PrimaryKey) {
        // One hash for a new key: the offset a new row would take is set at once, and
        // put back when the key had a row.
        guard let offset = pendingOffsets.updateValue(pending.count, forKey: key) else {
            pending.append(PendingRow(key: key, values: values))
            return
        }
        pendingOffsets[key] = offset
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
///
/// The objects are in an array, found through a dictionary of offsets: code generic
/// over `Model` runs unspecialized, where a dictionary of `Model` values costs far
/// more than one of `Int`.
final class MadeObjects<Model> {
    private var objects: [Model] = []
    private var offsets: [PrimaryKey: Int] = [:]

    /// The object made of the row of `key`, if any.
    subscript(key: PrimaryKey) -> Model? {
        guard let offset = offsets[key] else { return nil }
        return objects[offset]
    }

    /// Makes room for `count` objects in all.
    func reserveCapacity(_ count: Int) {
        objects.reserveCapacity(count)
        offsets.reserveCapacity(count)
    }

    /// Keeps `object` as the one made of the row of `key`; the first one kept stays.
    func keep(_ object: Model, key: PrimaryKey) {
        guard offsets[key] == nil else { return }
        offsets[key] = objects.count
        objects.append(object)
    }
}

/// The columns and number of rows of an `INSERT`.
struct InsertShape: Hashable {
    let written: [Int]
    let rows: Int
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
    /// The keys each to-many relationship held, by the link's offset in the schema;
    /// links past the end held none, or were not read.
    private(set) var relatedKeys: [[PrimaryKey]] = []

    init(values: [DatabaseValue]) {
        self.values = values
    }

    /// The keys the to-many relationship of the link at `offset` held.
    func relatedKeys(at offset: Int) -> [PrimaryKey] {
        offset < relatedKeys.count ? relatedKeys[offset] : []
    }

    /// Notes the keys the to-many relationship of the link at `offset` held.
    mutating func setRelatedKeys(_ keys: [PrimaryKey], at offset: Int) {
        while relatedKeys.count <= offset { relatedKeys.append([]) }
        relatedKeys[offset] = keys
    }
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
