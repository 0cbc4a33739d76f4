import DataMapper

/// What one import knows about one entity: the drafts of each key in document order,
/// the stored objects those keys matched, and the objects made of them.
///
/// Every representation of a key is applied, in document order, to one object, the
/// first time any of them is reached; later representations of the key get that
/// object. So a key is one class instance, or one struct value holding every
/// representation's changes.
final class EntityObjects<Model>: EntityTable {
    /// The mapping the first draft of the entity was read with; what the store is asked with.
    let mapping: EntityMapping<Model>
    /// What the import knows of each key, in the order the keys were first met.
    private var entries: [KeyEntry<Model>] = []
    /// The offset in ``entries`` of each key. The dictionary's type does not depend on
    /// `Model`, so its hashing is compiled for `PrimaryKey` rather than looked up.
    private var offsets: [PrimaryKey: Int] = [:]
    /// The keys in the order they were first met, for the store's lookup.
    private(set) var keys: [PrimaryKey] = []
    /// The offsets in ``entries`` of the keys whose objects are made, in the order
    /// they were finished: the order they are saved in.
    private var finished: [Int] = []

    init(mapping: EntityMapping<Model>) {
        self.mapping = mapping
    }

    var entityName: String { mapping.entityName }
    var modelTypeName: String { String(reflecting: Model.self) }

    func add(_ draft: ObjectDraft<Model>, key: PrimaryKey, isWeak: Bool) {
        // One hash for a new key, the common case; a key met before is put back.
        guard let offset = offsets.updateValue(entries.count, forKey: key) else {
            entries.append(KeyEntry(draft, isCreatable: !isWeak))
            keys.append(key)
            return
        }
        offsets[key] = offset
        let entry = entries[offset]
        entry.more.append(draft)
        if !isWeak { entry.isCreatable = true }
    }

    /// Looks up the stored objects of the keys; when the store makes its objects anew
    /// and every key's first draft sets everything, only which keys are stored.
    func fetchStored<Transaction: ObjectStoreTransaction>(from transaction: inout Transaction) throws {
        if !transaction.needsStoredObjects(of: mapping), entries.allSatisfy({ $0.first.setsEverything }) {
            for key in try transaction.storedKeys(of: mapping, among: keys) {
                guard let offset = offsets[key] else { continue }
                entries[offset].isStored = true
            }
            return
        }
        for (key, object) in try transaction.objects(of: mapping, withKeys: keys) {
            guard let offset = offsets[key] else { continue }
            entries[offset].object = object
            entries[offset].isStored = true
            entries[offset].holdsStoredObject = true
        }
    }

    func isResolved(_ key: PrimaryKey) -> Bool {
        guard let offset = offsets[key] else { return false }
        return entries[offset].phase == .resolved
    }

    /// The object of `key`: made from every draft of the key (on the stored object, or
    /// on a new one) the first time, then the same one.
    /// - Parameter draft: The draft being resolved, for the error of a struct that
    ///   would contain itself.
    func object<Transaction>(forKey key: PrimaryKey, reachedFrom draft: ObjectDraft<Model>,
                             in session: ImportSession<Transaction>) throws -> Model {
        let offset = try self.offset(of: key, reachedFrom: draft)
        let entry = entries[offset]
        switch entry.phase {
        case .resolved:
            return entry.object
        case .inProgress:
            // A class instance can hold itself (a person's friend's friend is the
            // person); a struct value cannot.
            guard Model.self is AnyObject.Type else { throw cycleError(key: key, draft: draft) }
            return entry.object
        case .pending:
            entry.phase = .inProgress
            var object = entry.object
            if entry.holdsStoredObject {
                try session.apply(entry.first, to: &object)
            } else {
                // The object is the first draft's values already.
                try session.applyRelationships(of: entry.first, to: &object)
            }
            for keyDraft in entry.more {
                try session.apply(keyDraft, to: &object)
            }
            entry.object = object
            entry.phase = .resolved
            finished.append(offset)
            return object
        }
    }

    /// Walks the drafts of `key` as ``object(forKey:reachedFrom:in:)`` applies them,
    /// changing nothing.
    /// - Throws: When a struct would contain itself.
    func check<Transaction>(key: PrimaryKey, reachedFrom draft: ObjectDraft<Model>,
                            in session: ImportSession<Transaction>) throws {
        let entry = try entries[offset(of: key, reachedFrom: draft)]
        switch entry.check {
        case .checked:
            return
        case .checking:
            guard Model.self is AnyObject.Type else { throw cycleError(key: key, draft: draft) }
        case .unchecked:
            entry.check = .checking
            try session.checkRelationships(of: entry.first)
            for keyDraft in entry.more {
                try session.checkRelationships(of: keyDraft)
            }
            entry.check = .checked
        }
    }

    /// Whether a weak relationship may bind to `key`: the store has its object, or a
    /// relationship that is not weak (or the top of the import) names it.
    func canBind(_ key: PrimaryKey) -> Bool {
        guard let offset = offsets[key] else { return false }
        return entries[offset].isStored || entries[offset].isCreatable
    }

    /// Saves the objects made, in the order they were finished.
    func saveFinished<Transaction: ObjectStoreTransaction>(into transaction: inout Transaction) throws {
        for offset in finished {
            let entry = entries[offset]
            try transaction.save(entry.object, of: mapping, key: keys[offset], isNew: !entry.isStored)
        }
    }

    /// The offset in ``entries`` of a registered key.
    private func offset(of key: PrimaryKey, reachedFrom draft: ObjectDraft<Model>) throws -> Int {
        guard let offset = offsets[key] else {
            // Every draft is registered before any is applied.
            throw DataMapperError(.unsupported, message: "the \(entityName) with key \(key) was not registered for this import",
                                  path: draft.path)
        }
        return offset
    }

    private func cycleError(key: PrimaryKey, draft: ObjectDraft<Model>) -> DataMapperError {
        DataMapperError(.unsupported,
                        message: "the \(entityName) with key \(key) contains itself, which a struct cannot; make \(Model.self) a class",
                        path: draft.path, location: draft.representation.sourceLocation)
    }
}

/// What one import knows of one key of an entity.
final class KeyEntry<Model> {
    /// Where the object of the key is in being made.
    enum Phase {
        case pending, inProgress, resolved
    }

    /// Where the key is in the walk that finds structs holding themselves.
    enum Check {
        case unchecked, checking, checked
    }

    /// The key's first draft.
    let first: ObjectDraft<Model>
    /// The key's other drafts, in document order.
    var more: [ObjectDraft<Model>] = []
    /// Whether a relationship that is not weak (or the top of the import) names the
    /// key: it then gets an object even when the store has none.
    var isCreatable: Bool
    /// Whether the store has an object of the key.
    var isStored = false
    /// Whether ``object`` is the store's object rather than the first draft's values:
    /// an import that sets everything does not ask for it.
    var holdsStoredObject = false
    /// The key's object: the first draft's values, or the store's object once looked
    /// up; the drafts are applied to it while it is made.
    var object: Model
    var phase = Phase.pending
    var check = Check.unchecked

    init(_ first: ObjectDraft<Model>, isCreatable: Bool) {
        self.first = first
        self.isCreatable = isCreatable
        object = first.values
    }
}

/// The entity tables of one import, whatever their model types.
protocol EntityTable: AnyObject {
    /// The entity's name.
    var entityName: String { get }
    /// The model type's full name, for the error of an entity mapped to two types.
    var modelTypeName: String { get }
    /// Looks up the stored objects of every key the import names, in one request.
    func fetchStored<Transaction: ObjectStoreTransaction>(from transaction: inout Transaction) throws
    /// Whether the import made (or updated) an object of `key`.
    func isResolved(_ key: PrimaryKey) -> Bool
    /// Saves the objects the import made of the entity, in the order they were finished.
    func saveFinished<Transaction: ObjectStoreTransaction>(into transaction: inout Transaction) throws
}
