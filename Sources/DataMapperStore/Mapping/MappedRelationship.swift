import DataMapper

/// A property of a model that holds objects of another mapping: one (`Child?`) or
/// many (`[Child]`).
///
/// Besides the property and where the related representation is, a relationship has
/// an ``AssignmentPolicy`` (what happens to the related objects the model already had)
/// and may be *weak*: a weak relationship binds only to objects that already exist —
/// in the store, or made by the same import — and never creates one; an object it
/// finds takes what the representation holds, as any related object does.
///
/// A path of `nil` reads the related object from the parent's own representation:
/// with `{"id": 314, "category": 4}` a website's category mapping can read its key
/// from `"category"` in the website's dictionary; a website without `"category"`
/// leaves the relationship as it is, and `"category": null` is no category. A
/// related mapping's ``EntityMapping/rootPath`` is not used.
public struct MappedRelationship<Model>: Sendable {
    /// Where the related representation is, relative to the parent's; `nil` for the
    /// parent's representation itself.
    public let path: DataPath?
    /// The property of the model that holds the related objects.
    public let property: PartialKeyPath<Model> & Sendable
    /// Whether the property holds an array of objects.
    public let isToMany: Bool
    /// Whether the relationship only binds to objects that already exist.
    public let isWeak: Bool
    /// Reads, assigns and writes the related objects.
    let core: any RelationshipCore<Model>

    /// A to-one relationship.
    /// - Parameters:
    ///   - keyPath: The property holding the related object.
    ///   - path: Where its representation is; `nil` for the parent's own.
    ///   - mapping: The related object's mapping.
    ///   - policy: What happens to the object the property held before.
    ///   - isWeak: Whether to bind only to an object that already exists.
    public static func toOne<Child>(
        _ keyPath: WritableKeyPath<Model, Child?> & Sendable,
        at path: DataPath?,
        mapping: EntityMapping<Child>,
        policy: AssignmentPolicy.ToOne = .assign,
        isWeak: Bool = false
    ) -> MappedRelationship {
        MappedRelationship(path: path, property: keyPath, isToMany: false, isWeak: isWeak,
                           core: ToOneRelationship(keyPath: keyPath, mapping: RelatedMapping(mapping), policy: policy, isWeak: isWeak))
    }

    /// A to-many relationship; the related representation is an array (`null` reads
    /// as an empty one).
    /// - Parameters:
    ///   - keyPath: The property holding the related objects.
    ///   - path: Where the array is; `nil` for the parent's own representation.
    ///   - mapping: The related objects' mapping.
    ///   - policy: What happens to the objects the property held before.
    ///   - isWeak: Whether to bind only to objects that already exist.
    public static func toMany<Child>(
        _ keyPath: WritableKeyPath<Model, [Child]> & Sendable,
        at path: DataPath?,
        mapping: EntityMapping<Child>,
        policy: AssignmentPolicy.ToMany = .assign,
        isWeak: Bool = false
    ) -> MappedRelationship {
        MappedRelationship(path: path, property: keyPath, isToMany: true, isWeak: isWeak,
                           core: ToManyRelationship(keyPath: keyPath, mapping: RelatedMapping(mapping), policy: policy, isWeak: isWeak))
    }
}

// MARK: - Relationships to the mapping that holds them

extension MappedRelationship {
    /// A to-one relationship to an object of the same mapping (a person's manager);
    /// the model must be a class, as a struct cannot hold a value of its own type.
    public static func toOne(
        _ keyPath: WritableKeyPath<Model, Model?> & Sendable,
        at path: DataPath?,
        policy: AssignmentPolicy.ToOne = .assign,
        isWeak: Bool = false
    ) -> MappedRelationship {
        MappedRelationship(path: path, property: keyPath, isToMany: false, isWeak: isWeak,
                           core: ToOneRelationship(keyPath: keyPath, mapping: .owner(), policy: policy, isWeak: isWeak))
    }

    /// A to-many relationship to objects of the same mapping (a category's
    /// subcategories); it reads and writes nested arrays as deep as the document goes.
    public static func toMany(
        _ keyPath: WritableKeyPath<Model, [Model]> & Sendable,
        at path: DataPath?,
        policy: AssignmentPolicy.ToMany = .assign,
        isWeak: Bool = false
    ) -> MappedRelationship {
        MappedRelationship(path: path, property: keyPath, isToMany: true, isWeak: isWeak,
                           core: ToManyRelationship(keyPath: keyPath, mapping: .owner(), policy: policy, isWeak: isWeak))
    }
}

extension EntityMapping {
    /// The name of the entity `relationship` (one of this mapping's) relates to: what a
    /// database store joins to.
    public func relatedEntityName(of relationship: MappedRelationship<Model>) -> String {
        relationship.core.relatedEntityName(owner: self)
    }

    /// The primary keys of the objects `relationship` holds in `object`, in order: what
    /// a store writes as a foreign key or into a join table. Objects of a mapping
    /// without a primary key are left out.
    public func relatedKeys(of object: Model, through relationship: MappedRelationship<Model>) -> [PrimaryKey] {
        relationship.core.relatedKeys(of: object, owner: self)
    }

    /// Adds a to-one relationship to an object of this same mapping; see
    /// ``MappedRelationship/toOne(_:at:policy:isWeak:)``.
    public mutating func addToOneRelationship(
        _ keyPath: WritableKeyPath<Model, Model?> & Sendable,
        at path: DataPath?,
        policy: AssignmentPolicy.ToOne = .assign,
        isWeak: Bool = false
    ) {
        addRelationship(.toOne(keyPath, at: path, policy: policy, isWeak: isWeak))
    }

    /// Adds a to-many relationship to objects of this same mapping; see
    /// ``MappedRelationship/toMany(_:at:policy:isWeak:)``.
    public mutating func addToManyRelationship(
        _ keyPath: WritableKeyPath<Model, [Model]> & Sendable,
        at path: DataPath?,
        policy: AssignmentPolicy.ToMany = .assign,
        isWeak: Bool = false
    ) {
        addRelationship(.toMany(keyPath, at: path, policy: policy, isWeak: isWeak))
    }
}

extension EntityMapping {
    /// Adds a to-one relationship; see ``MappedRelationship/toOne(_:at:mapping:policy:isWeak:)``.
    public mutating func addToOneRelationship<Child>(
        _ keyPath: WritableKeyPath<Model, Child?> & Sendable,
        at path: DataPath?,
        mapping: EntityMapping<Child>,
        policy: AssignmentPolicy.ToOne = .assign,
        isWeak: Bool = false
    ) {
        addRelationship(.toOne(keyPath, at: path, mapping: mapping, policy: policy, isWeak: isWeak))
    }

    /// Adds a to-many relationship; see ``MappedRelationship/toMany(_:at:mapping:policy:isWeak:)``.
    public mutating func addToManyRelationship<Child>(
        _ keyPath: WritableKeyPath<Model, [Child]> & Sendable,
        at path: DataPath?,
        mapping: EntityMapping<Child>,
        policy: AssignmentPolicy.ToMany = .assign,
        isWeak: Bool = false
    ) {
        addRelationship(.toMany(keyPath, at: path, mapping: mapping, policy: policy, isWeak: isWeak))
    }
}
