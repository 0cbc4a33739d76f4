import DataMapperCore

// Passing a `MappingContext`: a mapper's default, and a value per call merged over it.

extension ObjectMapper {
    /// A copy of this mapper whose context is its own with `context` merged over it:
    /// where both hold a key, `context`'s value wins.
    public func with(_ context: MappingContext) -> ObjectMapper {
        var mapper = self
        mapper.context = self.context.merging(context)
        return mapper
    }

    /// Whether this mapper's context still has to be made visible to transformations,
    /// which see only a value (``CodableTransformation`` hands it on as `userInfo`):
    /// `false` inside the outermost object, so nested objects take the plain path and
    /// deep documents use no more stack with a context than without.
    @usableFromInline
    var contextNeedsBinding: Bool {
        !MappingContext.ofCurrentMapping.isSame(as: context)
    }

    /// Runs `body` with this mapper's context bound for transformations.
    @usableFromInline @inline(never)
    func bindingContext<Result>(_ body: () throws -> Result) rethrows -> Result {
        try MappingContext.$ofCurrentMapping.withValue(context, operation: body)
    }

    // MARK: - Per call

    /// Reads an object with `context` merged over the mapper's own (its values win).
    /// - Throws: ``DataMapperError``, as ``deserialize(_:as:)-(_,T.Type)`` does.
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: T.Type, context: MappingContext) throws -> T {
        try with(context).deserialize(value, as: type)
    }

    /// Reads an array of objects with `context` merged over the mapper's own.
    /// - Throws: ``DataMapperError``, as `deserialize(_:as:)` does for an array.
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: [T].Type, context: MappingContext) throws -> [T] {
        try with(context).deserialize(value, as: type)
    }

    /// Reads a dictionary of objects with `context` merged over the mapper's own.
    /// - Throws: ``DataMapperError``, as `deserialize(_:as:)` does for a dictionary.
    public func deserialize<T: Deserializable>(_ value: SupportedType, as type: [String: T].Type, context: MappingContext) throws -> [String: T] {
        try with(context).deserialize(value, as: type)
    }

    /// Writes an object with `context` merged over the mapper's own; `nil` gives
    /// ``SupportedType/null``.
    public func serialize<T: Serializable>(_ object: T?, context: MappingContext) -> SupportedType {
        with(context).serialize(object)
    }

    /// Writes an array of objects with `context` merged over the mapper's own.
    public func serialize<T: Serializable>(_ objects: [T]?, context: MappingContext) -> SupportedType {
        with(context).serialize(objects)
    }

    /// Writes a dictionary of objects, keys sorted, with `context` merged over the mapper's own.
    public func serialize<T: Serializable>(_ objects: [String: T]?, context: MappingContext) -> SupportedType {
        with(context).serialize(objects)
    }
}
