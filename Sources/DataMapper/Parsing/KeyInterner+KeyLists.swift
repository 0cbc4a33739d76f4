extension KeyInterner {
    /// A map pairing the keys of `keys` from `base` on with `values` in order, sharing
    /// the key list (and its hash index) of an earlier map with the same keys.
    ///
    /// The arrays are passed whole, with where the map's keys start, rather than as
    /// slices: a slice of a caller's stored array is a copy, a retain and a release.
    ///
    /// - Parameters:
    ///   - keys: Distinct keys from `base` on, as many as `values`.
    ///   - fingerprints: The fingerprint of each key of `keys` (``fingerprint(of:)``).
    ///   - base: Where the map's keys start in `keys` and `fingerprints`.
    @inlinable
    package mutating func map(
        keys: [String],
        fingerprints: [UInt64],
        from base: Int,
        values: consuming [SupportedType]
    ) -> OrderedMap {
        keyLists.map(keys: keys, fingerprints: fingerprints, from: base, values: values)
    }

    /// A map of `count` keys taken from a table of names, `names[nameIndex(0)]` first,
    /// paired with `values` in order, sharing the key list of an earlier map with the
    /// same keys.
    ///
    /// For readers that number their keys as they meet them (XML): no array of the
    /// map's keys is made unless no earlier map had them.
    ///
    /// - Parameters:
    ///   - names: The table of names; `nameIndex` picks distinct entries of it.
    ///   - fingerprints: The fingerprint of each name of `names` (``fingerprint(of:)``).
    ///   - count: How many keys the map has, as many as `values`.
    @inlinable
    package mutating func map(
        names: [String],
        fingerprints: [UInt64],
        count: Int,
        nameIndex: (Int) -> Int,
        values: consuming [SupportedType]
    ) -> OrderedMap {
        keyLists.map(names: names, fingerprints: fingerprints, count: count, nameIndex: nameIndex, values: values)
    }
}

/// The key lists of recently built maps, by a hash of their keys' fingerprints: the
/// second table of ``KeyInterner``.
///
/// When an earlier map had exactly the keys of a new one, the new map takes that map's
/// key list copy-on-write, which saves an allocation, a copy, and (for large maps)
/// hashing every key again; a miss costs one comparison before the map is built as usual.
@usableFromInline
struct KeyListTable {
    private static let slotCount = 64
    /// The shape hash of each slot's map, to rule a slot out without touching its keys.
    private var shapes: [UInt64] = []
    /// An earlier map per slot, kept for its key list; empty until the first map.
    private var templates: [OrderedMap] = []

    /// A table with no key list yet.
    @usableFromInline init() {}

    /// A map pairing the keys of `keys` from `base` on with `values` in order.
    @usableFromInline
    mutating func map(
        keys: [String],
        fingerprints: [UInt64],
        from base: Int,
        values: consuming [SupportedType]
    ) -> OrderedMap {
        guard base < keys.count else { return OrderedMap(uniqueKeys: [], values: values) }
        var shape = UInt64(truncatingIfNeeded: keys.count - base)
        for fingerprint in fingerprints[base...] {
            shape = (shape ^ fingerprint) &* 0x9E37_79B9_7F4A_7C15
        }
        let slot = Int(truncatingIfNeeded: shape >> 58)
        if templates.isEmpty {
            shapes = Array(repeating: 0, count: Self.slotCount)
            templates = Array(repeating: OrderedMap(), count: Self.slotCount)
        }
        // The template is compared in place: copying it out would retain and release its storage.
        if shapes[slot] == shape, templates.withUnsafeBufferPointer({ Self.sameKeys($0[slot].keys, keys[base...]) }) {
            return OrderedMap(keysOf: templates[slot], values: values)
        }
        let map = OrderedMap(uniqueKeys: Array(keys[base...]), values: values)
        shapes[slot] = shape
        templates[slot] = map
        return map
    }

    /// A map of `count` keys picked from `names` by `nameIndex`, paired with `values`.
    @usableFromInline
    mutating func map(
        names: [String],
        fingerprints: [UInt64],
        count: Int,
        nameIndex: (Int) -> Int,
        values: consuming [SupportedType]
    ) -> OrderedMap {
        guard count > 0 else { return OrderedMap(uniqueKeys: [], values: values) }
        var shape = UInt64(truncatingIfNeeded: count)
        fingerprints.withUnsafeBufferPointer { fingerprints in
            for offset in 0..<count {
                shape = (shape ^ fingerprints[nameIndex(offset)]) &* 0x9E37_79B9_7F4A_7C15
            }
        }
        let slot = Int(truncatingIfNeeded: shape >> 58)
        if templates.isEmpty {
            shapes = Array(repeating: 0, count: Self.slotCount)
            templates = Array(repeating: OrderedMap(), count: Self.slotCount)
        }
        if shapes[slot] == shape, templates.withUnsafeBufferPointer({ templates in
            names.withUnsafeBufferPointer { names in
                templates[slot].keyStorage.withKeys { known in
                    guard known.count == count else { return false }
                    for offset in 0..<count where known[offset] != names[nameIndex(offset)] { return false }
                    return true
                }
            }
        }) {
            return OrderedMap(keysOf: templates[slot], values: values)
        }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for offset in 0..<count { keys.append(names[nameIndex(offset)]) }
        let map = OrderedMap(uniqueKeys: keys, values: values)
        shapes[slot] = shape
        templates[slot] = map
        return map
    }

    @inline(__always)
    private static func sameKeys(_ known: [String], _ keys: ArraySlice<String>) -> Bool {
        guard known.count == keys.count else { return false }
        return known.withUnsafeBufferPointer { known in
            keys.withUnsafeBufferPointer { keys in
                for offset in 0..<keys.count where known[offset] != keys[offset] { return false }
                return true
            }
        }
    }
}
