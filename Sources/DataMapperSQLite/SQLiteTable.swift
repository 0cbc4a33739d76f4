import DataMapperStore

/// Where the objects of one ``DataMapperStore/EntityMapping`` live in a SQLite
/// database: a table your migration created, a column per attribute, and how each
/// relationship is kept.
///
/// ```swift
/// var people = SQLiteTable("person", mapping: person)
/// people.column(\.email, named: "email")            // the JSON key is "user_email"
/// people.foreignKey(\.car, column: "car_id")        // to-one: a column of "person"
/// people.childForeignKey(\.phones, column: "person_email")  // to-many: a column of the phone table
/// ```
///
/// An attribute whose path is a single key is kept in the column of that name unless
/// ``column(_:named:)`` says otherwise; every relationship needs one of
/// ``foreignKey(_:column:)``, ``childForeignKey(_:column:)`` or
/// ``joinTable(_:named:ownerColumn:childColumn:)``. The mapping must have a primary
/// key, whose column is the table's primary key. ``SQLiteStore`` checks all of it
/// when it is made, and never creates or alters a table.
public struct SQLiteTable<Model>: SQLiteTableDescription {
    /// The table's name.
    public let name: String
    /// The mapping of the table's objects; imports with another mapping of the same
    /// entity (one that binds by key) find their columns by property here.
    public let mapping: EntityMapping<Model>
    /// Columns named explicitly, by property.
    private(set) var namedColumns: [(property: PartialKeyPath<Model> & Sendable, column: String)] = []
    /// How relationships are kept, by property.
    private(set) var links: [(property: PartialKeyPath<Model> & Sendable, link: RelationshipLink)] = []

    /// A table for the objects of `mapping`.
    public init(_ name: String, mapping: EntityMapping<Model>) {
        self.name = name
        self.mapping = mapping
    }

    /// The entity the table keeps.
    public var entityName: String { mapping.entityName }

    /// Keeps the attribute of `property` in `column`.
    public mutating func column(_ property: PartialKeyPath<Model> & Sendable, named column: String) {
        namedColumns.append((property, column))
    }

    /// Keeps the to-one relationship of `property` as a column of this table holding
    /// the related object's key.
    public mutating func foreignKey(_ property: PartialKeyPath<Model> & Sendable, column: String) {
        links.append((property, .ownerForeignKey(column: column)))
    }

    /// Keeps the to-many relationship of `property` as a column of the related table
    /// holding this object's key. A related object the relationship lets go has the
    /// column set to `NULL`, unless a replace policy deletes it.
    public mutating func childForeignKey(_ property: PartialKeyPath<Model> & Sendable, column: String) {
        links.append((property, .childForeignKey(column: column)))
    }

    /// Keeps the to-many relationship of `property` in a table of pairs.
    /// - Parameters:
    ///   - table: The join table.
    ///   - ownerColumn: Its column holding this object's key.
    ///   - childColumn: Its column holding the related object's key.
    public mutating func joinTable(_ property: PartialKeyPath<Model> & Sendable, named table: String, ownerColumn: String, childColumn: String) {
        links.append((property, .joinTable(name: table, ownerColumn: ownerColumn, childColumn: childColumn)))
    }

    /// The table checked against its mapping, as the store reads it.
    public func schema() throws -> TableSchema {
        try TableSchema(self)
    }
}

/// A table of a ``SQLiteStore``: ``SQLiteTable`` of any model type.
public protocol SQLiteTableDescription: Sendable {
    /// The table's name.
    var name: String { get }
    /// The entity the table keeps.
    var entityName: String { get }
    /// The table as the store reads it, checked against its mapping.
    /// - Throws: When the mapping has no primary key, an attribute has no column, or
    ///   a relationship says not how it is kept.
    func schema() throws -> TableSchema
}
