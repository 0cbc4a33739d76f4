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
    /// The tables, by entity name.
    let tables: [String: TableState]
    /// The owners' to-many relationships kept by a column of the children's table.
    var childLinks: [ChildLinks] = []
    /// The owners' to-many relationships kept by a join table.
    var joins: [JoinLinks] = []
    /// The table of the last object saved: an import saves runs of objects of one
    /// entity, and comparing its name costs less than hashing it.
    private var lastSaved: TableState?
    /// The values of the last row saved that was not kept (a found row left as it
    /// was), whose array the next save fills again.
    private var spareRow: [DatabaseValue?] = []

    /// The tables in the order their rows are written (``WriteOrder``).
    let orderedTables: [TableState]

    init(db: Database, tables: [String: TableState], writeOrder: [String]) {
        self.db = db
        self.tables = tables
        orderedTables = writeOrder.compactMap { tables[$0] }
    }

    /// The objects of the rows of `keys`, read in `IN` lists, with what they relate to.
    public mutating func objects<Model>(of mapping: EntityMapping<Model>, withKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model] {
        let table = try self.table(of: mapping.entityName)
        table.reservePending(keys.count)
        var (objectKeys, objects) = try objects(mapping, of: table, withKeys: keys)
        for relationship in mapping.relationships {
            try mapping.attachRelatedObjects(to: &objects, keys: objectKeys, through: relationship, from: &self)
        }
        return Dictionary(zip(objectKeys, objects), uniquingKeysWith: { first, _ in first })
    }

    /// `false` for a struct model whose table's own mapping (which makes the objects of
    /// its rows) sets no property `mapping` does not: such an object is nothing but its
    /// row and its links, which an import that sets everything replaces. A class
    /// instance made of a row is the one instance of its key in the import, which
    /// other objects may hold, so class models read their rows.
    public func needsStoredObjects<Model>(of mapping: EntityMapping<Model>) -> Bool {
        if Model.self is AnyObject.Type { return true }
        guard let tableMapping = tables[mapping.entityName]?.schema.mapping as? EntityMapping<Model> else { return false }
        return !tableMapping.attributes.allSatisfy { attribute in mapping.attributes.contains { $0.property == attribute.property } }
    }

    /// The keys among `keys` that have rows, read in `IN` lists; the rows, and the keys
    /// each to-many relationship holds, are kept to compare the saved objects with.
    public mutating func storedKeys<Model>(of mapping: EntityMapping<Model>, among keys: [PrimaryKey]) throws -> [PrimaryKey] {
        let table = try self.table(of: mapping.entityName)
        table.reservePending(keys.count)
        let found = try findRows(of: table, withKeys: keys)
        for relationship in mapping.relationships {
            try findRelatedKeys(of: found, in: table, through: relationship)
        }
        return found
    }

    /// Gathers the row of `object` and its links, written when the import is done.
    public mutating func save<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?, isNew: Bool) throws {
        let entityName = mapping.entityName
        let table: TableState
        if let last = lastSaved, last.schema.entityName == entityName {
            table = last
        } else {
            table = try self.table(of: entityName)
            lastSaved = table
        }
        guard let key else { throw Self.keyless(table.schema) }
        let attributes = mapping.attributes
        var layout = table.layout(of: Model.self, attributes: attributes.count, relationships: mapping.relationshipCount)
            ?? table.newLayout(of: mapping)
        let affinities = try table.affinities(in: db)
        var values = emptyRow(count: table.schema.columns.count)
        var offset = 0
        for attribute in attributes {
            if !layout.hasAttribute(attribute.property, at: offset) { layout = table.newLayout(of: mapping) }
            guard let column = layout.columns[offset] else { throw table.noColumn(for: attribute) }
            do {
                let value = try DatabaseValue(attribute.value(in: object))
                let affinity = affinities[column]
                if let change = column == table.schema.keyIndex ? affinity.keyChange(of: value) : affinity.change(of: value) {
                    throw DataMapperError(.unsupported, message: change)
                }
                values[column] = value
            } catch let error as DataMapperError {
                throw Self.rowError(error.nested(under: attribute.path), table: table.schema, key: key)
            }
            offset += 1
        }
        values[table.schema.keyIndex] = key.databaseValue
        let found = table.found[key]
        try gatherLinks(of: object, mapping: mapping, key: key, found: found, in: table, layout: &layout, values: &values)
        // A found row the object leaves as it was is not written; a changed link of
        // another row's may still set its foreign key.
        if let found, !Self.differs(values, from: found.values) {
            spareRow = values
            return
        }
        table.save(values, key: key)
    }

    /// Sets the foreign key of each to-one relationship of `object` in `values`, and
    /// gathers the links of each to-many relationship that differ from those `found`.
    private mutating func gatherLinks<Model>(of object: Model, mapping: EntityMapping<Model>, key: PrimaryKey, found: FoundRow?,
                                             in table: TableState, layout: inout RowLayout, values: inout [DatabaseValue?]) throws {
        // Most mappings have none; listing none would still look a type up.
        guard mapping.relationshipCount > 0 else { return }
        var offset = 0
        for relationship in mapping.relationships {
            if !layout.hasRelationship(relationship.property, at: offset) { layout = table.newLayout(of: mapping) }
            guard let linkOffset = layout.links[offset] else { throw Self.unlinked(table.schema) }
            offset += 1
            let link = table.schema.links[linkOffset]
            let related = mapping.relatedKeys(of: object, through: relationship)
            switch link.link {
            case .ownerForeignKey:
                if let index = link.index { values[index] = related.first?.databaseValue ?? .null }
            case .childForeignKey(let column):
                let previous = found?.relatedKeys(at: linkOffset) ?? []
                // Children the owner held when found and holds still are linked already.
                guard related != previous else { continue }
                childLinks.append(ChildLinks(childEntity: link.relatedEntity, column: column, owner: key,
                                             children: related, previous: previous))
            case .joinTable(let name, let ownerColumn, let childColumn):
                let previous = found?.relatedKeys(at: linkOffset) ?? []
                guard related != previous else { continue }
                joins.append(JoinLinks(table: name, ownerColumn: ownerColumn, childColumn: childColumn,
                                       owner: key, children: related, previous: previous))
            }
        }
    }

    /// `count` values, all `nil`: in the array of ``spareRow`` when it has that many.
    private mutating func emptyRow(count: Int) -> [DatabaseValue?] {
        var row: [DatabaseValue?] = []
        swap(&row, &spareRow)
        guard row.count == count else { return Array(repeating: nil, count: count) }
        for index in row.indices { row[index] = nil }
        return row
    }

    /// Gathers the deletion of the row of `key`, run when the import is done.
    public mutating func delete<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?) throws {
        let table = try self.table(of: mapping.entityName)
        guard let key else { throw Self.keyless(table.schema) }
        table.deletions.append(key)
    }

    // MARK: - Tables

    func table(of entityName: String) throws -> TableState {
        guard let table = tables[entityName] else {
            throw DataMapperError(.unsupported, message: "the store has no table for entity \"\(entityName)\"")
        }
        return table
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
