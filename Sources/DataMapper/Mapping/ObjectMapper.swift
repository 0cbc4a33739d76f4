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
    /// The polymorph, the date strategy and the context, boxed (`nil` when all three
    /// are the defaults) so that copying a mapper, done for every mapped value and kept
    /// in every frame of a deep mapping, is one reference count rather than a copy of
    /// an existential and closures.
    @usableFromInline var optionsBox: OptionsBox?

    /// Decides the concrete type of polymorphic objects, or `nil` to always use the declared type.
    public var polymorph: (any Polymorph)? { optionsBox?.polymorph }

    /// The values every object mapped by this mapper reads as `data.context`; empty by
    /// default. A context passed to one call is merged over it (see ``with(_:)``).
    public var context: MappingContext {
        get { optionsBox?.context ?? MappingContext() }
        set { optionsBox = OptionsBox(polymorph: polymorph, dateStrategy: dateStrategy, context: newValue) }
    }

    /// Whether a plain subscript `data["a.b"]` is one literal key (the default) or,
    /// for code ported from Mappable, a path.
    public var keySplitting: KeySplitting

    /// Which readings besides the exact ones this mapper accepts; ``ConversionPolicy/strict``
    /// by default. A ``ConversionPolicy/applying(_:)`` scope (or ``TextScalars/accepting(_:)``)
    /// around the mapping wins over it.
    public var conversionPolicy: ConversionPolicy

    /// How `Date` fields mapped without `using:` are read and written;
    /// ``DateStrategy/secondsSince1970`` by default, as ``DateTransformation``.
    public var dateStrategy: DateStrategy {
        get { optionsBox?.dateStrategy ?? .secondsSince1970 }
        set { optionsBox = OptionsBox(polymorph: polymorph, dateStrategy: newValue, context: context) }
    }

    /// Creates a mapper.
    /// - Parameters:
    ///   - polymorph: Decides concrete types while reading and records them
    ///     while writing; for example ``StaticPolymorph``.
    ///   - keySplitting: How plain subscripts read their key; ``KeySplitting/literal``
    ///     keeps `data["app.kubernetes.io/name"]` one key.
    ///   - conversionPolicy: Which readings besides the exact ones are accepted;
    ///     ``ConversionPolicy/compatible`` for data written for Mappable.
    ///   - dateStrategy: How `Date` fields without `using:` are read and written.
    ///   - context: The values every mapped object reads as `data.context`, under
    ///     what a call passes (see ``with(_:)``).
    public init(
        polymorph: (any Polymorph)? = nil, keySplitting: KeySplitting = .literal,
        conversionPolicy: ConversionPolicy = .strict, dateStrategy: DateStrategy = .secondsSince1970,
        context: MappingContext = MappingContext()
    ) {
        optionsBox = OptionsBox(polymorph: polymorph, dateStrategy: dateStrategy, context: context)
        self.keySplitting = keySplitting
        self.conversionPolicy = conversionPolicy
    }

    /// Runs `body`, one reading this mapper starts, under this mapper's conversion policy.
    @inlinable
    func underPolicy<Result>(_ body: () throws -> Result) rethrows -> Result {
        try ConversionPolicy.mapping(under: conversionPolicy, body)
    }

    // MARK: - Objects

    /// Reads one object of type `T` (or of a subtype the polymorph picks) from a non-null value.
    @inlinable
    func deserializeObject<T: Deserializable>(_ value: SupportedType, as type: T.Type = T.self) throws -> T {
        guard let optionsBox else { return try T(DeserializableData(value: value, objectMapper: self)) }
        return try deserializeBoxed(value, as: T.self, with: optionsBox)
    }

    /// Reads one object with a polymorph, a date strategy or a context (see
    /// ``contextNeedsBinding``).
    @usableFromInline @inline(never)
    func deserializeBoxed<T: Deserializable>(_ value: SupportedType, as type: T.Type, with box: OptionsBox) throws -> T {
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
        if let optionsBox, !optionsBox.context.isEmpty, contextNeedsBinding {
            return bindingContext { serializeObject(object) }
        }
        var data = SerializableData(value: .dictionary(OrderedMap()), objectMapper: self)
        object.serialize(to: &data)
        guard let polymorph = optionsBox?.polymorph else { return data.value }
        var value = data.value
        polymorph.writeTypeInfo(to: &value, of: type(of: object))
        return value
    }
}

/// An immutable holder of a mapper's polymorph, date strategy and context.
@usableFromInline
final class OptionsBox: Sendable {
    @usableFromInline let polymorph: (any Polymorph)?
    let dateStrategy: DateStrategy
    @usableFromInline let context: MappingContext

    private init(polymorph: (any Polymorph)?, dateStrategy: DateStrategy, context: MappingContext, _: Void) {
        self.polymorph = polymorph
        self.dateStrategy = dateStrategy
        self.context = context
    }

    /// A box of the three, or `nil` when they are the defaults: no polymorph, seconds
    /// since 1970, an empty context.
    convenience init?(polymorph: (any Polymorph)?, dateStrategy: DateStrategy, context: MappingContext) {
        if polymorph == nil, context.isEmpty, case .secondsSince1970 = dateStrategy { return nil }
        self.init(polymorph: polymorph, dateStrategy: dateStrategy, context: context, ())
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
