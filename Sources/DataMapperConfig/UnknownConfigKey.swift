import DataMapper

/// A key present in the configuration sources that the loaded type does not read,
/// usually a misspelling (`prot:` for `port:`).
public struct UnknownConfigKey: Sendable, Hashable {
    /// The key's path (`server.prot`).
    public var path: DataPath
    /// Where its value came from.
    public var origin: ConfigOrigin?
    /// The position of its value in that source, when known.
    public var position: SourcePosition

    /// The finding as an error of kind ``DataMapperError/Kind/unknownKey``, printing as
    /// `config.yaml:3:9: server.prot: unknown key, not read by the configuration type`.
    public var error: DataMapperError {
        let location = origin?.sourceName.map { name in
            SourceLocation(file: name, position: origin?.holdsText == true ? .unknown : position)
        }
        return DataMapperError(
            .unknownKey, message: "unknown key, not read by the configuration type", path: path, location: location)
    }

    /// The keys of `document` that have no counterpart in `written`, the loaded value
    /// written back: compared key by key, ignoring case, `_` and `-`, through
    /// dictionaries and arrays alike. Keys that `policy` allows are left out, with
    /// everything under them; keys whose value is null are kept (the loader checks
    /// them further, since an optional field left empty writes nothing back).
    static func find(
        in document: ConfigDocument, comparedWith written: SupportedType, policy: ConfigLoader.UnknownKeyPolicy
    ) -> [UnknownConfigKey] {
        var found: [UnknownConfigKey] = []
        walk(document.value, written, at: .root, document: document, policy: policy, into: &found)
        return found
    }

    private static func walk(
        _ read: SupportedType, _ written: SupportedType, at path: DataPath, document: ConfigDocument,
        policy: ConfigLoader.UnknownKeyPolicy, into found: inout [UnknownConfigKey]
    ) {
        switch (read.kind, written.kind) {
        case (.dictionary(let map), .dictionary(let known)):
            for (key, value) in map {
                let childPath = path.appending(key: key)
                let counterpart = known[key] ?? known.first { ConfigDocument.sameKey($0.key, key) }?.value
                    ?? attributeCounterpart(of: key, in: known, document: document)
                if let counterpart {
                    walk(value, counterpart, at: childPath, document: document, policy: policy, into: &found)
                } else if !policy.allows(key) {
                    found.append(UnknownConfigKey(path: childPath, origin: document.origin(of: childPath), position: value.position))
                }
            }
        case (.array(let elements), .array(let knownElements)):
            for (index, pair) in zip(elements, knownElements).enumerated() {
                walk(pair.0, pair.1, at: path.appending(index: index), document: document, policy: policy, into: &found)
            }
        default:
            // A value the type keeps whole or writes in its own shape: nothing to compare.
            break
        }
    }

    /// The written value a type read from the attribute `key` (`@id`) of a format that
    /// lets a field come from a child element or else an attribute of its name (XML).
    private static func attributeCounterpart(of key: String, in known: OrderedMap, document: ConfigDocument) -> SupportedType? {
        guard let prefix = document.fileReading.attributeKeyPrefix, !prefix.isEmpty, key.hasPrefix(prefix) else { return nil }
        return known[String(key.dropFirst(prefix.count))]
    }
}

extension UnknownConfigKey: CustomStringConvertible {
    /// The same text as ``error``.
    public var description: String { error.description }
}
