import DataMapper

/// The related objects one representation names for a to-many relationship.
struct ToManyDraft<Model, Child>: RelationshipDraft {
    let relationship: ToManyRelationship<Model, Child>
    /// The related mapping.
    let mapping: EntityMapping<Child>
    /// The array (or `null`) they were read from, for the delegate.
    let representation: SupportedType
    let children: [ObjectDraft<Child>]

    func register<Transaction>(in session: ImportSession<Transaction>) throws {
        let table = try session.keyedTable(for: mapping)
        for offset in 0..<children.count { try session.register(children[offset], in: table, isWeak: relationship.isWeak) }
    }

    func check<Transaction>(in session: ImportSession<Transaction>) throws {
        let table = try session.keyedTable(for: mapping)
        for offset in 0..<children.count { try session.check(children[offset], in: table, isWeak: relationship.isWeak) }
    }

    func apply<Transaction>(to model: inout Model, in session: ImportSession<Transaction>) throws {
        session.delegate?.willMapCollection(from: representation, mapping: mapping)
        let table = try session.keyedTable(for: mapping)
        var new: [Child] = []
        new.reserveCapacity(children.count)
        for offset in 0..<children.count {
            if let object = try session.object(for: children[offset], in: table, isWeak: relationship.isWeak) { new.append(object) }
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
            let kept = Set(new.compactMap { ObjectIdentity($0, mapping: mapping) })
            for object in old {
                if let identity = ObjectIdentity(object, mapping: mapping), kept.contains(identity) { continue }
                session.recordDeletion(of: object, mapping: mapping)
            }
        }
    }
}
