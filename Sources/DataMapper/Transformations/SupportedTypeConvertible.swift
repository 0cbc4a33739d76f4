import DataMapperCore

/// A type with a default ``Transformation``, which makes it ``Mappable`` without
/// writing `init` or `mapping`.
///
/// `Int`, `Double`, `Bool`, `String`, `URL` and ``SupportedType`` itself conform, so
/// fields of those types map without `using:`. Conform your own value types the same
/// way:
///
/// ```swift
/// struct Celsius: SupportedTypeConvertible {
///     var degrees: Double
///     static var defaultTransformation: CelsiusTransformation { CelsiusTransformation() }
/// }
/// ```
///
/// The default transformation is a static computed property or `let`: it is read on
/// every mapped value, so it should be cheap to make and hold no mutable state.
///
/// A type that is only read or only written conforms to one half instead,
/// ``DeserializableSupportedTypeConvertible`` or ``SerializableSupportedTypeConvertible``;
/// this protocol is both, with one transformation serving the two directions.
public protocol SupportedTypeConvertible: Mappable, DeserializableSupportedTypeConvertible, SerializableSupportedTypeConvertible {
    /// The type of the default transformation.
    associatedtype DefaultTransformation: Transformation where DefaultTransformation.Object == Self

    /// The transformation used when a value of this type is mapped without `using:`.
    static var defaultTransformation: DefaultTransformation { get }
}

extension SupportedTypeConvertible {
    /// ``defaultTransformation``, read in its reading direction.
    @inlinable
    public static var defaultDeserializableTransformation: DefaultTransformation { defaultTransformation }

    /// ``defaultTransformation``, used in its writing direction.
    @inlinable
    public static var defaultSerializableTransformation: DefaultTransformation { defaultTransformation }

    /// Reads the value with ``defaultTransformation``.
    /// - Throws: ``DataMapperError`` when the value is missing, null or unusable.
    @inlinable
    public init(_ data: DeserializableData) throws {
        self = try data.get(using: Self.defaultTransformation)
    }

    /// Reads a non-null value straight through ``defaultTransformation``, skipping the
    /// polymorph and the ``DeserializableData`` wrapper.
    @inlinable
    public static func deserialized(from value: SupportedType, by objectMapper: ObjectMapper) throws -> Self {
        try defaultTransformation.transform(from: value)
    }

    /// Writes the value straight through ``defaultTransformation``.
    @inlinable
    public func serialized(by objectMapper: ObjectMapper) -> SupportedType {
        Self.defaultTransformation.transform(object: self)
    }

    /// Reads or writes the value with ``defaultTransformation``.
    @inlinable
    public mutating func mapping(_ data: inout MappableData) throws {
        try data.map(&self, using: Self.defaultTransformation)
    }

    /// Writes the value with ``defaultTransformation``.
    @inlinable
    public func serialize(to data: inout SerializableData) {
        data.set(self, using: Self.defaultTransformation)
    }
}
