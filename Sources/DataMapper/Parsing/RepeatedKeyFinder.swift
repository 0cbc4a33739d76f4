/// Finds the keys a map repeats while a parser reads it, so the parser can apply its
/// duplicate-key policy.
///
/// Almost every key is new. For the usual small map a ``KeyFilter`` proves that
/// without a search, and a "maybe" scans the earlier keys' fingerprints, comparing
/// strings only where a fingerprint matches. Fingerprints are cheap and not secret,
/// so a hostile document can give thousands of different keys the same one; past
/// ``linearLimit`` keys the finder therefore switches to a table hashed by every
/// byte of the key with a per-process seed (the hash ``OrderedMap`` indexes with),
/// which keeps each lookup constant on average whatever the keys are.
///
/// The finder holds places, not keys: the parser keeps the keys (and their
/// fingerprints) in its own arrays, in the order they were recorded, and passes
/// those arrays to each call. Public only to the format modules, through
/// `@_spi(Parsing) import`, so that the common path inlines into each parser.
@_spi(Parsing) public struct RepeatedKeyFinder {
    /// Maps with up to this many keys are searched by their fingerprints.
    public static let linearLimit = 64

    @usableFromInline var filter: KeyFilter
    /// How many keys have been recorded.
    @usableFromInline var count: Int
    /// Place + 1 of a key per slot, 0 for an empty slot; empty until the map passes
    /// ``linearLimit`` keys. The slot count is a power of two at least twice `count`.
    @usableFromInline var slots: [Int32]

    /// A finder for a new, empty map.
    @inlinable public init() {
        // Assigned here rather than as initial values, which would be calls out of
        // every parser's map loop.
        filter = KeyFilter()
        count = 0
        slots = []
    }

    /// The place among the recorded keys of `key`, whose fingerprint is `fingerprint`,
    /// or `nil` when it is new. The recorded keys are `keys` from `keyBase` on, and
    /// their fingerprints `fingerprints` from `fingerprintBase` on.
    ///
    /// The arrays are passed, not captured by closures: a closure capturing a parser's
    /// local array would keep that array in memory for the whole map loop.
    @inlinable @inline(__always)
    public func place(
        of key: String,
        fingerprint: UInt64,
        keys: [String], from keyBase: Int,
        fingerprints: [UInt64], from fingerprintBase: Int
    ) -> Int? {
        guard filter.mayContain(fingerprint) else { return nil }
        if slots.isEmpty {
            var place = 0
            while place < count {
                if fingerprints[fingerprintBase + place] == fingerprint, keys[keyBase + place] == key { return place }
                place += 1
            }
            return nil
        }
        return tablePlace(of: key, keys: keys, from: keyBase)
    }

    /// Records `key`, the next key, at place `count`; the keys recorded before it are
    /// `keys` from `keyBase` on.
    @inlinable @inline(__always)
    public mutating func record(_ key: String, fingerprint: UInt64, keys: [String], from keyBase: Int) {
        filter.insert(fingerprint)
        count += 1
        if count > Self.linearLimit { tableInsert(key, keys: keys, from: keyBase) }
    }

    /// Looks `key` up in the table.
    @usableFromInline
    func tablePlace(of key: String, keys: [String], from keyBase: Int) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: OrderedMap.KeyIndex.hash(key)) & mask
            while true {
                let stored = Int(slots[slot])
                if stored == 0 { return nil }
                if keys[keyBase + stored - 1] == key { return stored - 1 }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Adds the key just recorded to the table, building or growing it when needed.
    @usableFromInline
    mutating func tableInsert(_ key: String, keys: [String], from keyBase: Int) {
        if count * 2 > slots.count {
            var size = 4 * Self.linearLimit
            while size < count * 2 { size <<= 1 }
            slots = Array(repeating: 0, count: size)
            for earlier in 0..<count - 1 { store(earlier, hash: OrderedMap.KeyIndex.hash(keys[keyBase + earlier])) }
        }
        store(count - 1, hash: OrderedMap.KeyIndex.hash(key))
    }

    private mutating func store(_ place: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: place + 1)
    }
}
