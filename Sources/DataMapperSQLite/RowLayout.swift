import DataMapperStore

/// Where the properties of one mapping go in a table's rows: the column of each
/// attribute and the link of each relationship, by their offsets in the mapping.
///
/// A layout is made once per mapping and table in an import (again when mappings of
/// one model type with as many attributes and relationships take turns), so that
/// reading and writing a row goes by offset instead of looking each property up.
/// Whoever uses a layout checks that each property of its mapping is the one the
/// layout has at that offset: key paths are compared by identity, which costs less
/// than finding the mapping's layout anew at every row.
final class RowLayout {
    /// The model type of the mapping the layout is made for.
    let model: ObjectIdentifier
    /// The attributes' and the relationships' properties the layout is made for, in
    /// the mapping's order; a mapping keeps the same key path objects for its life.
    private let attributeProperties: [AnyKeyPath]
    private let relationshipProperties: [AnyKeyPath]
    /// The offset in the schema's columns of the column of the attribute at each
    /// offset of the mapping's attributes; `nil` when the table keeps none.
    let columns: [Int?]
    /// The offset in the schema's links of the link of the relationship at each
    /// offset of the mapping's relationships; `nil` when the table keeps none.
    let links: [Int?]

    init<Model>(_ mapping: EntityMapping<Model>, schema: TableSchema) {
        model = ObjectIdentifier(Model.self)
        let attributes = mapping.attributes
        let relationships = mapping.relationships
        attributeProperties = attributes.map(\.property)
        relationshipProperties = relationships.map(\.property)
        columns = attributes.map { schema.index(of: $0.property) }
        links = relationships.map { schema.link(of: $0.property)?.offset }
    }

    /// Whether the layout is made for a mapping of `model` with `attributes`
    /// attributes and `relationships` relationships.
    func matches(_ model: ObjectIdentifier, attributes: Int, relationships: Int) -> Bool {
        self.model == model && columns.count == attributes && links.count == relationships
    }

    /// Whether the attribute at `offset` is of `property`.
    func hasAttribute(_ property: AnyKeyPath, at offset: Int) -> Bool {
        attributeProperties[offset] === property
    }

    /// Whether the relationship at `offset` is of `property`.
    func hasRelationship(_ property: AnyKeyPath, at offset: Int) -> Bool {
        relationshipProperties[offset] === property
    }

    /// Whether the layout is the one of `mapping`.
    func fits<Model>(_ mapping: EntityMapping<Model>) -> Bool {
        let attributes = mapping.attributes
        let relationships = mapping.relationships
        guard matches(ObjectIdentifier(Model.self), attributes: attributes.count, relationships: relationships.count) else { return false }
        var offset = 0
        for attribute in attributes {
            guard hasAttribute(attribute.property, at: offset) else { return false }
            offset += 1
        }
        offset = 0
        for relationship in relationships {
            guard hasRelationship(relationship.property, at: offset) else { return false }
            offset += 1
        }
        return true
    }
}
