import DataMapper

/// A place objects are imported into: it finds the objects an import's keys name
/// and keeps what the import made.
///
/// An import is one transaction: ``withTransaction(_:)`` runs it and keeps its writes
/// only when it returns; when it throws, the store is as it was. Inside, the import
/// asks for every key of an entity at once (``ObjectStoreTransaction/objects(of:withKeys:)``),
/// and writes only after the whole document has been read and applied.
///
/// ``InMemoryStore`` keeps objects in memory; a database store maps each entity to a
/// table.
public protocol ObjectStore {
    /// One import's view of the store.
    associatedtype Transaction: ObjectStoreTransaction

    /// Runs `body` in a transaction and keeps its writes when it returns normally.
    /// - Throws: What `body` throws (then nothing it wrote is kept), or the store's
    ///   own error when it cannot begin or keep the transaction.
    func withTransaction<Result>(_ body: (inout Transaction) throws -> Result) throws -> Result
}

/// What an import asks of a store inside one transaction.
public protocol ObjectStoreTransaction {
    /// The stored objects of `mapping`'s entity with any of `keys`, by key; keys with
    /// no object are left out. Called once per entity per import, with every key the
    /// document names for it, unless the import asks ``storedKeys(of:among:)`` instead.
    mutating func objects<Model>(of mapping: EntityMapping<Model>, withKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model]

    /// Whether an import needs the stored objects of `mapping`'s entity even when every
    /// representation of a key sets all the mapping's attributes and assigns all its
    /// relationships, so that nothing of the stored object is left to see.
    ///
    /// A store that makes its objects anew from what it keeps, with nothing the mapping
    /// does not set, answers `false`: the import then asks only which keys are stored
    /// (``storedKeys(of:among:)``) and builds each object from its representations. A
    /// store whose objects have an identity of their own (class instances it holds)
    /// answers `true`, the default.
    func needsStoredObjects<Model>(of mapping: EntityMapping<Model>) -> Bool

    /// The keys among `keys` that have stored objects of `mapping`'s entity: what an
    /// import asks instead of ``objects(of:withKeys:)`` when
    /// ``needsStoredObjects(of:)`` is `false` and its representations set everything.
    /// Called once per entity per import.
    mutating func storedKeys<Model>(of mapping: EntityMapping<Model>, among keys: [PrimaryKey]) throws -> [PrimaryKey]

    /// Keeps `object`, made or updated by the import.
    /// - Parameters:
    ///   - object: The object, all its relationships assigned.
    ///   - mapping: Its mapping.
    ///   - key: Its primary key; `nil` when the mapping has none.
    ///   - isNew: Whether the store had no object of this key before the import.
    mutating func save<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?, isNew: Bool) throws

    /// Removes `object`, which an ``AssignmentPolicy`` replace policy let go.
    /// - Parameter key: Its primary key; `nil` when the mapping has none.
    mutating func delete<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?) throws
}

extension ObjectStoreTransaction {
    /// `true`: the import reads the stored objects.
    public func needsStoredObjects<Model>(of mapping: EntityMapping<Model>) -> Bool { true }

    /// The keys of the objects ``objects(of:withKeys:)`` finds.
    public mutating func storedKeys<Model>(of mapping: EntityMapping<Model>, among keys: [PrimaryKey]) throws -> [PrimaryKey] {
        Array(try objects(of: mapping, withKeys: keys).keys)
    }
}

/// The transaction of an import with no store: nothing is stored before, and
/// nothing is kept after; uniquing still holds within the import.
struct NoStoreTransaction: ObjectStoreTransaction {
    func objects<Model>(of mapping: EntityMapping<Model>, withKeys keys: [PrimaryKey]) -> [PrimaryKey: Model] { [:] }
    func needsStoredObjects<Model>(of mapping: EntityMapping<Model>) -> Bool { false }
    func storedKeys<Model>(of mapping: EntityMapping<Model>, among keys: [PrimaryKey]) -> [PrimaryKey] { [] }
    func save<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?, isNew: Bool) {}
    func delete<Model>(_ object: Model, of mapping: EntityMapping<Model>, key: PrimaryKey?) {}
}
