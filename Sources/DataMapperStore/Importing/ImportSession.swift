import DataMapper

/// One import: the entity tables, the store transaction, and the writes the import
/// will make, in order.
///
/// The import runs in four steps: the drafts are registered (every key of every
/// entity), the stored objects of those keys are fetched (one request per entity),
/// the drafts are checked (a struct that would contain itself is found before any
/// object changes), then the drafts are applied in document order. Nothing reaches the store until
/// the end, when ``finish()`` saves the objects made and deletes the ones a replace
/// policy let go.
final class ImportSession<Transaction: ObjectStoreTransaction> {
    private(set) var transaction: Transaction
    let delegate: (any EntityDeserializerDelegate)?
    private var tables: [String: any EntityTable] = [:]
    private var tableOrder: [any EntityTable] = []
    /// The saves of objects without a key, which no table keeps, in the order they
    /// were made.
    private var keylessSaves: [(inout Transaction) throws -> Void] = []
    private var deletions: [Deletion] = []

    init(transaction: Transaction, delegate: (any EntityDeserializerDelegate)?) {
        self.transaction = transaction
        self.delegate = delegate
    }

    // MARK: - Registering and fetching

    /// The table of `mapping`'s entity.
    /// - Throws: When the entity was met before with another model type.
    func table<Model>(for mapping: EntityMapping<Model>) throws -> EntityObjects<Model> {
        guard let table = tables[mapping.entityName] else {
            let table = EntityObjects(mapping: mapping)
            tables[mapping.entityName] = table
            tableOrder.append(table)
            return table
        }
        guard let typed = table as? EntityObjects<Model> else {
            throw DataMapperError(.unsupported, message: "the entity \"\(mapping.entityName)\" is mapped to two model types, "
                                  + "\(table.modelTypeName) and \(String(reflecting: Model.self))")
        }
        return typed
    }

    /// The table of `mapping`'s entity when its objects are uniqued (it has a primary
    /// key), `nil` otherwise. Callers look it up once for all the drafts of a mapping
    /// they hold.
    func keyedTable<Model>(for mapping: EntityMapping<Model>) throws -> EntityObjects<Model>? {
        mapping.primaryKey == nil ? nil : try table(for: mapping)
    }

    /// Registers the key of `draft` (in `table`, its mapping's ``keyedTable(for:)``) and
    /// of every draft it relates to.
    func register<Model>(_ draft: ObjectDraft<Model>, in table: EntityObjects<Model>?, isWeak: Bool) throws {
        if let key = draft.key, let table {
            table.add(draft, key: key, isWeak: isWeak)
        }
        guard let relationships = draft.relationships?.drafts else { return }
        for offset in 0..<relationships.count { try relationships[offset].register(in: self) }
    }

    /// Fetches the stored objects of every registered key, one request per entity.
    func fetchStored() throws {
        for table in tableOrder {
            try table.fetchStored(from: &transaction)
        }
    }

    // MARK: - Checking

    /// Walks the objects `draft` leads to in the order ``object(for:in:)`` makes them,
    /// changing nothing, so that a struct that would contain itself is an error before
    /// any object (a stored class instance included) is touched.
    func check<Model>(_ draft: ObjectDraft<Model>, in table: EntityObjects<Model>?) throws {
        if let key = draft.key, let table {
            try table.check(key: key, reachedFrom: draft, in: self)
        } else {
            try checkRelationships(of: draft)
        }
    }

    /// ``check(_:in:)`` for a relationship: a weak one only when its object exists.
    func check<Model>(_ draft: ObjectDraft<Model>, in table: EntityObjects<Model>?, isWeak: Bool) throws {
        if isWeak {
            guard let key = draft.key, let table, table.canBind(key) else { return }
        }
        try check(draft, in: table)
    }

    /// Checks the related drafts of `draft`.
    func checkRelationships<Model>(of draft: ObjectDraft<Model>) throws {
        guard let relationships = draft.relationships?.drafts else { return }
        for relationship in relationships { try relationship.check(in: self) }
    }

    // MARK: - Applying

    /// The object `draft` describes: the one of its key (stored or new), or a new one
    /// when its mapping has no primary key; `table` is the mapping's ``keyedTable(for:)``.
    func object<Model>(for draft: ObjectDraft<Model>, in table: EntityObjects<Model>?) throws -> Model {
        delegate?.willMapObject(from: draft.representation, mapping: draft.mapping)
        let object: Model
        if let key = draft.key, let table {
            object = try table.object(forKey: key, reachedFrom: draft, in: self)
        } else {
            var new = draft.values
            try applyRelationships(of: draft, to: &new)
            keylessSaves.append { [new, mapping = draft.mapping] in try $0.save(new, of: mapping, key: nil, isNew: true) }
            object = new
        }
        delegate?.didMapObject(object, from: draft.representation, mapping: draft.mapping)
        return object
    }

    /// The object `draft` describes for a relationship: ``object(for:in:)``, or, for a
    /// weak one, `nil` unless its key has an object to bind to (never without a key).
    func object<Model>(for draft: ObjectDraft<Model>, in table: EntityObjects<Model>?, isWeak: Bool) throws -> Model? {
        if isWeak {
            // Nothing to bind to: no object is mapped, so the delegate hears nothing.
            guard let key = draft.key, let table, table.canBind(key) else { return nil }
        }
        return try object(for: draft, in: table)
    }

    /// Applies `draft` to `object`: its attributes, then its relationships.
    func apply<Model>(_ draft: ObjectDraft<Model>, to object: inout Model) throws {
        draft.copyValues(to: &object)
        try applyRelationships(of: draft, to: &object)
    }

    /// Applies the relationships of `draft` to `object`, which holds its attributes.
    func applyRelationships<Model>(of draft: ObjectDraft<Model>, to object: inout Model) throws {
        guard let relationships = draft.relationships?.drafts else { return }
        for offset in 0..<relationships.count { try relationships[offset].apply(to: &object, in: self) }
    }

    // MARK: - Identity

    /// Whether `object` and `other` are the same object: the same primary key, or, for
    /// a mapping without one, the same class instance. Struct values without a key
    /// are never the same.
    func isSameObject<Model>(_ object: Model, as other: Model?, mapping: EntityMapping<Model>) -> Bool {
        guard let other, let identity = ObjectIdentity(object, mapping: mapping) else { return false }
        return identity == ObjectIdentity(other, mapping: mapping)
    }

    /// `old` with `new` merged in: a new object takes the place of the old one it is
    /// (``isSameObject(_:as:mapping:)``), the others are appended in order.
    func merging<Model>(_ new: [Model], into old: [Model], mapping: EntityMapping<Model>) -> [Model] {
        var result = old
        var offsets: [ObjectIdentity: Int] = [:]
        for (offset, object) in old.enumerated() {
            if let identity = ObjectIdentity(object, mapping: mapping) { offsets[identity] = offset }
        }
        for object in new {
            let identity = ObjectIdentity(object, mapping: mapping)
            if let identity, let offset = offsets[identity] {
                result[offset] = object
            } else {
                result.append(object)
                if let identity { offsets[identity] = result.count - 1 }
            }
        }
        return result
    }

    // MARK: - Writing

    func recordDeletion<Model>(of object: Model, mapping: EntityMapping<Model>) {
        let key = mapping.primaryKey(of: object)
        deletions.append(Deletion(entityName: mapping.entityName, key: key) {
            try $0.delete(object, of: mapping, key: key)
        })
    }

    /// Saves every object made, then deletes the objects let go that the import did not
    /// also make (an object moved from one parent to another stays), each once.
    ///
    /// Objects are saved table by table, each table's in the order they were finished,
    /// the tables in the reverse of the order they were met: an entity's table is met
    /// after the tables of the entities holding it, so related objects are saved
    /// before the objects holding them unless entities hold each other.
    func finish() throws -> Transaction {
        for table in tableOrder.reversed() { try table.saveFinished(into: &transaction) }
        for save in keylessSaves { try save(&transaction) }
        var deleted: Set<Deletion.Target> = []
        for deletion in deletions {
            if let key = deletion.key {
                if tables[deletion.entityName]?.isResolved(key) == true { continue }
                guard deleted.insert(Deletion.Target(entityName: deletion.entityName, key: key)).inserted else { continue }
            }
            try deletion.perform(&transaction)
        }
        return transaction
    }

    /// A deletion waiting for the end of the import.
    private struct Deletion {
        struct Target: Hashable {
            let entityName: String
            let key: PrimaryKey
        }

        let entityName: String
        let key: PrimaryKey?
        let perform: (inout Transaction) throws -> Void
    }
}

/// What makes two related objects the same one.
enum ObjectIdentity: Hashable {
    /// Objects of a mapping with a primary key.
    case key(PrimaryKey)
    /// Class instances of a mapping without one.
    case instance(ObjectIdentifier)

    /// The identity of `object`, `nil` for a struct value without a key.
    init?<Model>(_ object: Model, mapping: EntityMapping<Model>) {
        if let key = mapping.primaryKey(of: object) {
            self = .key(key)
        } else if Model.self is AnyObject.Type {
            self = .instance(ObjectIdentifier(object as AnyObject))
        } else {
            return nil
        }
    }
}
