import DataMapperCore

extension XMLSerializer {
    /// Whether ``serialize(_:)`` writes the dictionary key `key` as it is: the text
    /// key, an attribute key whose name is an XML name, or an element name. Any other
    /// key cannot be an XML name as it stands.
    public func writesKeyUnchanged(_ key: String) -> Bool {
        if key == options.textKey { return true }
        var name = key
        if !options.attributePrefix.isEmpty, key.hasPrefix(options.attributePrefix) {
            name = String(key.dropFirst(options.attributePrefix.count))
        }
        guard XMLName.isWrittenAsIs(name) else { return false }
        switch XMLName.prefix(of: name) {
        case .none: return true
        case .invalid: return false
        // Whether the prefix is declared depends on the elements around the key, which
        // a key alone does not tell; a qualified name is taken as kept.
        case .some: return XMLName.hasValidLocalPart(name)
        }
    }

    /// Whether strings under `key` keep their exact text through writing and reading:
    /// attribute values do (neither trimmed nor an empty string turned into null).
    public func keepsTextExactly(under key: String) -> Bool {
        !options.attributePrefix.isEmpty && key.hasPrefix(options.attributePrefix)
    }

    /// Whether ``serialize(_:)`` writes `root` as the document as it is, rather than
    /// inside an element it adds (``Options/rootName``, or `root`): only a dictionary
    /// of one element key whose value is not an array becomes the root element itself.
    public func writesRootUnchanged(_ root: SupportedType) -> Bool {
        guard options.rootName == nil, case .dictionary(let map) = root.kind, map.count == 1, let (key, inner) = map.first else {
            return false
        }
        if case .array = inner.kind { return false }
        return key != options.textKey && !keepsTextExactly(under: key)
    }
}
