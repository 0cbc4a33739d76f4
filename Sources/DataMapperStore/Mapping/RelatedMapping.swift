/// The mapping of a relationship's objects: another mapping, or the very mapping that
/// holds the relationship (a category's subcategories, a person's friends).
///
/// A mapping is a value, so it cannot hold itself; a relationship to its own mapping
/// is resolved when the relationship is used, from the mapping using it.
struct RelatedMapping<Model, Child>: Sendable {
    private let resolve: @Sendable (EntityMapping<Model>) -> EntityMapping<Child>

    /// Objects of `mapping`.
    init(_ mapping: EntityMapping<Child>) {
        resolve = { _ in mapping }
    }

    private init(resolve: @escaping @Sendable (EntityMapping<Model>) -> EntityMapping<Child>) {
        self.resolve = resolve
    }

    /// Objects of the mapping that holds the relationship.
    static func owner() -> RelatedMapping<Model, Model> {
        RelatedMapping<Model, Model>(resolve: { $0 })
    }

    /// The related mapping, for a relationship held by `owner`.
    func callAsFunction(in owner: EntityMapping<Model>) -> EntityMapping<Child> {
        resolve(owner)
    }
}
