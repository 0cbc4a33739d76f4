import DataMapper

/// What one representation of an object says, read and converted but applied to
/// nothing yet.
///
/// An import reads the whole document into drafts first, so that every conversion
/// error is found before any object (a stored class instance included) is touched;
/// then it looks up the keys of all drafts at once and applies them.
final class ObjectDraft<Model> {
    /// The mapping the representation is read with.
    let mapping: EntityMapping<Model>
    /// The representation, for the delegate.
    let representation: SupportedType
    /// Where the representation is in the document.
    let location: DraftLocation
    /// The object's primary key, when its mapping has one.
    let key: PrimaryKey?
    /// A new object (the mapping's `create`) holding every attribute value found.
    let values: Model
    /// The offsets, in the mapping's attributes, of those the representation lacks:
    /// the properties the draft leaves as they are.
    let missing: [Int]
    /// The relationships found, in the mapping's order; `nil` for a mapping without
    /// relationships, the most common draft, which then makes no array.
    let relationships: RelationshipDrafts<Model>?

    init(mapping: EntityMapping<Model>, representation: SupportedType, location: DraftLocation, key: PrimaryKey?,
         values: Model, missing: [Int], relationships: RelationshipDrafts<Model>?) {
        self.mapping = mapping
        self.representation = representation
        self.location = location
        self.key = key
        self.values = values
        self.missing = missing
        self.relationships = relationships
    }

    /// Where the representation is in the document.
    var path: DataPath { location.path }

    /// Whether applying the draft leaves nothing of the object it is applied to: it
    /// sets every attribute and assigns every relationship.
    var setsEverything: Bool {
        missing.isEmpty && (relationships?.drafts.count ?? 0) == mapping.relationshipCount && mapping.ignoresHeldObjects
    }

    /// Sets on `object` the attribute values found.
    func copyValues(to object: inout Model) {
        let attributes = mapping.attributes
        for offset in 0..<attributes.count where !missing.contains(offset) {
            attributes[offset].copy(values, &object)
        }
    }
}

/// Where a representation is in the document: its container's path and, for an
/// element of an array, its index. The whole path is made only when asked for, which
/// is for an error.
struct DraftLocation {
    let container: DataPath
    let index: Int?

    init(_ path: DataPath) {
        container = path
        index = nil
    }

    init(element index: Int, of array: DataPath) {
        container = array
        self.index = index
    }

    var path: DataPath { index.map(container.appending(index:)) ?? container }
}

/// The relationship drafts of one representation, one per relationship its
/// representation holds.
final class RelationshipDrafts<Model> {
    let drafts: [any RelationshipDraft<Model>]

    init(_ drafts: [any RelationshipDraft<Model>]) {
        self.drafts = drafts
    }
}

/// The related objects one representation names for one relationship, before they
/// are looked up, made and assigned.
protocol RelationshipDraft<Model> {
    associatedtype Model

    /// Registers the related drafts' keys with the import, for the batched lookup.
    func register<Transaction>(in session: ImportSession<Transaction>) throws

    /// Walks the related drafts as ``apply(to:in:)`` would reach them, to find a struct
    /// that would contain itself before any object is changed.
    func check<Transaction>(in session: ImportSession<Transaction>) throws

    /// Finds or makes the related objects and assigns them to `model` by the
    /// relationship's policy.
    func apply<Transaction>(to model: inout Model, in session: ImportSession<Transaction>) throws
}
