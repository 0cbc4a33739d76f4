import DataMapper

/// One property of a model and where its value is in a representation: the
/// run-time description of how a single value is read and written.
///
/// Build one with a key path of the model and a ``DataMapperCore/DataPath`` in the
/// library's path grammar (`"owner.name"`, `` "tags.`0`" ``), then add it to an
/// ``EntityMapping``. The value is converted by the type's own conversion
/// (`String`, `Int`, `Date`, `URL`, … — every `SupportedTypeConvertible`), by any
/// `Transformation` of the mapping layer, or by a pair of closures:
///
/// ```swift
/// let updated = MappedAttribute(\Post.updated, at: "timestamp",
///     map: { try Date(timeIntervalSince1970: $0.double ?? 0) },
///     reverseMap: { .double($0.timeIntervalSince1970) })
/// ```
///
/// The rules, whichever way the value is converted:
/// - a key that is missing leaves the property as it is, and no closure is called;
/// - a `null` reaches a `map` closure (it decides what `null` means); without one, it
///   sets an optional property to `nil` and is an error for any other;
/// - a `reverseMap` closure sees only present values: `nil` is written as `null`
///   without calling it, and a closure returning `nil` writes `null` too.
///
/// A path of `nil` (or ``DataMapperCore/DataPath/root``) reads the representation
/// itself: the attribute of a mapping whose representation is a bare key.
public struct MappedAttribute<Model>: Sendable {
    /// Where the value is, relative to the object's representation.
    public var path: DataPath { access.path }
    /// The property of the model the value goes to.
    public var property: PartialKeyPath<Model> & Sendable { access.property }

    /// Everything the attribute is, in one reference: an import reads the attributes
    /// of a mapping for every object, and a copy of the attribute is then one retain.
    private let access: Access

    /// Converts a present value (`null` included) and sets the property of `model` to
    /// it; throws errors whose path is relative to the value.
    func set(_ value: SupportedType, _ model: inout Model) throws {
        try access.set(value, &model)
    }

    /// Sets the property of `target` to its value in `source`.
    func copy(_ source: Model, _ target: inout Model) {
        access.copy(source, &target)
    }

    /// The value of the property in `model`, as a representation.
    func write(_ model: Model) throws -> SupportedType {
        try access.write(model)
    }

    /// The attribute of `keyPath` at `path`, given its two conversions.
    init<Value>(
        _ keyPath: WritableKeyPath<Model, Value> & Sendable,
        path: DataPath?,
        read: @escaping @Sendable (SupportedType) throws -> Value,
        write: @escaping @Sendable (Value) throws -> SupportedType
    ) {
        access = Access(
            path: path ?? .root,
            property: keyPath,
            set: { value, model in
                model[keyPath: keyPath] = try AttributeFailure.converting(value) { try read(value) }
            },
            copy: { source, target in target[keyPath: keyPath] = source[keyPath: keyPath] },
            write: { model in try write(model[keyPath: keyPath]) })
    }

    /// The parts of an attribute, fixed when it is made.
    private final class Access: Sendable {
        let path: DataPath
        let property: PartialKeyPath<Model> & Sendable
        let set: @Sendable (SupportedType, inout Model) throws -> Void
        let copy: @Sendable (Model, inout Model) -> Void
        let write: @Sendable (Model) throws -> SupportedType

        init(path: DataPath, property: PartialKeyPath<Model> & Sendable,
             set: @escaping @Sendable (SupportedType, inout Model) throws -> Void,
             copy: @escaping @Sendable (Model, inout Model) -> Void,
             write: @escaping @Sendable (Model) throws -> SupportedType) {
            self.path = path
            self.property = property
            self.set = set
            self.copy = copy
            self.write = write
        }
    }
}

// MARK: - Conversions

extension MappedAttribute {
    /// The attribute of a property whose type converts itself (`String`, `Int`,
    /// `Double`, `Bool`, `Date`, `URL`, …).
    /// - Parameters:
    ///   - keyPath: The model's property.
    ///   - path: Where the value is; `nil` for the representation itself.
    public init<Value>(_ keyPath: WritableKeyPath<Model, Value> & Sendable, at path: DataPath?)
    where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        self.init(keyPath, at: path, using: DefaultConversion<Value>())
    }

    /// The attribute of an optional property whose type converts itself; `null` sets it
    /// to `nil`, and `nil` writes `null`.
    public init<Value>(_ keyPath: WritableKeyPath<Model, Value?> & Sendable, at path: DataPath?)
    where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
        self.init(keyPath, at: path, using: DefaultConversion<Value>())
    }

    /// The attribute of a property converted by `transformation`, one of the mapping
    /// layer's (a date format, an enum's raw value, …).
    public init<T: Transformation>(_ keyPath: WritableKeyPath<Model, T.Object> & Sendable, at path: DataPath?, using transformation: T) {
        self.init(keyPath, path: path, read: { value in
            guard !value.isNull else { throw AttributeFailure.null(value) }
            return try transformation.transform(from: value)
        }, write: { transformation.transform(object: $0) })
    }

    /// The attribute of an optional property converted by `transformation`; `null` sets
    /// it to `nil`, and `nil` writes `null`.
    public init<T: Transformation>(_ keyPath: WritableKeyPath<Model, T.Object?> & Sendable, at path: DataPath?, using transformation: T) {
        self.init(keyPath, path: path, read: { value in
            value.isNull ? nil : try transformation.transform(from: value)
        }, write: { $0.map { transformation.transform(object: $0) } ?? .null })
    }

    /// The attribute of a property converted by two closures.
    /// - Parameters:
    ///   - keyPath: The model's property.
    ///   - path: Where the value is; `nil` for the representation itself.
    ///   - map: Makes the property's value of the representation's value, `null`
    ///     included; not called when the key is missing. What it throws is reported
    ///     with the value's key path and position.
    ///   - reverseMap: Makes the representation of the property's value; `nil` writes `null`.
    ///
    /// For an optional property the form below wins, so that `reverseMap` never sees `nil`.
    @_disfavoredOverload
    public init<Value>(
        _ keyPath: WritableKeyPath<Model, Value> & Sendable,
        at path: DataPath?,
        map: @escaping @Sendable (SupportedType) throws -> Value,
        reverseMap: @escaping @Sendable (Value) throws -> SupportedType?
    ) {
        self.init(keyPath, path: path, read: map, write: { try reverseMap($0) ?? .null })
    }

    /// The attribute of an optional property converted by two closures; `reverseMap` is
    /// called only for a value that is not `nil`, and `nil` writes `null`.
    public init<Value>(
        _ keyPath: WritableKeyPath<Model, Value?> & Sendable,
        at path: DataPath?,
        map: @escaping @Sendable (SupportedType) throws -> Value?,
        reverseMap: @escaping @Sendable (Value) throws -> SupportedType?
    ) {
        self.init(keyPath, path: path, read: map, write: { value in
            guard let value else { return .null }
            return try reverseMap(value) ?? .null
        })
    }
}

/// The conversion a type makes by itself, as a transformation.
struct DefaultConversion<Value>: Transformation
where Value: DeserializableSupportedTypeConvertible & SerializableSupportedTypeConvertible {
    func transform(from value: SupportedType) throws -> Value {
        try Value.defaultDeserializableTransformation.transform(from: value)
    }

    func transform(object: Value) -> SupportedType {
        Value.defaultSerializableTransformation.transform(object: object)
    }
}
