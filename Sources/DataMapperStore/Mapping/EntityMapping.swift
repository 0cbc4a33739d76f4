import DataMapper

/// How objects of one model type are read from and written to representations,
/// described as a value at run time rather than by a conformance of the model.
///
/// A mapping lists ``MappedAttribute``s (a property and where its value is) and
/// ``MappedRelationship``s (a property holding other mapped objects), and may name
/// a primary key so that an import finds the object it already has instead of making
/// a second one. It maps ``DataMapperCore/SupportedType``, so a mapping reads JSON,
/// YAML, XML and MessagePack alike.
///
/// ```swift
/// var car = EntityMapping(entityName: "Car", create: Car.init)
/// car.addAttribute(\.model, at: "model")
/// car.addAttribute(\.year, at: "year")
///
/// var person = EntityMapping(entityName: "Person", create: Person.init)
/// person.addAttribute(\.name, at: "name")
/// person.addAttribute(\.email, at: "user_email")
/// person.setPrimaryKey(\.email)
/// person.addToOneRelationship(\.car, at: "car", mapping: car)
/// ```
///
/// ``EntityDeserializer`` reads with it (into a store, or into plain objects) and
/// ``EntitySerializer`` writes with it. A mapping is a `Sendable` value: build it
/// once and share it.
public struct EntityMapping<Model>: Sendable {
    /// The name of the entity: objects of mappings with the same name share their
    /// primary keys (two mappings of one entity find the same objects), and a store
    /// keeps each entity apart.
    public let entityName: String
    /// Where the object (or the array of objects) is inside a document, when it is
    /// not the document itself. Used only at the top of an import or a serialization;
    /// a relationship's own path says where its objects are.
    public var rootPath: DataPath
    /// The attributes, in the order they were added (the order keys are written in).
    public private(set) var attributes: [MappedAttribute<Model>] = []
    /// The relationships, in the order they were added.
    public private(set) var relationships: [MappedRelationship<Model>] = []
    /// How the primary key of an object is found, when the mapping has one.
    private(set) var primaryKeyRule: PrimaryKeyRule<Model>?
    /// Makes a new, empty object, for a representation no existing object matches.
    let create: @Sendable () -> Model

    /// Creates a mapping with no attributes.
    /// - Parameters:
    ///   - entityName: The entity's name; by default the model type's name.
    ///   - rootPath: Where objects are inside a document; the document itself by default.
    ///   - create: Makes a new object, whose properties the import then sets.
    public init(entityName: String? = nil, rootPath: DataPath = .root, create: @escaping @Sendable () -> Model) {
        self.entityName = entityName ?? String(describing: Model.self)
        self.rootPath = rootPath
        self.create = create
    }

    /// The property that identifies an object, when the mapping has a primary key.
    public var primaryKey: (PartialKeyPath<Model> & Sendable)? { primaryKeyRule?.property }

    /// Makes `keyPath` the primary key: within one import every representation with the
    /// same key is one object, and an import into a store updates the stored object
    /// with that key instead of adding another.
    ///
    /// The key's value is read by the attribute of the same property, which the mapping
    /// must have; a representation without a key is an error.
    public mutating func setPrimaryKey<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key> & Sendable) {
        primaryKeyRule = PrimaryKeyRule(keyPath)
    }

    /// Makes an optional property the primary key (an id that is `nil` until the
    /// object is stored); otherwise as the non-optional form.
    public mutating func setPrimaryKey<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key?> & Sendable) {
        primaryKeyRule = PrimaryKeyRule(keyPath)
    }

    /// Adds an attribute.
    public mutating func addAttribute(_ attribute: MappedAttribute<Model>) {
        attributes.append(attribute)
    }

    /// Adds attributes, in order.
    public mutating func addAttributes(_ list: [MappedAttribute<Model>]) {
        attributes.append(contentsOf: list)
    }

    /// Adds a relationship.
    public mutating func addRelationship(_ relationship: MappedRelationship<Model>) {
        relationships.append(relationship)
    }

    /// The key of `object`, when the mapping has a primary key and the object's key is set.
    public func primaryKey(of object: Model) -> PrimaryKey? {
        primaryKeyRule?.keyOfModel(object)
    }
}
