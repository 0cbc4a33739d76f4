/// A mapping seen as a node of the graph its relationships draw between entities.
protocol EntityGraphNode {
    /// The entity's name.
    var entityName: String { get }
    /// Whether the model is a class, whose instances may hold themselves.
    var modelIsClass: Bool { get }
    /// The mappings its relationships relate to.
    func relatedNodes() -> [any EntityGraphNode]
}

extension EntityMapping: EntityGraphNode {
    var modelIsClass: Bool { Model.self is AnyObject.Type }

    func relatedNodes() -> [any EntityGraphNode] {
        relationships.map { $0.core.relatedNode(owner: self) }
    }

    /// Whether an import with this mapping may reach a struct object from within
    /// itself: its relationships lead back to an entity on the way, through a model
    /// that is a struct. Only then does an import walk its drafts for such a cycle
    /// before applying them.
    var mayHoldItself: Bool {
        var path: [(name: String, isClass: Bool)] = []
        var done: Set<String> = []
        func visit(_ node: any EntityGraphNode) -> Bool {
            if let start = path.firstIndex(where: { $0.name == node.entityName }) {
                return path[start...].contains { !$0.isClass }
            }
            guard !done.contains(node.entityName) else { return false }
            path.append((node.entityName, node.modelIsClass))
            defer {
                path.removeLast()
                done.insert(node.entityName)
            }
            return node.relatedNodes().contains(where: visit)
        }
        return visit(self)
    }
}
