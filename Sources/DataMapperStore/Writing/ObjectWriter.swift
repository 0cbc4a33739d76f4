import DataMapper

/// Writes objects to representations, following relationships, and refuses an object
/// graph that leads back into an object being written (which would never end).
struct ObjectWriter {
    /// The class instances being written, outermost first.
    private var open: Set<ObjectIdentifier> = []
    /// Where the object being written will be, for errors.
    private(set) var path: DataPath

    init(path: DataPath) {
        self.path = path
    }

    /// The representation of `object`: its attributes and relationships at their paths.
    mutating func representation<Model>(of object: Model, mapping: EntityMapping<Model>) throws -> SupportedType {
        var identifier: ObjectIdentifier?
        if Model.self is AnyObject.Type {
            let instance = ObjectIdentifier(object as AnyObject)
            guard open.insert(instance).inserted else {
                throw DataMapperError(.unsupported, message: "the \(mapping.entityName) being written holds itself through its relationships",
                                      path: path)
            }
            identifier = instance
        }
        defer { if let identifier { open.remove(identifier) } }

        var representation = SupportedType.dictionary(OrderedMap())
        for attribute in mapping.attributes {
            let value: SupportedType
            do {
                value = try AttributeFailure.converting(.null) { try attribute.write(object) }
            } catch let error as DataMapperError {
                throw error.nested(under: path.appending(attribute.path))
            }
            try representation.place(value, at: attribute.path, under: path)
        }
        for relationship in mapping.relationships {
            let relatedPath = relationship.path ?? .root
            let base = path
            path = base.appending(relatedPath)
            defer { path = base }
            let value = try relationship.core.representation(of: object, owner: mapping, writer: &self)
            if relationship.path == nil {
                try representation.merge(value, under: base)
            } else {
                try representation.place(value, at: relatedPath, under: base)
            }
        }
        return representation
    }
}

extension SupportedType {
    /// Puts `value` at `path` inside this value, making the dictionaries on the way;
    /// the root path replaces this value.
    /// - Throws: When a step meets a value that is not a dictionary, or is an index:
    ///   two attributes of the mapping claim the same place.
    mutating func place(_ value: SupportedType, at path: DataPath, under base: DataPath) throws {
        guard let first = path.components.first else {
            self = value
            return
        }
        guard case .key(let key) = first else {
            throw DataMapperError(.unsupported, message: "a mapping cannot write at an array index (\(path))", path: base.appending(path))
        }
        guard case .dictionary(var entries) = kind else {
            throw DataMapperError(.unsupported, message: "two places of the mapping overlap: \"\(key)\" goes inside \(kindDescription)",
                                  path: base)
        }
        var child = entries[key] ?? .dictionary(OrderedMap())
        try child.place(value, at: DataPath(Array(path.components.dropFirst())), under: base.appending(key: key))
        _ = entries.updateValue(child, forKey: key)
        self = .dictionary(entries)
    }

    /// Puts the keys of `other` into this dictionary: a related object written into its
    /// parent's own representation. A related value that is not a dictionary (a bare
    /// key) cannot be merged and is refused; `null` adds nothing.
    mutating func merge(_ other: SupportedType, under base: DataPath) throws {
        guard case .dictionary(let additions) = other.kind else {
            if other.isNull { return }
            throw DataMapperError(.unsupported, message: "a related object written into its parent must be a dictionary, found \(other.kindDescription)",
                                  path: base)
        }
        for (key, value) in zip(additions.keys, additions.values) {
            try place(value, at: DataPath([.key(key)]), under: base)
        }
    }
}
