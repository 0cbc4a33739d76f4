/// The order an import writes its tables in: a table after the tables its rows refer
/// to, so that a row's foreign key finds its row already written, and the same order
/// in every run, whatever order a dictionary of tables happens to list them in.
///
/// Foreign keys are checked when the transaction commits, so any order is correct;
/// this one makes the statements of an import the same from one run to the next, in
/// the order a reader of a log expects.
enum WriteOrder {
    /// The entities of `schemas`, each after the entities its table refers to; tables
    /// that refer to each other, in a cycle, keep the order of `schemas`.
    static func entities(of schemas: [TableSchema]) -> [String] {
        var referenced: [String: Set<String>] = [:]
        for schema in schemas {
            for link in schema.links where link.relatedEntity != schema.entityName {
                switch link.link {
                case .ownerForeignKey:
                    referenced[schema.entityName, default: []].insert(link.relatedEntity)
                case .childForeignKey:
                    referenced[link.relatedEntity, default: []].insert(schema.entityName)
                case .joinTable:
                    // The pairs are written after every table.
                    break
                }
            }
        }
        var order: [String] = []
        var remaining = schemas.map(\.entityName)
        while !remaining.isEmpty {
            let written = Set(order)
            let next = remaining.firstIndex { referenced[$0, default: []].isSubset(of: written) } ?? remaining.startIndex
            order.append(remaining.remove(at: next))
        }
        return order
    }
}
