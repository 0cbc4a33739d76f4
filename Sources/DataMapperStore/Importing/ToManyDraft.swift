import DataMapper

/// The related objects one representation names for a to-many relationship.
struct ToManyDraft<Model, Child>: RelationshipDraft {
    let relationship: ToManyRelationship<Model, Child>
    /// The array (or `null`) they were read from, for the delegate.
    let representation: SupportedType
    let children: [ObjectDraft<Child>]

    func register<Transaction>(in session: ImportSession<Transaction>) throws {
        for child in children { try session.register(child, isWeak: relationship.isWeak) }
    }

    func check<Transaction>(in session: ImportSession<Transaction>) throws {
        for child in children { try session.check(child, isWeak: relationship.isWeak) }
    }

    func apply<Transaction>(to model: inout Model, in session: ImportSession<Transaction>) throws {
        let mapping = relationship.mapping
        session.delegate?.willMapCollection(from: representation, mapping: mapping)
        var new: [Child] = []
        new.reserveCapacity(children.count)
        for child in children {
            if let object = try session.object(for: child, isWeak: relationship.isWeak) { new.append(object) }
        }
        session.delegate?.didMapCollection(new, from: representation, mapping: mapping)

        let keyPath = relationship.keyPath
        switch relationship.policy {
        case .assign:
            model[keyPath: keyPath] = new
        case .collectionMerge:
            model[keyPath: keyPath] = session.merging(new, into: model[keyPath: keyPath], mapping: mapping)
        case .collectionReplace:
            let old = model[keyPath: keyPath]
            model[keyPath: keyPath] = new
            for object in old where !new.contains(where: { session.isSameObject(object, as: $0, mapping: mapping) }) {
                session.recordDeletion(of: object, mapping: mapping)
            }
        }
    }
}
