import DataMapperCore

/// A type that can be created from a ``SupportedType`` by an ``ObjectMapper``.
///
/// Read the fields in the initializer with ``DeserializableData/get()-(T?)`` and its
/// forms:
///
/// ```swift
/// struct Book: Deserializable {
///     let title: String
///     let pages: Int?
///
///     init(_ data: DeserializableData) throws {
///         title = try data["title"].get()
///         pages = data["pages"].get()
///     }
/// }
/// ```
///
/// Throw (usually by letting a `try` form of `get` throw) when the data cannot make
/// an object; optional-returning mapping calls turn that into `nil`, throwing ones
/// pass the ``DataMapperError`` on with its key path.
public protocol Deserializable {
    /// Creates an object from `data`.
    /// - Throws: ``DataMapperError`` when a required value is missing or unusable.
    init(_ data: DeserializableData) throws

    /// Reads an object from a non-null value; the ``ObjectMapper`` calls this for every
    /// object it reads.
    ///
    /// The default asks the mapper's ``Polymorph`` for the concrete type and calls its
    /// ``init(_:)``; ``SupportedTypeConvertible`` types go straight to their default
    /// transformation instead. There is rarely a reason to implement it yourself.
    /// - Throws: ``DataMapperError`` from the initializer or the polymorph.
    static func deserialized(from value: SupportedType, by objectMapper: ObjectMapper) throws -> Self
}

extension Deserializable {
    /// Asks the mapper's polymorph for the concrete type, then calls its ``init(_:)``.
    @inlinable
    public static func deserialized(from value: SupportedType, by objectMapper: ObjectMapper) throws -> Self {
        try objectMapper.deserializeObject(value, as: Self.self)
    }
}
