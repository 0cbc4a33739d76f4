import DataMapper

/// Reads objects from representations with an ``EntityMapping``: new plain objects,
/// an existing object filled in, or objects imported into an ``ObjectStore``.
///
/// ```swift
/// let document = try JSONSerializer().deserialize(data)   // or YAML, XML, MessagePack
/// let people = try EntityDeserializer().collection(from: document, mapping: person, in: store)
/// ```
///
/// Each call is one import. It reads the whole representation first, so that a
/// conversion error anywhere — reported with the key path from the document's root
/// and the value's line and column — changes nothing: not the store, not an object
/// passed in. Within the import, representations with the same primary key are one
/// object. Without a store, nothing exists before the import; with one, the stored
/// object of a key is updated rather than a second one made.
public struct EntityDeserializer {
    /// Hears about each object and collection mapped.
    public var delegate: (any EntityDeserializerDelegate)?
    /// The conversions attribute values may make, for every import of this
    /// deserializer; `nil` keeps the policy in force where it is called (strict unless
    /// a ``DataMapper/ConversionPolicy/applying(_:)`` scope says otherwise). XML, whose
    /// numbers and booleans are text, reads with ``DataMapper/ConversionPolicy/textScalars``.
    public var conversionPolicy: ConversionPolicy?

    /// Creates a deserializer.
    public init(delegate: (any EntityDeserializerDelegate)? = nil, conversionPolicy: ConversionPolicy? = nil) {
        self.delegate = delegate
        self.conversionPolicy = conversionPolicy
    }

    /// The object `representation` describes, under the mapping's root path.
    public func object<Model>(from representation: SupportedType, mapping: EntityMapping<Model>) throws -> Model {
        var transaction = NoStoreTransaction()
        return try object(from: representation, mapping: mapping, transaction: &transaction)
    }

    /// The objects of the array `representation` holds under the mapping's root path.
    public func collection<Model>(from representation: SupportedType, mapping: EntityMapping<Model>) throws -> [Model] {
        var transaction = NoStoreTransaction()
        return try collection(from: representation, mapping: mapping, transaction: &transaction)
    }

    /// Imports the object `representation` describes into `store`: the stored object
    /// of its key is updated, or a new one is stored.
    public func object<Model, Store: ObjectStore>(from representation: SupportedType, mapping: EntityMapping<Model>,
                                                  in store: Store) throws -> Model {
        try store.withTransaction { try object(from: representation, mapping: mapping, transaction: &$0) }
    }

    /// Imports the objects of the array `representation` holds into `store`.
    public func collection<Model, Store: ObjectStore>(from representation: SupportedType, mapping: EntityMapping<Model>,
                                                      in store: Store) throws -> [Model] {
        try store.withTransaction { try collection(from: representation, mapping: mapping, transaction: &$0) }
    }

    /// Sets on `object` what `representation` holds: attributes whose keys are present,
    /// relationships by their policies. Properties whose keys are missing keep their
    /// values. `object` is left as it was when the representation has an error.
    public func fill<Model>(_ object: inout Model, from representation: SupportedType, mapping: EntityMapping<Model>) throws {
        let (value, path) = try Self.located(representation, mapping: mapping)
        let draft = try reading { try mapping.draft(from: value, at: DraftLocation(path)) }
        let session = ImportSession(transaction: NoStoreTransaction(), delegate: delegate)
        try session.register(draft, in: session.keyedTable(for: mapping), isWeak: false)
        try session.fetchStored()
        if mapping.mayHoldItself { try session.checkRelationships(of: draft) }
        var filled = object
        delegate?.willMapObject(from: value, mapping: mapping)
        try session.apply(draft, to: &filled)
        delegate?.didMapObject(filled, from: value, mapping: mapping)
        _ = try session.finish()
        object = filled
    }

    // MARK: - One import

    private func object<Model, Transaction: ObjectStoreTransaction>(
        from representation: SupportedType, mapping: EntityMapping<Model>, transaction: inout Transaction
    ) throws -> Model {
        let (value, path) = try Self.located(representation, mapping: mapping)
        let draft = try reading { try mapping.draft(from: value, at: DraftLocation(path)) }
        let session = ImportSession(transaction: transaction, delegate: delegate)
        let table = try session.keyedTable(for: mapping)
        try session.register(draft, in: table, isWeak: false)
        try session.fetchStored()
        if mapping.mayHoldItself { try session.check(draft, in: table) }
        let object = try session.object(for: draft, in: table)
        transaction = try session.finish()
        return object
    }

    private func collection<Model, Transaction: ObjectStoreTransaction>(
        from representation: SupportedType, mapping: EntityMapping<Model>, transaction: inout Transaction
    ) throws -> [Model] {
        let (value, path) = try Self.located(representation, mapping: mapping)
        guard case .array(let elements) = value.kind else {
            throw DataMapperError.typeMismatch(expected: "an array of objects", found: value).nested(under: path)
        }
        let drafts = try reading {
            try (0..<elements.count).map { try mapping.draft(from: elements[$0], at: DraftLocation(element: $0, of: path)) }
        }
        let session = ImportSession(transaction: transaction, delegate: delegate)
        let table = try session.keyedTable(for: mapping)
        for draft in drafts { try session.register(draft, in: table, isWeak: false) }
        try session.fetchStored()
        if mapping.mayHoldItself {
            for draft in drafts { try session.check(draft, in: table) }
        }
        delegate?.willMapCollection(from: value, mapping: mapping)
        let objects = try drafts.map { try session.object(for: $0, in: table) }
        delegate?.didMapCollection(objects, from: value, mapping: mapping)
        transaction = try session.finish()
        return objects
    }

    /// Runs `body`, the reading step of an import, under ``conversionPolicy``.
    private func reading<Result>(_ body: () throws -> Result) throws -> Result {
        guard let conversionPolicy else { return try body() }
        return try conversionPolicy.applying(body)
    }

    /// The value under the mapping's root path, and that path.
    private static func located<Model>(_ representation: SupportedType, mapping: EntityMapping<Model>) throws -> (SupportedType, DataPath) {
        guard let value = try representation.value(at: mapping.rootPath, under: .root) else {
            throw DataMapperError(.missingKey, message: "nothing at the root path \"\(mapping.rootPath)\"",
                                  path: mapping.rootPath, location: representation.sourceLocation)
        }
        return (value, mapping.rootPath)
    }
}
