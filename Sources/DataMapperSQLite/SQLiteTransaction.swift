import DataMapper
import DataMapperStore
import GRDB

/// One import's view of a ``SQLiteStore``: the rows it found, and the writes it will
/// make when the import is done.
///
/// Lookups run as the import asks for them; saves and deletions are gathered and
/// written by ``flush()`` at the end, when the whole object graph is known: a related
/// object's foreign key comes from the object that holds it, and a row equal to the
/// one found is not written.
public struct SQLiteTransaction: ObjectStoreTransaction {
    let db: Database
    let tables: [String: TableSchema]
    /// The rows found, by entity name and key, as they were.
    var found: [String: [PrimaryKey: FoundRow]] = [:]
    /// The writes waiting for ``flush()``.
    var pending = PendingWrites()
    /// The class instances made from rows, by entity name and key: a row read twice
    /// (an object the import names, and the related object of another) is one instance.
    var instances: [String: [PrimaryKey: AnyObject]] = [:]

    init(db: Database, tables: [String: TableSchema]) {
        self.db = db
        self.tables = tables
    }

    public mutating func objects<Model>(of mapping: EntityMapping<Model>, withKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model] {
        let table = try self.table(of: mapping.entityName)
        var (objectKeys, objects) = try load(mapping, from: table, where: table.keyColumn, in: keys.map(\.databaseValue))
        for relationship in mapping.relationships {
            try mapping.attachRelatedObjects(to: &objects, keys: objectKeys, through: relationship, from: &self)
        }
        return Dictionary(zip(objectKeys, objects), uniquingKeysWith: { first, _ in first })
    }

    public mutating func save<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?, isNew: Bool) throws {
        let table = try self.table(of: mapping.entityName)
        guard let key else { throw Self.keyless(table) }
        var columns: [(String, DatabaseValue)] = []
        for attribute in mapping.attributes {
            let column = try self.column(of: attribute, in: table)
            do {
                columns.append((column, try DatabaseValue(attribute.value(in: object))))
            } catch let error as DataMapperError {
                throw Self.rowError(error.nested(under: attribute.path), table: table, key: key)
            }
        }
        for relationship in mapping.relationships {
            guard let (offset, link) = table.link(of: relationship.property) else { throw Self.unlinked(table) }
            let related = mapping.relatedKeys(of: object, through: relationship)
            let previous = found[table.entityName]?[key]?.relatedKeys[offset]
            switch link {
            case .ownerForeignKey(let column):
                columns.append((column, related.first?.databaseValue ?? .null))
            case .childForeignKey(let column):
                pending.childLinks.append(ChildLinks(childEntity: table.links[offset].relatedEntity, column: column,
                                                     owner: key, children: related, previous: previous ?? []))
            case .joinTable(let name, let ownerColumn, let childColumn):
                pending.joins.append(JoinLinks(table: name, ownerColumn: ownerColumn, childColumn: childColumn,
                                               owner: key, children: related, previous: previous ?? []))
            }
        }
        pending.save(columns, entity: table.entityName, key: key)
    }

    public mutating func delete<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?) throws {
        let table = try self.table(of: mapping.entityName)
        guard let key else { throw Self.keyless(table) }
        pending.deletions.append(Target(entity: table.entityName, key: key))
    }

    // MARK: - Tables and columns

    func table(of entityName: String) throws -> TableSchema {
        guard let table = tables[entityName] else {
            throw DataMapperError(.unsupported, message: "the store has no table for entity \"\(entityName)\"")
        }
        return table
    }

    func column<Model>(of attribute: MappedAttribute<Model>, in table: TableSchema) throws -> String {
        guard let column = table.column(of: attribute.property) else {
            throw TableSchema.definitionError("the attribute at \"\(attribute.path)\" has no column", table: table.name)
        }
        return column
    }

    static func keyless(_ table: TableSchema) -> DataMapperError {
        TableSchema.definitionError("an object without a primary key cannot be kept", table: table.name)
    }

    static func unlinked(_ table: TableSchema) -> DataMapperError {
        TableSchema.definitionError("a relationship of the import's mapping is not one the table keeps", table: table.name)
    }

    /// `error` as the error of one row.
    static func rowError(_ error: DataMapperError, table: TableSchema, key: PrimaryKey) -> DataMapperError {
        var located = error
        located.message = "row \(key) of table \"\(table.name)\": \(error.message)"
        return located
    }
}

/// A row as an import found it.
struct FoundRow {
    /// Its columns.
    var columns: [String: DatabaseValue]
    /// The keys each to-many relationship held, by the link's offset in the table.
    var relatedKeys: [Int: [PrimaryKey]] = [:]
}

/// An entity's row.
struct Target: Hashable {
    let entity: String
    let key: PrimaryKey
}
