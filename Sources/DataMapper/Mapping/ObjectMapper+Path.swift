import DataMapperCore

// Reading one object from deep inside a document, without a wrapper model for the
// levels above it.

extension ObjectMapper {
    /// Reads the object at `path` inside `value`: `servers[0]` is the first element
    /// of the array under the key `servers`.
    ///
    /// ```swift
    /// let server = try mapper.deserialize(value, at: "servers[0]", as: Server.self)
    /// ```
    ///
    /// The path uses the grammar of ``DataPath/init(parsing:)``. The reading runs under
    /// this mapper's conversion policy, date strategy and context, as
    /// ``deserialize(_:as:)-(_,T.Type)`` does.
    /// - Throws: ``DataMapperError``, whose path starts at the root of `value`: of kind
    ///   ``DataMapperError/Kind/missingKey`` with the position of the value that should
    ///   have held the missing step, or what reading the object throws.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, at path: DataPath, as type: T.Type) throws -> T {
        try underPolicy { try DeserializableData(value: value, objectMapper: self)[path: path].get() }
    }

    /// Reads the object at `path` inside `value`, or `nil` when a step is missing or the
    /// value there is null or cannot become a `T`.
    @inlinable
    public func deserialize<T: Deserializable>(_ value: SupportedType, at path: DataPath) -> T? {
        try? deserialize(value, at: path, as: T.self)
    }
}
