import DataMapper

extension EntityMapping {
    /// Reads `representation`, found at `path` in the document, into a draft: every
    /// attribute converted, every relationship read, nothing applied.
    /// - Throws: ``DataMapperError`` with the path from the document's root and the
    ///   position of the value at fault.
    func draft(from representation: SupportedType, at path: DataPath) throws -> ObjectDraft<Model> {
        guard !representation.isNull else {
            throw DataMapperError(.missingKey, message: "expected an object, found null", path: path, location: representation.sourceLocation)
        }
        var values: [AttributeValue<Model>] = []
        values.reserveCapacity(attributes.count)
        var key: PrimaryKey?
        var keyAttributeFound = false
        for attribute in attributes {
            guard let value = try representation.value(at: attribute.path, under: path) else { continue }
            let read: AttributeValue<Model>
            do {
                read = try attribute.read(value)
            } catch let error as DataMapperError {
                throw error.nested(under: path.appending(attribute.path))
            }
            if let rule = primaryKeyRule, attribute.property == rule.property {
                keyAttributeFound = true
                key = rule.keyOfValue(read.converted)
            }
            values.append(read)
        }
        if let rule = primaryKeyRule, key == nil {
            throw missingKeyError(rule, attributeFound: keyAttributeFound, representation: representation, path: path)
        }
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
        return ObjectDraft(mapping: self, representation: representation, path: path, key: key,
                           attributes: values, relationships: related)
    }

    /// What a parent's `representation` holds of an object of this mapping, for a
    /// relationship without a path: `nil` when the parent does not name one (the
    /// primary key's value is missing), `null` when it names none (the key is `null`),
    /// else the parent's representation itself. A mapping without a key, or whose key
    /// is the representation itself, always reads the representation.
    func related(inParent representation: SupportedType, under path: DataPath) throws -> SupportedType? {
        guard let rule = primaryKeyRule,
              let attribute = attributes.first(where: { $0.property == rule.property }),
              !attribute.path.isRoot
        else { return representation }
        guard let key = try representation.value(at: attribute.path, under: path) else { return nil }
        return key.isNull ? .null : representation
    }

    /// The error of a representation whose primary key is absent or `null`.
    private func missingKeyError(_ rule: PrimaryKeyRule<Model>, attributeFound: Bool, representation: SupportedType, path: DataPath) -> DataMapperError {
        guard let attribute = attributes.first(where: { $0.property == rule.property }) else {
            return DataMapperError(.unsupported, message: "the mapping of entity \"\(entityName)\" has no attribute for its primary key",
                                   path: path, location: representation.sourceLocation)
        }
        let found = attributeFound ? "null" : "missing"
        let name = attribute.path.isRoot ? "the value" : "\"\(attribute.path)\""
        return DataMapperError(.missingKey, message: "the primary key \(name) of entity \"\(entityName)\" is \(found)",
                               path: path.appending(attribute.path), location: representation.sourceLocation)
    }
}

extension SupportedType {
    /// The value at `path` inside this one, or `nil` when a step is missing, past the
    /// end of an array, or goes through a `null`.
    /// - Parameter base: Where this value is in the document, for errors.
    /// - Throws: A type mismatch when a step goes through a value that is neither a
    ///   dictionary (for a key) nor an array (for an index), nor `null`.
    func value(at path: DataPath, under base: DataPath) throws -> SupportedType? {
        var current = self
        var walked = base
        for component in path.components {
            guard !current.isNull else { return nil }
            switch component {
            case .key(let key):
                guard case .dictionary = current.kind else {
                    throw DataMapperError.typeMismatch(expected: "a dictionary holding key \"\(key)\"", found: current).nested(under: walked)
                }
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard case .array = current.kind else {
                    throw DataMapperError.typeMismatch(expected: "an array holding index \(index)", found: current).nested(under: walked)
                }
                guard let next = current[index] else { return nil }
                current = next
            }
            walked.components.append(component)
        }
        return current
    }
}
