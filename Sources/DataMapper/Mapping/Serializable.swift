import DataMapperCore

/// A type that an ``ObjectMapper`` can write as a ``SupportedType``.
///
/// Write the fields you want to keep with ``SerializableData/set(_:)-(T?)``:
///
/// ```swift
/// struct Receipt: Serializable {
///     let total: Double
///     let note: String?
///
///     func serialize(to data: inout SerializableData) {
///         data["total"].set(total)
///         data["note"].set(note)
///     }
/// }
/// ```
///
/// Mappers call this from any task; when the type is a class with mutable state,
/// make sure nothing changes it while it is being written.
public protocol Serializable {
    /// Writes this object into `data`, which starts as an empty dictionary.
    func serialize(to data: inout SerializableData)

    /// Writes this object as a value; the ``ObjectMapper`` calls this for every object it writes.
    ///
    /// The default runs ``serialize(to:)`` on an empty dictionary and lets the mapper's
    /// ``Polymorph`` record the concrete type; ``SupportedTypeConvertible`` types go
    /// straight to their default transformation instead.
    func serialized(by objectMapper: ObjectMapper) -> SupportedType
}

extension Serializable {
    /// Runs ``serialize(to:)`` on an empty dictionary, then lets the polymorph record the type.
    @inlinable
    public func serialized(by objectMapper: ObjectMapper) -> SupportedType {
        objectMapper.serializeObject(self)
    }
}
