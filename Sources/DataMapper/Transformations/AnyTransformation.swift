import DataMapperCore

/// A transformation of any concrete type that reads and writes ``Object``.
///
/// Protocols with associated types cannot be stored as plain values of one type;
/// this wrapper can. Use it to keep transformations of different types in one
/// property, or as the delegate of a ``DelegatedTransformation``. Make one with
/// ``Transformation/typeErased()``, or from two closures.
public struct AnyTransformation<Object>: Transformation {
    @usableFromInline let deserialize: @Sendable (SupportedType) throws -> Object
    @usableFromInline let serialize: @Sendable (Object) -> SupportedType

    /// Wraps `transformation`.
    public init<Wrapped: Transformation>(_ transformation: Wrapped) where Wrapped.Object == Object {
        deserialize = { try transformation.transform(from: $0) }
        serialize = { transformation.transform(object: $0) }
    }

    /// Makes a transformation from two closures.
    /// - Parameters:
    ///   - transformFrom: Reads an object from a non-null value; throws ``DataMapperError``.
    ///   - transformObject: Writes an object as a value.
    public init(
        transformFrom: @escaping @Sendable (SupportedType) throws -> Object,
        transformObject: @escaping @Sendable (Object) -> SupportedType
    ) {
        deserialize = transformFrom
        serialize = transformObject
    }

    /// Reads an object through the wrapped transformation.
    @inlinable
    public func transform(from value: SupportedType) throws -> Object { try deserialize(value) }

    /// Writes an object through the wrapped transformation.
    @inlinable
    public func transform(object: Object) -> SupportedType { serialize(object) }

    /// Returns this transformation; it is already type-erased.
    public func typeErased() -> AnyTransformation<Object> { self }
}

/// A deserializing transformation of any concrete type that reads ``Object``.
///
/// The read-only counterpart of ``AnyTransformation``.
public struct AnyDeserializableTransformation<Object>: DeserializableTransformation {
    @usableFromInline let deserialize: @Sendable (SupportedType) throws -> Object

    /// Wraps `transformation`.
    public init<Wrapped: DeserializableTransformation>(_ transformation: Wrapped) where Wrapped.Object == Object {
        deserialize = { try transformation.transform(from: $0) }
    }

    /// Makes a transformation from a closure that reads an object from a non-null value.
    public init(transformFrom: @escaping @Sendable (SupportedType) throws -> Object) {
        deserialize = transformFrom
    }

    /// Reads an object through the wrapped transformation.
    @inlinable
    public func transform(from value: SupportedType) throws -> Object { try deserialize(value) }

    /// Returns this transformation; it is already type-erased.
    public func typeErased() -> AnyDeserializableTransformation<Object> { self }
}

/// A serializing transformation of any concrete type that writes ``Object``.
///
/// The write-only counterpart of ``AnyTransformation``.
public struct AnySerializableTransformation<Object>: SerializableTransformation {
    @usableFromInline let serialize: @Sendable (Object) -> SupportedType

    /// Wraps `transformation`.
    public init<Wrapped: SerializableTransformation>(_ transformation: Wrapped) where Wrapped.Object == Object {
        serialize = { transformation.transform(object: $0) }
    }

    /// Makes a transformation from a closure that writes an object as a value.
    public init(transformObject: @escaping @Sendable (Object) -> SupportedType) {
        serialize = transformObject
    }

    /// Writes an object through the wrapped transformation.
    @inlinable
    public func transform(object: Object) -> SupportedType { serialize(object) }

    /// Returns this transformation; it is already type-erased.
    public func typeErased() -> AnySerializableTransformation<Object> { self }
}

extension DeserializableTransformation {
    /// This transformation wrapped in an ``AnyDeserializableTransformation``.
    ///
    /// For a two-way ``Transformation`` the unannotated call gives an
    /// ``AnyTransformation``; state the result type to get this one.
    public func typeErased() -> AnyDeserializableTransformation<Object> {
        AnyDeserializableTransformation(self)
    }
}

extension SerializableTransformation {
    /// This transformation wrapped in an ``AnySerializableTransformation``.
    ///
    /// For a two-way ``Transformation`` the unannotated call gives an
    /// ``AnyTransformation``; state the result type to get this one.
    public func typeErased() -> AnySerializableTransformation<Object> {
        AnySerializableTransformation(self)
    }
}

extension Transformation {
    /// This transformation wrapped in an ``AnyTransformation``.
    public func typeErased() -> AnyTransformation<Object> {
        AnyTransformation(self)
    }
}
