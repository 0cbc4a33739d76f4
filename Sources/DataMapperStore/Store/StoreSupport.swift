import DataMapper

// What a store that keeps objects in its own form (rows of a database) needs of a
// mapping: objects made from stored values, the stored values of an object, and the
// related objects of the objects it fetched.

extension EntityMapping {
    /// A new object with the stored value of each attribute: what a store makes of a
    /// stored record.
    /// - Parameter value: The stored value of the attribute at an offset of
    ///   ``attributes``, or `nil` to leave the property as `create` made it.
    /// - Throws: ``DataMapperError`` when a value does not convert, naming the
    ///   attribute's path.
    public func makeObject(reading value: (_ attributeOffset: Int) throws -> SupportedType?) throws -> Model {
        var object = create()
        for (offset, attribute) in attributes.enumerated() {
            guard let stored = try value(offset) else { continue }
            do {
                try attribute.set(stored, &object)
            } catch let error as DataMapperError {
                throw error.nested(under: attribute.path)
            }
        }
        return object
    }

    /// Sets, in each of `objects`, the related objects `relationship` holds, as
    /// `source` finds them: what a store does for the objects it fetched, so that an
    /// import's assignment policies see the related objects they had.
    /// - Parameters:
    ///   - objects: The fetched objects.
    ///   - keys: Their primary keys, in the same order.
    ///   - relationship: One of this mapping's relationships.
    ///   - source: Finds the related objects of each key.
    public func attachRelatedObjects<Source: RelatedObjectSource>(
        to objects: inout [Model], keys: [PrimaryKey],
        through relationship: MappedRelationship<Model>, from source: inout Source
    ) throws {
        try relationship.core.attach(to: &objects, keys: keys, relationship: relationship, owner: self, source: &source)
    }
}

extension MappedAttribute {
    /// The value of this attribute in `object`, as an import writes it: what a store
    /// keeps for the attribute.
    public func value(in object: Model) throws -> SupportedType {
        try write(object)
    }
}

/// Finds the objects related to stored objects, for
/// ``EntityMapping/attachRelatedObjects(to:keys:through:from:)``.
public protocol RelatedObjectSource {
    /// The related objects of each owner, by the owner's key: made with `mapping`
    /// from what the store keeps; owners with none are left out.
    /// - Parameters:
    ///   - mapping: The related objects' mapping.
    ///   - relationship: The owners' relationship.
    ///   - owner: The owners' mapping.
    ///   - ownerKeys: The owners' keys.
    mutating func relatedObjects<Owner, Child>(
        of mapping: EntityMapping<Child>, through relationship: MappedRelationship<Owner>,
        of owner: EntityMapping<Owner>, ownerKeys: [PrimaryKey]
    ) throws -> [PrimaryKey: [Child]]
}
