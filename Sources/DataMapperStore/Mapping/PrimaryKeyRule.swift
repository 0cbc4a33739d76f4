/// How a mapping finds the primary key of its objects.
struct PrimaryKeyRule<Model>: Sendable {
    /// The model's key property; the attribute mapping this property supplies the key
    /// of a representation.
    let property: PartialKeyPath<Model> & Sendable
    /// The key of a model, `nil` while its key property is `nil`.
    let keyOfModel: @Sendable (Model) -> PrimaryKey?

    init<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key> & Sendable) {
        property = keyPath
        keyOfModel = { $0[keyPath: keyPath].primaryKey }
    }

    init<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key?> & Sendable) {
        property = keyPath
        keyOfModel = { $0[keyPath: keyPath]?.primaryKey }
    }
}
