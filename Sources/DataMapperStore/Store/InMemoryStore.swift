import DataMapper

/// An ``ObjectStore`` that keeps objects in memory, by entity and primary key.
///
/// It keeps the objects of mappings that have a primary key; an object of a mapping
/// without one lives only inside the object that holds it. Objects are listed in the
/// order they were first stored.
///
/// An import that throws leaves the store as it was: the import reads and checks the
/// whole document before it changes any object, and the store takes the import's
/// writes only when it succeeds. The store is not `Sendable`: it holds your models,
/// which may be classes; keep it in one task or actor.
public final class InMemoryStore: ObjectStore {
    private var contents = Contents()

    /// Creates an empty store.
    public init() {}

    /// The stored objects of `mapping`'s entity, in the order they were first stored.
    /// Objects of another model type under the same entity name are not listed.
    public func objects<Model>(of mapping: EntityMapping<Model>) -> [Model] {
        guard let entity = contents.entities[mapping.entityName] else { return [] }
        return entity.objects.values.sorted { $0.sequence < $1.sequence }.compactMap { $0.object as? Model }
    }

    /// The stored object of `mapping`'s entity with `key`, if any.
    public func object<Model>(of mapping: EntityMapping<Model>, key: some PrimaryKeyConvertible) -> Model? {
        contents.entities[mapping.entityName]?.objects[key.primaryKey]?.object as? Model
    }

    /// How many objects the store holds for the entity called `entityName`.
    public func count(ofEntity entityName: String) -> Int {
        contents.entities[entityName]?.objects.count ?? 0
    }

    /// Stores `object` (replacing the one with its key), outside any import: for
    /// objects that exist before the first import.
    /// - Throws: When the mapping has no primary key or the object's key is not set.
    public func insert<Model>(_ object: Model, mapping: EntityMapping<Model>) throws {
        guard let key = mapping.primaryKey(of: object) else {
            throw DataMapperError(.unsupported, message: "an object of entity \"\(mapping.entityName)\" has no primary key to be stored by")
        }
        try withTransaction { try $0.save(object, of: mapping, key: key, isNew: true) }
    }

    /// Runs `body` on a copy of the store's contents, which replaces them when it returns.
    public func withTransaction<Result>(_ body: (inout Transaction) throws -> Result) throws -> Result {
        var transaction = Transaction(contents: contents)
        let result = try body(&transaction)
        contents = transaction.contents
        return result
    }

    /// An import's view of an ``InMemoryStore``: a copy of its contents that replaces
    /// them when the import succeeds.
    public struct Transaction: ObjectStoreTransaction {
        fileprivate var contents: Contents

        /// The stored objects of `keys`; an object of another type under the entity's name is an error.
        public func objects<Model>(of mapping: EntityMapping<Model>, withKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model] {
            guard let entity = contents.entities[mapping.entityName] else { return [:] }
            var found: [PrimaryKey: Model] = [:]
            for key in keys {
                guard let stored = entity.objects[key]?.object else { continue }
                guard let object = stored as? Model else { throw Contents.typeConflict(mapping, stored: stored) }
                found[key] = object
            }
            return found
        }

        /// Stores `object` under its key; an object without a key lives only inside its holder.
        public mutating func save<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?, isNew: Bool) throws {
            guard let key else { return }
            if let stored = contents.entities[mapping.entityName]?.objects[key]?.object, !(stored is Model) {
                throw Contents.typeConflict(mapping, stored: stored)
            }
            contents.entities[mapping.entityName, default: Contents.Entity()].store(object, key: key)
        }

        /// Removes the object of `key`; without a key there is nothing stored to remove.
        public mutating func delete<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?) {
            guard let key else { return }
            contents.entities[mapping.entityName]?.remove(key)
        }
    }

    /// The objects, by entity name and key.
    fileprivate struct Contents {
        struct Entity {
            /// The objects by key, each with the number that orders it in listings:
            /// storing, replacing and deleting stay constant-time however many there are.
            var objects: [PrimaryKey: (sequence: Int, object: Any)] = [:]
            var nextSequence = 0

            mutating func store(_ object: Any, key: PrimaryKey) {
                if let sequence = objects[key]?.sequence {
                    objects[key] = (sequence, object)
                } else {
                    objects[key] = (nextSequence, object)
                    nextSequence += 1
                }
            }

            mutating func remove(_ key: PrimaryKey) {
                objects[key] = nil
            }
        }

        var entities: [String: Entity] = [:]

        static func typeConflict<Model>(_ mapping: EntityMapping<Model>, stored: Any) -> DataMapperError {
            DataMapperError(.unsupported, message: "the entity \"\(mapping.entityName)\" holds \(type(of: stored)) objects, not \(Model.self)")
        }
    }
}
