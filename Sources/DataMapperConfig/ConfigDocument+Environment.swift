import DataMapper

/// Layering environment variables: each sets one value, by the nesting rule that
/// ``ConfigSource/environment(prefix:separator:variables:)`` documents.
extension ConfigDocument {
    /// Sets every variable whose name starts with `prefix` (plus `_`), in name order.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/invalidValue`` naming
    ///   the variable when an index part points past the end of an array.
    mutating func mergeEnvironment(_ variables: [String: String], prefix: String, separator: String) throws {
        let lead = prefix.isEmpty || prefix.hasSuffix("_") ? prefix : prefix + "_"
        for (name, text) in variables.sorted(by: { $0.key < $1.key }) where name.hasPrefix(lead) && name.count > lead.count {
            let rest = String(name.dropFirst(lead.count))
            let parts = separator.isEmpty ? [rest] : rest.components(separatedBy: separator)
            guard !parts.contains(where: { $0.isEmpty || $0.hasPrefix("_") || $0.hasSuffix("_") }) else { continue }
            try setText(text, at: parts, variable: name)
        }
    }

    /// Sets the string `text` at the place `parts` names, creating dictionaries on the way.
    private mutating func setText(_ text: String, at parts: [String], variable: String) throws {
        let origin = ConfigOrigin.environment(variable: variable)
        var path = DataPath.root
        var root = value
        value = SupportedType(.null)
        defer { value = root }
        try set(SupportedType(.string(text)), in: &root, parts: parts[...], path: &path, origin: origin)
    }

    private mutating func set(
        _ leaf: SupportedType, in node: inout SupportedType, parts: ArraySlice<String>, path: inout DataPath, origin: ConfigOrigin
    ) throws {
        guard let part = parts.first else {
            node = leaf
            record(leaf, at: path, origin: origin)
            return
        }
        switch node.kind {
        case .array(var elements) where Int(part) != nil:
            let index = Int(part) ?? 0
            guard index >= 0, index <= elements.count else {
                throw DataMapperError(
                    .invalidValue,
                    message: "index \(index) is past the end of an array of \(elements.count) elements",
                    path: path, location: SourceLocation(file: origin.sourceName, position: .unknown))
            }
            node.kind = .null
            path = path.appending(index: index)
            if index == elements.count {
                var child = SupportedType(.null)
                try set(leaf, in: &child, parts: parts.dropFirst(), path: &path, origin: origin)
                elements.append(child)
            } else {
                try set(leaf, in: &elements[index], parts: parts.dropFirst(), path: &path, origin: origin)
            }
            node.kind = .array(elements)
        case .dictionary(var map):
            let key = map[part] != nil ? part : (map.keys.first { Self.sameKey($0, part) } ?? part.lowercased())
            path = path.appending(key: key)
            node.kind = .null
            var child = map[key] ?? SupportedType(.null)
            try set(leaf, in: &child, parts: parts.dropFirst(), path: &path, origin: origin)
            map.updateValue(child, forKey: key)
            node.kind = .dictionary(map)
        default:
            // A scalar, a null or an array given a name: the variable replaces it by a dictionary.
            node = SupportedType(.dictionary(OrderedMap()))
            record(node, at: path, origin: origin)
            try set(leaf, in: &node, parts: parts, path: &path, origin: origin)
        }
    }

    /// Whether a key and a name part mean the same key: equal ignoring case, `_` and `-`.
    static func sameKey(_ key: String, _ part: String) -> Bool {
        func folded(_ text: String) -> String { text.lowercased().filter { $0 != "_" && $0 != "-" } }
        return key == part || folded(key) == folded(part)
    }
}
