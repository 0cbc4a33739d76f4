/// How a mapping finds the primary key of its objects: in a model, and in the value
/// its primary-key attribute read from a representation.
struct PrimaryKeyRule<Model>: Sendable {
    /// The model's key property; the attribute mapping this property supplies the key
    /// of a representation.
    let property: PartialKeyPath<Model> & Sendable
    /// The key of a model, `nil` while its key property is `nil`.
    let keyOfModel: @Sendable (Model) -> PrimaryKey?
    /// The key of a value read by the key attribute, `nil` when it read `nil`.
    let keyOfValue: @Sendable (Any) -> PrimaryKey?

    init<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key> & Sendable) {
        property = keyPath
        keyOfModel = { $0[keyPath: keyPath].primaryKey }
        // The key attribute maps this very property, so what it read is a `Key`.
        keyOfValue = { ($0 as? Key)?.primaryKey }
    }

    init<Key: PrimaryKeyConvertible>(_ keyPath: WritableKeyPath<Model, Key?> & Sendable) {
        property = keyPath
        keyOfModel = { $0[keyPath: keyPath]?.primaryKey }
        keyOfValue = { ($0 as? Key)?.primaryKey }
    }
}
