import DataMapper

/// Layering: deep-merging one source's values over the document.
///
/// The rules: where both the document and the layer hold a dictionary, the
/// dictionaries merge key by key (keys new to the document are added after the
/// existing ones, existing keys keep their place and merge further down). Everything
/// else replaces: a scalar, an array (as a whole, never element by element), a null
/// (so a later layer can clear a value), or a value of another kind than before.
extension ConfigDocument {
    /// Merges `layer` over the document, recording `origin` for what it brings.
    mutating func merge(_ layer: SupportedType, from origin: ConfigOrigin) {
        var merged = value
        value = SupportedType(.null)
        merge(layer, into: &merged, at: .root, origin: origin)
        value = merged
    }

    private mutating func merge(_ incoming: SupportedType, into base: inout SupportedType, at path: DataPath, origin: ConfigOrigin) {
        guard case .dictionary(var map) = base.kind, case .dictionary(let additions) = incoming.kind else {
            base = incoming
            record(incoming, at: path, origin: origin)
            return
        }
        base.kind = .null
        for (key, addition) in additions {
            let childPath = path.appending(key: key)
            if var existing = map[key] {
                map.updateValue(SupportedType(.null), forKey: key)
                merge(addition, into: &existing, at: childPath, origin: origin)
                map.updateValue(existing, forKey: key)
            } else {
                map.updateValue(addition, forKey: key)
                record(addition, at: childPath, origin: origin)
            }
        }
        base.kind = .dictionary(map)
        // A dictionary keeps the place it was first written at, unless it had none
        // (defaults): errors about it (a missing key) then point at a file.
        if origins[path] == nil || (!base.position.isKnown && incoming.position.isKnown) {
            base.position = incoming.position
            origins[path] = origin
        }
    }
}
