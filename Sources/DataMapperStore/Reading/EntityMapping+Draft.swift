import DataMapper

extension EntityMapping {
    /// Reads `representation`, found at `location` in the document, into a draft:
    /// every attribute converted, every relationship read, nothing applied.
    /// - Throws: ``DataMapperError`` with the path from the document's root and the
    ///   position of the value at fault.
    func draft(from representation: SupportedType, at location: DraftLocation) throws -> ObjectDraft<Model> {
        guard !representation.isNull else {
            throw DataMapperError(.missingKey, message: "expected an object, found null", path: location.path,
                                  location: representation.sourceLocation)
        }
        let attributes = self.attributes
        var values = create()
        var missing: [Int] = []
        for offset in 0..<attributes.count {
            let attribute = attributes[offset]
            guard let value = try representation.value(at: attribute.path, under: location.path) else {
                missing.append(offset)
                continue
            }
            do {
                try attribute.set(value, &values)
            } catch let error as DataMapperError {
                throw error.nested(under: location.path.appending(attribute.path))
            }
        }
        var key: PrimaryKey?
        if primaryKeyRule != nil {
            guard let keyOffset = keyAttributeOffset else {
                throw DataMapperError(.unsupported, message: "the mapping of entity \"\(entityName)\" has no attribute for its primary key",
                                      path: location.path, location: representation.sourceLocation)
            }
            let keyFound = !missing.contains(keyOffset)
            key = keyFound ? primaryKey(of: values) : nil
            guard key != nil else {
                throw missingKeyError(attributes[keyOffset], found: keyFound, representation: representation, path: location.path)
            }
        }
        guard relationshipCount > 0 else {
            return ObjectDraft(mapping: self, representation: representation, location: location, key: key,
                               values: values, missing: missing, relationships: nil)
        }
        let relationships = self.relationships
        let path = location.path
        var related: [any RelationshipDraft<Model>] = []
        for relationship in relationships {
            let relatedPath = relationship.path ?? .root
            guard var value = try representation.value(at: relatedPath, under: path) else { continue }
            if relationship.path == nil {
                guard let related = try relationship.core.related(inParent: value, under: path, owner: self) else { continue }
                value = related
            }
            related.append(try relationship.core.draft(from: value, at: path.appending(relatedPath), owner: self))
        }
        return ObjectDraft(mapping: self, representation: representation, location: location, key: key,
                           values: values, missing: missing, relationships: RelationshipDrafts(related))
    }

    /// What a parent's `representation` holds of an object of this mapping, for a
    /// relationship without a path: `nil` when the parent does not name one (the
    /// primary key's value is missing), `null` when it names none (the key is `null`),
    /// else the parent's representation itself. A mapping without a key, or whose key
    /// is the representation itself, always reads the representation.
    func related(inParent representation: SupportedType, under path: DataPath) throws -> SupportedType? {
        guard let keyOffset = keyAttributeOffset, case let attribute = attributes[keyOffset], !attribute.path.isRoot
        else { return representation }
        guard let key = try representation.value(at: attribute.path, under: path) else { return nil }
        return key.isNull ? .null : representation
    }

    /// The error of a representation whose primary key `attribute` is absent or `null`.
    private func missingKeyError(_ attribute: MappedAttribute<Model>, found: Bool, representation: SupportedType, path: DataPath) -> DataMapperError {
        let name = attribute.path.isRoot ? "the value" : "\"\(attribute.path)\""
        return DataMapperError(.missingKey, message: "the primary key \(name) of entity \"\(entityName)\" is \(found ? "null" : "missing")",
                               path: path.appending(attribute.path), location: representation.sourceLocation)
    }
}

extension SupportedType {
    /// The value at `path` inside this one, or `nil` when a step is missing, past the
    /// end of an array, or goes through a `null`.
    /// - Parameter base: Where this value is in the document, for errors.
    /// - Throws: A type mismatch when a step goes through a value that is neither a
    ///   dictionary (for a key) nor an array (for an index), nor `null`.
    func value(at path: DataPath, under base: @autoclosure () -> DataPath) throws -> SupportedType? {
        let components = path.components
        // Most attributes are one key of the representation, and present.
        if components.count == 1, case .key(let key) = components[0], let value = self[key] {
            return value
        }
        var current = self
        for step in 0..<components.count {
            guard !current.isNull else { return nil }
            switch components[step] {
            case .key(let key):
                guard case .dictionary = current.kind else {
                    throw DataMapperError.typeMismatch(expected: "a dictionary holding key \"\(key)\"", found: current)
                        .nested(under: base().appending(DataPath(Array(components[..<step]))))
                }
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard case .array = current.kind else {
                    throw DataMapperError.typeMismatch(expected: "an array holding index \(index)", found: current)
                        .nested(under: base().appending(DataPath(Array(components[..<step]))))
                }
                guard let next = current[index] else { return nil }
                current = next
            }
        }
        return current
    }
}
