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
    /// The drafts of each key, in document order.
    private var drafts: [PrimaryKey: [ObjectDraft<Model>]] = [:]
    /// The keys in the order they were first met, for the store's lookup.
    private(set) var keys: [PrimaryKey] = []
    /// The keys a non-weak relationship (or the top of the import) names: these get an
    /// object even when the store has none.
    private var creatable: Set<PrimaryKey> = []
    /// The stored objects of ``keys``, once looked up.
    private var stored: [PrimaryKey: Model] = [:]
    /// The objects made, by key.
    private(set) var resolved: [PrimaryKey: Model] = [:]
    /// The objects being made: their drafts are being applied.
    private var inProgress: [PrimaryKey: Model] = [:]
    /// The keys whose drafts were checked, and those being checked.
    private var checked: Set<PrimaryKey> = []
    private var checking: Set<PrimaryKey> = []

    init(mapping: EntityMapping<Model>) {
        self.mapping = mapping
    }

    var entityName: String { mapping.entityName }
    var modelTypeName: String { String(reflecting: Model.self) }

    func add(_ draft: ObjectDraft<Model>, key: PrimaryKey, isWeak: Bool) {
        if drafts[key] == nil { keys.append(key) }
        drafts[key, default: []].append(draft)
        if !isWeak { creatable.insert(key) }
    }

    func fetchStored<Transaction: ObjectStoreTransaction>(from transaction: inout Transaction) throws {
        stored = try transaction.objects(of: mapping, withKeys: keys)
    }

    func isResolved(_ key: PrimaryKey) -> Bool { resolved[key] != nil }

    /// The object of `key`: made from every draft of the key (on the stored object, or
    /// on a new one) the first time, then the same one.
    /// - Parameter draft: The draft being resolved, for the error of a struct that
    ///   would contain itself.
    func object<Transaction>(forKey key: PrimaryKey, reachedFrom draft: ObjectDraft<Model>,
                             in session: ImportSession<Transaction>) throws -> Model {
        if let object = resolved[key] { return object }
        if let partial = inProgress[key] {
            // A class instance can hold itself (a person's friend's friend is the
            // person); a struct value cannot.
            guard Model.self is AnyObject.Type else { throw cycleError(key: key, draft: draft) }
            return partial
        }
        let existing = stored[key]
        var object = existing ?? mapping.create()
        inProgress[key] = object
        for keyDraft in drafts[key] ?? [] {
            try session.apply(keyDraft, to: &object)
        }
        inProgress[key] = nil
        resolved[key] = object
        session.recordSave(of: object, mapping: mapping, key: key, isNew: existing == nil)
        return object
    }

    /// Walks the drafts of `key` as ``object(forKey:reachedFrom:in:)`` applies them,
    /// changing nothing.
    /// - Throws: When a struct would contain itself.
    func check<Transaction>(key: PrimaryKey, reachedFrom draft: ObjectDraft<Model>,
                            in session: ImportSession<Transaction>) throws {
        if checked.contains(key) { return }
        if checking.contains(key) {
            guard Model.self is AnyObject.Type else { throw cycleError(key: key, draft: draft) }
            return
        }
        checking.insert(key)
        for keyDraft in drafts[key] ?? [] {
            try session.checkRelationships(of: keyDraft)
        }
        checking.remove(key)
        checked.insert(key)
    }

    /// Whether a weak relationship may bind to `key`: the store has its object, or a
    /// relationship that is not weak (or the top of the import) names it.
    func canBind(_ key: PrimaryKey) -> Bool {
        stored[key] != nil || creatable.contains(key)
    }

    private func cycleError(key: PrimaryKey, draft: ObjectDraft<Model>) -> DataMapperError {
        DataMapperError(.unsupported,
                        message: "the \(entityName) with key \(key) contains itself, which a struct cannot; make \(Model.self) a class",
                        path: draft.path, location: draft.representation.location)
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
}
