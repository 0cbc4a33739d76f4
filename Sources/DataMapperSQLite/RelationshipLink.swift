/// How a relationship is kept in the database.
enum RelationshipLink: Sendable, Hashable {
    /// A to-one relationship: a column of the owner's table holds the related key.
    case ownerForeignKey(column: String)
    /// A to-many relationship: a column of the related table holds the owner's key.
    case childForeignKey(column: String)
    /// A to-many relationship: a table of pairs of owner key and related key.
    case joinTable(name: String, ownerColumn: String, childColumn: String)

    /// How the link reads in messages.
    var description: String {
        switch self {
        case .ownerForeignKey(let column): "the foreign key \"\(column)\""
        case .childForeignKey(let column): "the child foreign key \"\(column)\""
        case .joinTable(let name, _, _): "the join table \"\(name)\""
        }
    }
}
