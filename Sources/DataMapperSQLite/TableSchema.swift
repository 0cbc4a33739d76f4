import DataMapper
import DataMapperStore

/// One table as the store uses it, whatever its model type: columns and links found
/// by property, so that any mapping of the entity finds them.
public struct TableSchema: Sendable {
    /// The table's name.
    let name: String
    /// The entity it keeps.
    let entityName: String
    /// The primary key's column.
    let keyColumn: String
    /// The table's ``SQLiteTable/mapping``, an `EntityMapping` of its model type: what
    /// reads its rows into objects of that type.
    let mapping: any Sendable
    /// The column of each property, explicit ones first.
    let columns: [(property: AnyKeyPath & Sendable, column: String)]
    /// How each relationship is kept, with the name of the related entity.
    let links: [(property: AnyKeyPath & Sendable, link: RelationshipLink, relatedEntity: String, isToMany: Bool)]

    init<Model>(_ table: SQLiteTable<Model>) throws {
        let mapping = table.mapping
        name = table.name
        entityName = mapping.entityName
        self.mapping = mapping
        var columns: [(property: AnyKeyPath & Sendable, column: String)] = table.namedColumns.map { ($0.property, $0.column) }
        for attribute in mapping.attributes where !columns.contains(where: { $0.property == attribute.property }) {
            guard attribute.path.components.count == 1, case .key(let key)? = attribute.path.components.first else {
                throw Self.definitionError("the attribute at \"\(attribute.path)\" of entity \"\(mapping.entityName)\" needs a column: "
                                           + "name it with column(_:named:)", table: table.name)
            }
            columns.append((attribute.property, key))
        }
        self.columns = columns
        guard let key = mapping.primaryKey else {
            throw Self.definitionError("entity \"\(mapping.entityName)\" has no primary key; a table keeps objects by key", table: table.name)
        }
        guard let keyColumn = columns.first(where: { $0.property == key })?.column,
              mapping.attributes.contains(where: { $0.property == key }) else {
            throw Self.definitionError("the primary key of entity \"\(mapping.entityName)\" has no attribute", table: table.name)
        }
        self.keyColumn = keyColumn
        var links: [(property: AnyKeyPath & Sendable, link: RelationshipLink, relatedEntity: String, isToMany: Bool)] = []
        for relationship in mapping.relationships {
            guard let link = table.links.first(where: { $0.property == relationship.property })?.link else {
                throw Self.definitionError("a relationship of entity \"\(mapping.entityName)\" says not how it is kept: "
                                           + "give it foreignKey, childForeignKey or joinTable", table: table.name)
            }
            switch (link, relationship.isToMany) {
            case (.ownerForeignKey, true):
                throw Self.definitionError("a to-many relationship cannot be kept in a column of its owner", table: table.name)
            case (.childForeignKey, false), (.joinTable, false):
                throw Self.definitionError("a to-one relationship is kept with foreignKey(_:column:)", table: table.name)
            default:
                links.append((relationship.property, link, mapping.relatedEntityName(of: relationship), relationship.isToMany))
            }
        }
        self.links = links
    }

    /// The column of `property`, `nil` when the table has none.
    func column(of property: AnyKeyPath) -> String? {
        columns.first { $0.property == property }?.column
    }

    /// How the relationship of `property` is kept, and its offset in ``links``.
    func link(of property: AnyKeyPath) -> (offset: Int, link: RelationshipLink)? {
        guard let offset = links.firstIndex(where: { $0.property == property }) else { return nil }
        return (offset, links[offset].link)
    }

    static func definitionError(_ message: String, table: String) -> DataMapperError {
        DataMapperError(.unsupported, message: "table \"\(table)\": \(message)")
    }
}
