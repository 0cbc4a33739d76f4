import DataMapperStore

/// A parent record of the generated document, with its children.
struct Parent: Sendable {
    var id = 0
    var name = ""
    var email = ""
    var score = 0.0
    var visits = 0
    var children: [Child] = []
}

/// A child record, a row of the `child` table whose `parent_id` names its parent.
struct Child: Sendable {
    var id = 0
    var label = ""
    var quantity = 0
    var price = 0.0
}

/// The mappings of the generated document, keyed by `id`; each attribute's path is
/// its column's name.
enum Mappings {
    static let child: EntityMapping<Child> = {
        var mapping = EntityMapping(entityName: "Child", create: Child.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttribute(\.label, at: "label")
        mapping.addAttribute(\.quantity, at: "quantity")
        mapping.addAttribute(\.price, at: "price")
        mapping.setPrimaryKey(\.id)
        return mapping
    }()

    static let parent: EntityMapping<Parent> = {
        var mapping = EntityMapping(entityName: "Parent", create: Parent.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttribute(\.name, at: "name")
        mapping.addAttribute(\.email, at: "email")
        mapping.addAttribute(\.score, at: "score")
        mapping.addAttribute(\.visits, at: "visits")
        mapping.setPrimaryKey(\.id)
        mapping.addToManyRelationship(\.children, at: "children", mapping: child)
        return mapping
    }()
}
