import DataMapper

/// The related object one representation names for a to-one relationship, or `nil`
/// for `null`.
struct ToOneDraft<Model, Child>: RelationshipDraft {
    let relationship: ToOneRelationship<Model, Child>
    /// The related mapping.
    let mapping: EntityMapping<Child>
    let child: ObjectDraft<Child>?

    func register<Transaction>(in session: ImportSession<Transaction>) throws {
        if let child { try session.register(child, in: session.keyedTable(for: mapping), isWeak: relationship.isWeak) }
    }

    func check<Transaction>(in session: ImportSession<Transaction>) throws {
        if let child { try session.check(child, in: session.keyedTable(for: mapping), isWeak: relationship.isWeak) }
    }

    func apply<Transaction>(to model: inout Model, in session: ImportSession<Transaction>) throws {
        let new: Child? = try child.flatMap { try session.object(for: $0, in: session.keyedTable(for: mapping), isWeak: relationship.isWeak) }
        let keyPath = relationship.keyPath
        switch relationship.policy {
        case .assign:
            model[keyPath: keyPath] = new
        case .objectMerge:
            if let new { model[keyPath: keyPath] = new }
        case .objectReplace:
            let old = model[keyPath: keyPath]
            model[keyPath: keyPath] = new
            if let old, !session.isSameObject(old, as: new, mapping: mapping) {
                session.recordDeletion(of: old, mapping: mapping)
            }
        }
    }
}
