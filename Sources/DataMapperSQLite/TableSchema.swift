import DataMapper
import DataMapperStore

/// One table as the store uses it, whatever its model type: its columns in a fixed
/// order (rows are read and written by position), and the column and link of each
/// property, so that any mapping of the entity finds them.
public struct TableSchema: Sendable {
    /// The table's name.
    let name: String
    /// The entity it keeps.
    let entityName: String
    /// The table's ``SQLiteTable/mapping``, an `EntityMapping` of its model type: what
    /// reads its rows into objects of that type.
    let mapping: any Sendable
    /// Every column the store reads and writes: the attributes' columns (the key's
    /// among them), this table's foreign keys, and the foreign keys other tables keep
    /// here for their to-many relationships.
    private(set) var columns: [String]
    /// The offset of the key's column in ``columns``.
    let keyIndex: Int
    /// The column of each property, by offset in ``columns``; explicit ones first.
    let properties: [(property: AnyKeyPath & Sendable, index: Int)]
    /// How each relationship is kept, with the name of the related entity.
    let links: [Link]

    /// A relationship of the table's mapping, as the table keeps it.
    struct Link: Sendable {
        let property: AnyKeyPath & Sendable
        let link: RelationshipLink
        let relatedEntity: String
        /// For a foreign key in this table, its offset in ``columns``.
        let index: Int?
    }

    init<Model>(_ table: SQLiteTable<Model>) throws {
        let mapping = table.mapping
        name = table.name
        entityName = mapping.entityName
        self.mapping = mapping
        var columns: [String] = []
        var properties: [(property: AnyKeyPath & Sendable, index: Int)] = []
        func index(of column: String) -> Int {
            if let offset = columns.firstIndex(of: column) { return offset }
            columns.append(column)
            return columns.count - 1
        }
        for (property, column) in table.namedColumns {
            properties.append((property, index(of: column)))
        }
        for attribute in mapping.attributes where !properties.contains(where: { $0.property == attribute.property }) {
            guard attribute.path.components.count == 1, case .key(let key)? = attribute.path.components.first else {
                throw Self.definitionError("the attribute at \"\(attribute.path)\" of entity \"\(mapping.entityName)\" needs a column: "
                                           + "name it with column(_:named:)", table: table.name)
            }
            properties.append((attribute.property, index(of: key)))
        }
        guard let key = mapping.primaryKey else {
            throw Self.definitionError("entity \"\(mapping.entityName)\" has no primary key; a table keeps objects by key", table: table.name)
        }
        guard let keyIndex = properties.first(where: { $0.property == key })?.index,
              mapping.attributes.contains(where: { $0.property == key }) else {
            throw Self.definitionError("the primary key of entity \"\(mapping.entityName)\" has no attribute", table: table.name)
        }
        self.keyIndex = keyIndex
        var links: [Link] = []
        for relationship in mapping.relationships {
            guard let link = table.links.first(where: { $0.property == relationship.property })?.link else {
                throw Self.definitionError("a relationship of entity \"\(mapping.entityName)\" says not how it is kept: "
                                           + "give it foreignKey, childForeignKey or joinTable", table: table.name)
            }
            let related = mapping.relatedEntityName(of: relationship)
            switch (link, relationship.isToMany) {
            case (.ownerForeignKey, true):
                throw Self.definitionError("a to-many relationship cannot be kept in a column of its owner", table: table.name)
            case (.childForeignKey, false), (.joinTable, false):
                throw Self.definitionError("a to-one relationship is kept with foreignKey(_:column:)", table: table.name)
            case (.ownerForeignKey(let column), false):
                links.append(Link(property: relationship.property, link: link, relatedEntity: related, index: index(of: column)))
            default:
                links.append(Link(property: relationship.property, link: link, relatedEntity: related, index: nil))
            }
        }
        self.columns = columns
        self.properties = properties
        self.links = links
    }

    /// Adds `column` to ``columns`` unless it is there: a foreign key another table's
    /// to-many relationship keeps here.
    mutating func addColumn(_ column: String) {
        if !columns.contains(column) { columns.append(column) }
    }

    /// The offset of `property`'s column in ``columns``, `nil` when the table has none.
    func index(of property: AnyKeyPath) -> Int? {
        properties.first { $0.property == property }?.index
    }

    /// How the relationship of `property` is kept, and its offset in ``links``.
    func link(of property: AnyKeyPath) -> (offset: Int, link: Link)? {
        guard let offset = links.firstIndex(where: { $0.property == property }) else { return nil }
        return (offset, links[offset])
    }

    static func definitionError(_ message: String, table: String) -> DataMapperError {
        DataMapperError(.unsupported, message: "table \"\(table)\": \(message)")
    }
}
