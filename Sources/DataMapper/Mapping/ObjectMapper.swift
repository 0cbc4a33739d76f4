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
    /// The polymorph and the context, boxed so that copying a mapper (done for every
    /// mapped value, and kept in every frame of a deep mapping) is one reference count
    /// rather than a copy of an existential; `nil` when there is neither.
    @usableFromInline var polymorphBox: PolymorphBox?

    /// Decides the concrete type of polymorphic objects, or `nil` to always use the declared type.
    public var polymorph: (any Polymorph)? { polymorphBox?.polymorph }

    /// The values every object mapped by this mapper reads as `data.context`; empty by
    /// default. A context passed to one call is merged over it (see ``with(_:)``).
    public var context: MappingContext {
        get { polymorphBox?.context ?? MappingContext() }
        set { polymorphBox = PolymorphBox(polymorph, newValue) }
    }

    /// Whether a plain subscript `data["a.b"]` is one literal key (the default) or,
    /// for code ported from Mappable, a path.
    public var keySplitting: KeySplitting

    /// Creates a mapper.
    /// - Parameters:
    ///   - polymorph: Decides concrete types while reading and records them
    ///     while writing; for example ``StaticPolymorph``.
    ///   - keySplitting: How plain subscripts read their key; ``KeySplitting/literal``
    ///     keeps `data["app.kubernetes.io/name"]` one key.
    public init(polymorph: (any Polymorph)? = nil, keySplitting: KeySplitting = .literal) {
        polymorphBox = PolymorphBox(polymorph, MappingContext())
        self.keySplitting = keySplitting
    }

    // MARK: - Objects

    /// Reads one object of type `T` (or of a subtype the polymorph picks) from a non-null value.
    @inlinable
    func deserializeObject<T: Deserializable>(_ value: SupportedType, as type: T.Type = T.self) throws -> T {
        guard let polymorphBox else { return try T(DeserializableData(value: value, objectMapper: self)) }
        return try deserializeBoxed(value, as: T.self, with: polymorphBox)
    }

    /// Reads one object with a polymorph or a context (see ``contextNeedsBinding``).
    @usableFromInline @inline(never)
    func deserializeBoxed<T: Deserializable>(_ value: SupportedType, as type: T.Type, with box: PolymorphBox) throws -> T {
        if !box.context.isEmpty, contextNeedsBinding {
            return try bindingContext { try deserializeBoxed(value, as: T.self, with: box) }
        }
        guard let polymorph = box.polymorph else { return try T(DeserializableData(value: value, objectMapper: self)) }
        return try deserializePolymorphic(value, as: T.self, by: polymorph)
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
        if let polymorphBox, !polymorphBox.context.isEmpty, contextNeedsBinding {
            return bindingContext { serializeObject(object) }
        }
        var data = SerializableData(value: .dictionary(OrderedMap()), objectMapper: self)
        object.serialize(to: &data)
        guard let polymorph = polymorphBox?.polymorph else { return data.value }
        var value = data.value
        polymorph.writeTypeInfo(to: &value, of: type(of: object))
        return value
    }
}

/// An immutable holder of a mapper's polymorph and context.
@usableFromInline
final class PolymorphBox: Sendable {
    @usableFromInline let polymorph: (any Polymorph)?
    @usableFromInline let context: MappingContext

    private init(polymorph: (any Polymorph)?, context: MappingContext) {
        self.polymorph = polymorph
        self.context = context
    }

    /// A box of both, or `nil` when there is no polymorph and the context is empty.
    convenience init?(_ polymorph: (any Polymorph)?, _ context: MappingContext) {
        guard polymorph != nil || !context.isEmpty else { return nil }
        self.init(polymorph: polymorph, context: context)
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
