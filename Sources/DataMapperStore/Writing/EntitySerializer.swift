import DataMapper

/// Writes objects to representations with an ``EntityMapping``, the reverse of
/// ``EntityDeserializer``.
///
/// Each attribute is written at its path (dictionaries are made on the way), `nil`
/// as `null`; each relationship writes its related objects with their own mapping, a
/// relationship without a path into the parent's dictionary. The mapping's root path,
/// when it has one, wraps the result. Pass the result to any serializer to get JSON,
/// YAML, XML or MessagePack.
public enum EntitySerializer {
    /// The representation of `object`.
    /// - Throws: ``DataMapperError`` when a `reverseMap` closure throws, when two paths
    ///   of the mapping overlap, or when a class instance holds itself through its
    ///   relationships.
    public static func serialize<Model>(_ object: Model, mapping: EntityMapping<Model>) throws -> SupportedType {
        var writer = ObjectWriter(path: mapping.rootPath)
        return try wrapped(writer.representation(of: object, mapping: mapping), mapping: mapping)
    }

    /// The representation of `objects`: an array, under the mapping's root path.
    public static func serialize<Model>(_ objects: [Model], mapping: EntityMapping<Model>) throws -> SupportedType {
        var elements: [SupportedType] = []
        elements.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            var writer = ObjectWriter(path: mapping.rootPath.appending(index: index))
            elements.append(try writer.representation(of: object, mapping: mapping))
        }
        return try wrapped(.array(elements), mapping: mapping)
    }

    private static func wrapped<Model>(_ value: SupportedType, mapping: EntityMapping<Model>) throws -> SupportedType {
        var result = SupportedType.dictionary(OrderedMap())
        try result.place(value, at: mapping.rootPath, under: .root)
        return result
    }
}
