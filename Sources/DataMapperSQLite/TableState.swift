import DataMapper
import DataMapperStore
import GRDB

/// What one import knows of one table: the rows it found, the instances it made of
/// them, the rows it will write, and the statements it prepared.
final class TableState {
    let schema: TableSchema
    /// The rows found, by key.
    var found: [PrimaryKey: FoundRow] = [:]
    /// The class instances made of found rows: a row read twice (an object the import
    /// names, and the related object of another) is one instance.
    var instances: [PrimaryKey: AnyObject] = [:]
    /// The rows to write, by key, in the order first saved.
    private(set) var pending: [PrimaryKey: [DatabaseValue?]] = [:]
    private(set) var order: [PrimaryKey] = []
    /// The keys of the objects deleted.
    var deletions: [PrimaryKey] = []
    /// The column offsets of properties, by the key path's identity: a mapping's key
    /// paths are the same objects at every save, so each is looked up by equality once.
    private var propertyIndexes: [ObjectIdentifier: Int] = [:]
    /// Prepared `INSERT` and `UPDATE` statements, by the columns they write.
    var inserts: [[Int]: Statement] = [:]
    var updates: [[Int]: Statement] = [:]

    init(_ schema: TableSchema) {
        self.schema = schema
    }

    /// The offset of `property`'s column in the schema's columns.
    /// - Throws: When the table keeps no column for it.
    func index(of property: AnyKeyPath, path: DataPath) throws -> Int {
        let identity = ObjectIdentifier(property)
        if let index = propertyIndexes[identity] { return index }
        guard let index = schema.index(of: property) else {
            throw TableSchema.definitionError("the attribute at \"\(path)\" has no column", table: schema.name)
        }
        propertyIndexes[identity] = index
        return index
    }

    /// Sets `values` (one per column, `nil` for a column not written) in the row of
    /// `key` to write; a later save of the row sets its columns over earlier ones.
    func save(_ values: [DatabaseValue?], key: PrimaryKey) {
        guard var row = pending[key] else {
            pending[key] = values
            order.append(key)
            return
        }
        for (index, value) in values.enumerated() where value != nil { row[index] = value }
        pending[key] = row
    }

    /// Sets one column of the row of `key` to write, making the row if needed.
    func set(_ value: DatabaseValue, at index: Int, key: PrimaryKey) {
        var row = pending[key] ?? Array(repeating: nil, count: schema.columns.count)
        if pending[key] == nil { order.append(key) }
        row[index] = value
        pending[key] = row
    }
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
