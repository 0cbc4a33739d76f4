import DataMapperCore

/// Turns a ``SupportedType`` into a value of ``Object``.
///
/// Use one where a type has no ``Deserializable`` conformance of its own (a `Date`,
/// a `URL`, an enum), or to read a type differently than it usually reads itself.
/// The mapping layer handles missing keys and `null` before it calls a
/// transformation, so ``transform(from:)`` only ever sees a present, non-null value.
///
/// Transformations are `Sendable` values: one instance may be shared by every task
/// that maps data.
public protocol DeserializableTransformation<Object>: Sendable {
    /// The type this transformation produces.
    associatedtype Object

    /// Converts `value` to an object.
    /// - Parameter value: A value that is never ``SupportedType/null``.
    /// - Returns: The object `value` describes.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/typeMismatch`` when
    ///   `value` has the wrong type, or ``DataMapperError/Kind/invalidValue`` when it has
    ///   the right type but content that makes no object (an unknown enum raw value).
    ///   Build them with ``DataMapperError/typeMismatch(expected:found:)`` and
    ///   ``DataMapperError/invalidValue(_:at:)`` so that they point at `value`.
    func transform(from value: SupportedType) throws -> Object
}

/// Turns a value of ``Object`` into a ``SupportedType``.
///
/// The serializing half of a transformation; a `nil` object is written as
/// ``SupportedType/null`` by the mapping layer without calling it.
public protocol SerializableTransformation<Object>: Sendable {
    /// The type this transformation writes.
    associatedtype Object

    /// Converts `object` to a value.
    func transform(object: Object) -> SupportedType
}

/// A transformation that works in both directions.
///
/// Conform to this (rather than to one half) when a type should be both read and
/// written the same way; it is what ``MappableData`` needs for `map(_:using:)`.
public protocol Transformation: DeserializableTransformation, SerializableTransformation {}
