import DataMapper

/// The typed side of a ``MappedRelationship``: it knows the related model type, which
/// the relationship itself erases so that one mapping can hold relationships to many.
protocol RelationshipCore<Model>: Sendable {
    associatedtype Model

    // Each method takes `owner`, the mapping holding the relationship, which is the
    // related mapping of a relationship to its own mapping.

    /// For a relationship without a path: what the parent's `representation` holds of
    /// the related object; see ``EntityMapping/related(inParent:under:)``.
    func related(inParent representation: SupportedType, under path: DataPath, owner: EntityMapping<Model>) throws -> SupportedType?

    /// Reads the related representation found at `path` into a draft.
    func draft(from value: SupportedType, at path: DataPath, owner: EntityMapping<Model>) throws -> any RelationshipDraft<Model>

    /// The representation of the related objects `model` holds.
    func representation(of model: Model, owner: EntityMapping<Model>, writer: inout ObjectWriter) throws -> SupportedType

    /// Whether applying the relationship sets the property without reading the
    /// related objects it held: its policy is `assign`.
    var ignoresHeldObjects: Bool { get }

    /// The name of the related entity.
    func relatedEntityName(owner: EntityMapping<Model>) -> String

    /// The primary keys of the related objects `model` holds, in order; objects without
    /// a key are left out.
    func relatedKeys(of model: Model, owner: EntityMapping<Model>) -> [PrimaryKey]

    /// The related mapping, as a node of the graph of entities.
    func relatedNode(owner: EntityMapping<Model>) -> any EntityGraphNode

    /// Sets the related objects `source` finds for each of `owners`.
    func attach<Source: RelatedObjectSource>(to owners: inout [Model], keys: [PrimaryKey], relationship: MappedRelationship<Model>,
                                             owner: EntityMapping<Model>, source: inout Source) throws
}

/// The typed side of a to-one relationship.
struct ToOneRelationship<Model, Child>: RelationshipCore {
    let keyPath: WritableKeyPath<Model, Child?> & Sendable
    let mapping: RelatedMapping<Model, Child>
    let policy: AssignmentPolicy.ToOne
    let isWeak: Bool

    var ignoresHeldObjects: Bool { policy == .assign }

    func related(inParent representation: SupportedType, under path: DataPath, owner: EntityMapping<Model>) throws -> SupportedType? {
        try mapping(in: owner).related(inParent: representation, under: path)
    }

    func draft(from value: SupportedType, at path: DataPath, owner: EntityMapping<Model>) throws -> any RelationshipDraft<Model> {
        let related = mapping(in: owner)
        return ToOneDraft(relationship: self, mapping: related,
                          child: value.isNull ? nil : try related.draft(from: value, at: DraftLocation(path)))
    }

    func relatedEntityName(owner: EntityMapping<Model>) -> String { mapping(in: owner).entityName }

    func relatedNode(owner: EntityMapping<Model>) -> any EntityGraphNode { mapping(in: owner) }

    func relatedKeys(of model: Model, owner: EntityMapping<Model>) -> [PrimaryKey] {
        model[keyPath: keyPath].flatMap(mapping(in: owner).primaryKey(of:)).map { [$0] } ?? []
    }

    func attach<Source: RelatedObjectSource>(to owners: inout [Model], keys: [PrimaryKey], relationship: MappedRelationship<Model>,
                                             owner: EntityMapping<Model>, source: inout Source) throws {
        let found = try source.relatedObjects(of: mapping(in: owner), through: relationship, of: owner, ownerKeys: keys)
        for (offset, key) in keys.enumerated() where owners.indices.contains(offset) {
            owners[offset][keyPath: keyPath] = found[key]?.first
        }
    }

    func representation(of model: Model, owner: EntityMapping<Model>, writer: inout ObjectWriter) throws -> SupportedType {
        guard let child = model[keyPath: keyPath] else { return .null }
        return try writer.representation(of: child, mapping: mapping(in: owner))
    }
}

/// The typed side of a to-many relationship.
struct ToManyRelationship<Model, Child>: RelationshipCore {
    let keyPath: WritableKeyPath<Model, [Child]> & Sendable
    let mapping: RelatedMapping<Model, Child>
    let policy: AssignmentPolicy.ToMany
    let isWeak: Bool

    var ignoresHeldObjects: Bool { policy == .assign }

    func related(inParent representation: SupportedType, under path: DataPath, owner: EntityMapping<Model>) throws -> SupportedType? {
        try mapping(in: owner).related(inParent: representation, under: path)
    }

    func draft(from value: SupportedType, at path: DataPath, owner: EntityMapping<Model>) throws -> any RelationshipDraft<Model> {
        let related = mapping(in: owner)
        var children: [ObjectDraft<Child>] = []
        switch value.kind {
        case .null:
            break
        case .array(let elements):
            children.reserveCapacity(elements.count)
            for index in 0..<elements.count {
                children.append(try related.draft(from: elements[index], at: DraftLocation(element: index, of: path)))
            }
        default:
            throw DataMapperError.typeMismatch(expected: "an array", found: value).nested(under: path)
        }
        return ToManyDraft(relationship: self, mapping: related, representation: value, children: children)
    }

    func relatedEntityName(owner: EntityMapping<Model>) -> String { mapping(in: owner).entityName }

    func relatedNode(owner: EntityMapping<Model>) -> any EntityGraphNode { mapping(in: owner) }

    func relatedKeys(of model: Model, owner: EntityMapping<Model>) -> [PrimaryKey] {
        let related = mapping(in: owner)
        let children = model[keyPath: keyPath]
        var keys: [PrimaryKey] = []
        keys.reserveCapacity(children.count)
        for offset in 0..<children.count {
            if let key = related.primaryKey(of: children[offset]) { keys.append(key) }
        }
        return keys
    }

    func attach<Source: RelatedObjectSource>(to owners: inout [Model], keys: [PrimaryKey], relationship: MappedRelationship<Model>,
                                             owner: EntityMapping<Model>, source: inout Source) throws {
        let found = try source.relatedObjects(of: mapping(in: owner), through: relationship, of: owner, ownerKeys: keys)
        for (offset, key) in keys.enumerated() where owners.indices.contains(offset) {
            owners[offset][keyPath: keyPath] = found[key] ?? []
        }
    }

    func representation(of model: Model, owner: EntityMapping<Model>, writer: inout ObjectWriter) throws -> SupportedType {
        let related = mapping(in: owner)
        var elements: [SupportedType] = []
        for child in model[keyPath: keyPath] {
            elements.append(try writer.representation(of: child, mapping: related))
        }
        return .array(elements)
    }
}
