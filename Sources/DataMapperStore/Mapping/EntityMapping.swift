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
    /// Everything the mapping says, shared by its copies: an import passes mappings
    /// around by the thousand, and a copy is then one reference. A change makes a new
    /// definition, so copies never see each other's changes.
    private var definition: Definition

    /// The name of the entity: objects of mappings with the same name share their
    /// primary keys (two mappings of one entity find the same objects), and a store
    /// keeps each entity apart.
    public var entityName: String { definition.entityName }
    /// Where the object (or the array of objects) is inside a document, when it is
    /// not the document itself. Used only at the top of an import or a serialization;
    /// a relationship's own path says where its objects are.
    public var rootPath: DataPath {
        get { definition.rootPath }
        set { change { $0.rootPath = newValue } }
    }
    /// The attributes, in the order they were added (the order keys are written in).
    public var attributes: [MappedAttribute<Model>] { definition.attributes }
    /// The relationships, in the order they were added.
    public var relationships: [MappedRelationship<Model>] { definition.relationships }
    /// How the primary key of an object is found, when the mapping has one.
    var primaryKeyRule: PrimaryKeyRule<Model>? { definition.primaryKeyRule }
    /// The offset in ``attributes`` of the attribute that reads the primary key.
    var keyAttributeOffset: Int? { definition.keyAttributeOffset }
    /// Whether every relationship assigns its objects without reading the ones held.
    var ignoresHeldObjects: Bool { definition.ignoresHeldObjects }
    /// How many relationships the mapping has: unlike `relationships.count`, it needs
    /// no type of the model's, which code generic over the model would look up at
    /// every object.
    package var relationshipCount: Int { definition.relationshipCount }
    /// Makes a new, empty object.
    var create: @Sendable () -> Model { definition.create }

    /// Creates a mapping with no attributes.
    /// - Parameters:
    ///   - entityName: The entity's name; by default the model type's name.
    ///   - rootPath: Where objects are inside a document; the document itself by default.
    ///   - create: Makes a new, empty object. An import makes one for every
    ///   representation it reads, to hold the values found; the object of a key the
    ///   store does not have is that one, and for a key it has, the values are set on
    ///   the stored object. So `create` should only make a value, with no effect
    ///   elsewhere.
    public init(entityName: String? = nil, rootPath: DataPath = .root, create: @escaping @Sendable () -> Model) {
        definition = Definition(Fields(entityName: entityName ?? String(describing: Model.self), rootPath: rootPath, create: create))
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
        change { $0.primaryKeyRule = PrimaryKeyRule(keyPath) }
    }

    /// Makes an optional property the primary key (an id that is `nil` until the
    /// object is stored); otherwise as the non-optional form.
    public mutating func setPrimaryKey<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key?> & Sendable) {
        change { $0.primaryKeyRule = PrimaryKeyRule(keyPath) }
    }

    /// Adds an attribute.
    public mutating func addAttribute(_ attribute: MappedAttribute<Model>) {
        change { $0.attributes.append(attribute) }
    }

    /// Adds attributes, in order.
    public mutating func addAttributes(_ list: [MappedAttribute<Model>]) {
        change { $0.attributes.append(contentsOf: list) }
    }

    /// Adds a relationship.
    public mutating func addRelationship(_ relationship: MappedRelationship<Model>) {
        change { $0.relationships.append(relationship) }
    }

    /// The key of `object`, when the mapping has a primary key and the object's key is set.
    public func primaryKey(of object: Model) -> PrimaryKey? {
        primaryKeyRule?.keyOfModel(object)
    }

    /// Replaces the definition with a changed copy.
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = definition.fields
        body(&fields)
        definition = Definition(fields)
    }

    /// What a mapping is made of, as its builders change it.
    private struct Fields: Sendable {
        var entityName: String
        var rootPath: DataPath
        var attributes: [MappedAttribute<Model>] = []
        var relationships: [MappedRelationship<Model>] = []
        var primaryKeyRule: PrimaryKeyRule<Model>?
        let create: @Sendable () -> Model
    }

    /// A mapping's fields, fixed, with what an import looks up from them found once.
    private final class Definition: Sendable {
        let fields: Fields
        let keyAttributeOffset: Int?
        let ignoresHeldObjects: Bool
        let relationshipCount: Int

        init(_ fields: Fields) {
            self.fields = fields
            relationshipCount = fields.relationships.count
            ignoresHeldObjects = fields.relationships.allSatisfy(\.core.ignoresHeldObjects)
            keyAttributeOffset = fields.primaryKeyRule.flatMap { rule in
                fields.attributes.firstIndex { $0.property == rule.property }
            }
        }

        var entityName: String { fields.entityName }
        var rootPath: DataPath { fields.rootPath }
        var attributes: [MappedAttribute<Model>] { fields.attributes }
        var relationships: [MappedRelationship<Model>] { fields.relationships }
        var primaryKeyRule: PrimaryKeyRule<Model>? { fields.primaryKeyRule }
        var create: @Sendable () -> Model { fields.create }
    }
}
