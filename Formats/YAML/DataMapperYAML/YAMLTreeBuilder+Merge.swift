import DataMapperCore

// MARK: - Merge keys

extension YAMLTreeBuilder {
    /// A mapping merged by a `<<` key, and where, among the explicit keys, that key was written.
    struct Merge {
        var offset: Int
        var map: OrderedMap
    }

    /// Pushes the mappings the value of a `<<` key stands for (a mapping, or a sequence
    /// of mappings) onto ``merges``, in order; `offset` is the number of explicit keys
    /// written before the `<<` key.
    mutating func appendMerges(of value: SupportedType, at offset: Int) throws {
        switch value.kind {
        case .dictionary(let map):
            merges.append(Merge(offset: offset, map: map))
        case .array(let items):
            for (index, item) in items.enumerated() {
                guard case .dictionary(let map) = item.kind else {
                    throw Self.mergeError("item \(index) of the list after a merge key '<<' is \(Self.describe(item)), not a mapping", at: item.position)
                }
                merges.append(Merge(offset: offset, map: map))
            }
        default:
            throw Self.mergeError("a merge key '<<' takes a mapping or a list of mappings, found \(Self.describe(value))", at: value.position)
        }
    }

    /// The mapping whose explicit keys are on the key stack from `base` and whose
    /// values are `explicit`, with the entries of the mappings on ``merges`` from
    /// `mergeBase` in the places of their `<<` keys, following the merge-key rules:
    /// keys written in the mapping win over merged ones, and an earlier merged mapping
    /// wins over a later one.
    ///
    /// A mapping that only merges one other (`<<: *defaults` alone) is that mapping,
    /// shared. Any other gathers its keys on the key stack above the explicit ones and
    /// is built through the ``interner``, so mappings that merge the same defaults and
    /// override the same keys share one key list; explicit values are moved, merged
    /// ones shared.
    mutating func merging(
        from mergeBase: Int,
        into explicit: consuming [SupportedType],
        base: Int,
        explicitKeys: RepeatedKeyFinder
    ) -> OrderedMap {
        let top = keys.count
        if top == base, merges.count == mergeBase + 1 { return merges[mergeBase].map }
        var finder = RepeatedKeyFinder()
        var values: [SupportedType] = []
        values.reserveCapacity(explicit.count + merges[mergeBase...].reduce(0) { $0 + $1.map.count })
        var next = mergeBase
        for offset in 0...explicit.count {
            while next < merges.count, merges[next].offset == offset {
                let map = merges[next].map
                for (key, value) in zip(map.keys, map.values) {
                    let fingerprint = KeyInterner.fingerprint(of: key)
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
                values.append(consume moved)
            }
        }
        return interner.map(keys: keys, fingerprints: fingerprints, from: top, values: consume values)
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
