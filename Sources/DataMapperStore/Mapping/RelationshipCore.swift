import DataMapper

/// The typed side of a ``MappedRelationship``: it knows the related model type, which
/// the relationship itself erases so that one mapping can hold relationships to many.
protocol RelationshipCore<Model>: Sendable {
    associatedtype Model

    /// For a relationship without a path: what the parent's `representation` holds of
    /// the related object; see ``EntityMapping/related(inParent:under:)``.
    func related(inParent representation: SupportedType, under path: DataPath) throws -> SupportedType?

    /// Reads the related representation found at `path` into a draft.
    func draft(from value: SupportedType, at path: DataPath) throws -> any RelationshipDraft<Model>

    /// The representation of the related objects `model` holds.
    func representation(of model: Model, writer: inout ObjectWriter) throws -> SupportedType
}

/// The typed side of a to-one relationship.
struct ToOneRelationship<Model, Child>: RelationshipCore {
    let keyPath: WritableKeyPath<Model, Child?> & Sendable
    let mapping: EntityMapping<Child>
    let policy: AssignmentPolicy.ToOne
    let isWeak: Bool

    func related(inParent representation: SupportedType, under path: DataPath) throws -> SupportedType? {
        try mapping.related(inParent: representation, under: path)
    }

    func draft(from value: SupportedType, at path: DataPath) throws -> any RelationshipDraft<Model> {
        ToOneDraft(relationship: self, child: value.isNull ? nil : try mapping.draft(from: value, at: path))
    }

    func representation(of model: Model, writer: inout ObjectWriter) throws -> SupportedType {
        guard let child = model[keyPath: keyPath] else { return .null }
        return try writer.representation(of: child, mapping: mapping)
    }
}

/// The typed side of a to-many relationship.
struct ToManyRelationship<Model, Child>: RelationshipCore {
    let keyPath: WritableKeyPath<Model, [Child]> & Sendable
    let mapping: EntityMapping<Child>
    let policy: AssignmentPolicy.ToMany
    let isWeak: Bool

    func related(inParent representation: SupportedType, under path: DataPath) throws -> SupportedType? {
        try mapping.related(inParent: representation, under: path)
    }

    func draft(from value: SupportedType, at path: DataPath) throws -> any RelationshipDraft<Model> {
        var children: [ObjectDraft<Child>] = []
        switch value.kind {
        case .null:
            break
        case .array(let elements):
            children.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                children.append(try mapping.draft(from: element, at: path.appending(index: index)))
            }
        default:
            throw DataMapperError.typeMismatch(expected: "an array", found: value).nested(under: path)
        }
        return ToManyDraft(relationship: self, representation: value, children: children)
    }

    func representation(of model: Model, writer: inout ObjectWriter) throws -> SupportedType {
        var elements: [SupportedType] = []
        for child in model[keyPath: keyPath] {
            elements.append(try writer.representation(of: child, mapping: mapping))
        }
        return .array(elements)
    }
}
