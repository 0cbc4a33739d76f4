@_spi(Parsing) import DataMapper

// MARK: - Merge keys

extension YAMLTreeBuilder {
    /// A merge key's mappings and where, among the explicit keys, it was written.
    struct Merge {
        var offset: Int
        var maps: [OrderedMap]
    }

    /// The mappings the value of a `<<` key stands for: a mapping, or a sequence of mappings.
    static func mergedMaps(_ value: SupportedType) throws -> [OrderedMap] {
        switch value.kind {
        case .dictionary(let map):
            return [map]
        case .array(let items):
            return try items.enumerated().map { offset, item in
                guard case .dictionary(let map) = item.kind else {
                    throw mergeError("item \(offset) of the list after a merge key '<<' is \(describe(item)), not a mapping", at: item.position)
                }
                return map
            }
        default:
            throw mergeError("a merge key '<<' takes a mapping or a list of mappings, found \(describe(value))", at: value.position)
        }
    }

    /// The mapping whose explicit keys are on the key stack from `base` and whose
    /// values are `explicit`, with the entries of `merges` in the places of their `<<`
    /// keys, following the merge-key rules: keys written in the mapping win over merged
    /// ones, and an earlier merged mapping wins over a later one.
    ///
    /// The result's keys are gathered on the key stack above the explicit ones, so
    /// mappings that merge the same defaults and override the same keys share one key
    /// list through the shape cache; explicit values are moved, merged ones shared.
    mutating func merging(
        _ merges: [Merge],
        into explicit: consuming [SupportedType],
        base: Int,
        explicitKeys: RepeatedKeyFinder
    ) -> OrderedMap {
        let top = keys.count
        var finder = RepeatedKeyFinder()
        var values: [SupportedType] = []
        values.reserveCapacity(explicit.count + merges.reduce(0) { $0 + $1.maps.reduce(0) { $0 + $1.count } })
        var next = 0
        for offset in 0...explicit.count {
            while next < merges.count, merges[next].offset == offset {
                for map in merges[next].maps {
                    for (key, value) in zip(map.keys, map.values) {
                        let fingerprint = KeyCache.fingerprint(of: key)
                        let written = explicitKeys.place(
                            of: key, fingerprint: fingerprint, keys: keys, from: base, fingerprints: fingerprints, from: base
                        ) != nil
                        if written || finder.place(
                            of: key, fingerprint: fingerprint, keys: keys, from: top, fingerprints: fingerprints, from: top
                        ) != nil { continue }
                        keys.append(key)
                        fingerprints.append(fingerprint)
                        finder.record(fingerprint: fingerprint, keys: keys, from: top)
                        values.append(value)
                    }
                }
                next += 1
            }
            if offset < explicit.count {
                let key = keys[base + offset]
                let fingerprint = fingerprints[base + offset]
                keys.append(key)
                fingerprints.append(fingerprint)
                finder.record(fingerprint: fingerprint, keys: keys, from: top)
                var moved = SupportedType(.null)
                swap(&moved, &explicit[offset])
                values.append(moved)
            }
        }
        return shapes.map(keys: keys[top...], fingerprints: fingerprints[top...], values: values)
    }

    private static func mergeError(_ message: String, at position: SourcePosition) -> DataMapperError {
        DataMapperError(.syntax, message: message, location: SourceLocation(position: position))
    }

    /// A short description of a value's type for messages ("a string", "a sequence").
    static func describe(_ value: SupportedType) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .uint, .intOrDouble, .bigNumber: return "a number"
        case .double: return "a number"
        case .string(let text): return "the string \"\(text)\""
        case .binary: return "binary data"
        case .array: return "a sequence"
        case .dictionary: return "a mapping"
        case .ext: return "an extension value"
        case .timestamp: return "a timestamp"
        }
    }
}
