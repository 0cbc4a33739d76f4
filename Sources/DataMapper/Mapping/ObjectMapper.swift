import DataMapperCore

/// Maps Swift objects to ``SupportedType`` values and back.
///
/// `serialize` turns an object (or an optional, array or dictionary of objects) into
/// a value any ``Serializer`` can write; `deserialize` turns a value that a serializer
/// read back into objects:
///
/// ```swift
/// let mapper = ObjectMapper()
/// let books: [Book]? = mapper.deserialize(value)
/// let value = mapper.serialize(books)
/// ```
///
/// Every method exists for `T?`, `[T]?`, `[String: T]?`, `[T?]?` and `[String: T?]?`,
/// with `T` a map protocol type or an enum whose raw value maps, or any type when you
/// pass `using:` a transformation; a `Set` of either is read from an array.
/// The optional-returning `deserialize` gives `nil` for `null` or a value that cannot
/// become the type; an element that fails makes a whole `[T]?` (or `[String: T]?`)
/// `nil`, while in a `[T?]?` (or `[String: T?]?`) it becomes a `nil` element. To learn
/// *why* something failed, use the throwing ``deserialize(_:as:)-(_,T.Type)`` family,
/// whose errors carry the key path and source position.
///
/// A mapper is a small value holding no mutable state; copy it and share it across
/// tasks freely.
public struct ObjectMapper: Sendable {
    /// The polymorph, boxed so that copying a mapper (done for every mapped value) is
    /// one reference count rather than a copy of an existential.
    @usableFromInline let polymorphBox: PolymorphBox?

    /// Decides the concrete type of polymorphic objects, or `nil` to always use the declared type.
    public var polymorph: (any Polymorph)? { polymorphBox?.polymorph }

    /// Whether a plain subscript `data["a.b"]` is one literal key (the default) or,
    /// for code ported from Mappable, a path.
    public var keySplitting: KeySplitting

    /// The values every object mapped by this mapper reads as `data.context`; empty by
    /// default. A context passed to one call is merged over it (see ``with(_:)``).
    public var context = MappingContext()

    /// Creates a mapper.
    /// - Parameters:
    ///   - polymorph: Decides concrete types while reading and records them
    ///     while writing; for example ``StaticPolymorph``.
    ///   - keySplitting: How plain subscripts read their key; ``KeySplitting/literal``
    ///     keeps `data["app.kubernetes.io/name"]` one key.
    public init(polymorph: (any Polymorph)? = nil, keySplitting: KeySplitting = .literal) {
        polymorphBox = polymorph.map(PolymorphBox.init)
        self.keySplitting = keySplitting
    }

    // MARK: - Objects

    /// Reads one object of type `T` (or of a subtype the polymorph picks) from a non-null value.
    @inlinable
    func deserializeObject<T: Deserializable>(_ value: SupportedType, as type: T.Type = T.self) throws -> T {
        guard context.isEmpty else { return try bindingContext { try deserializeTyped(value, as: T.self) } }
        return try deserializeTyped(value, as: T.self)
    }

    /// Reads one object of type `T` or of the subtype the polymorph picks.
    @inlinable
    func deserializeTyped<T: Deserializable>(_ value: SupportedType, as type: T.Type) throws -> T {
        guard let polymorphBox else { return try T(DeserializableData(value: value, objectMapper: self)) }
        return try deserializePolymorphic(value, as: T.self, by: polymorphBox.polymorph)
    }

    /// Reads one object of the subtype of `T` that `polymorph` picks for `value`.
    @usableFromInline @inline(never)
    func deserializePolymorphic<T: Deserializable>(_ value: SupportedType, as type: T.Type, by polymorph: any Polymorph) throws -> T {
        let concrete = try polymorph.polymorphType(for: T.self, in: value)
        return try concrete.init(DeserializableData(value: value, objectMapper: self))
    }

    /// Writes one object, then lets the polymorph record its concrete type.
    @inlinable
    func serializeObject<T: Serializable>(_ object: T) -> SupportedType {
        guard context.isEmpty else { return bindingContext { serializeTyped(object) } }
        return serializeTyped(object)
    }

    /// Writes one object and its concrete type.
    @inlinable
    func serializeTyped<T: Serializable>(_ object: T) -> SupportedType {
        var data = SerializableData(value: .dictionary(OrderedMap()), objectMapper: self)
        object.serialize(to: &data)
        guard let polymorphBox else { return data.value }
        var value = data.value
        polymorphBox.polymorph.writeTypeInfo(to: &value, of: type(of: object))
        return value
    }
}

/// An immutable holder of a polymorph.
@usableFromInline
final class PolymorphBox: Sendable {
    @usableFromInline let polymorph: any Polymorph

    init(_ polymorph: any Polymorph) {
        self.polymorph = polymorph
    }
}

/// The transformation the mapper uses for ``Deserializable`` and ``Serializable`` types.
@usableFromInline
struct ObjectTransformation<Object>: Sendable {
    @usableFromInline let mapper: ObjectMapper

    @inlinable
    init(_ mapper: ObjectMapper) { self.mapper = mapper }
}

extension ObjectTransformation: DeserializableTransformation where Object: Deserializable {
    @inlinable
    func transform(from value: SupportedType) throws -> Object {
        try Object.deserialized(from: value, by: mapper)
    }
}

extension ObjectTransformation: SerializableTransformation where Object: Serializable {
    @inlinable
    func transform(object: Object) -> SupportedType {
        object.serialized(by: mapper)
    }
}

extension ObjectTransformation: Transformation where Object: Deserializable & Serializable {}
