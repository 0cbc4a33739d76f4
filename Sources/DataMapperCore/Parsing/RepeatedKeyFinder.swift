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
/// those arrays to each call. Its common path is `@inlinable` and the type
/// `@usableFromInline`: a `package` type's inlinable members inline into another
/// module only then.
@usableFromInline package struct RepeatedKeyFinder {
    /// Maps with up to this many keys are searched by their fingerprints.
    @usableFromInline package static let linearLimit = 64

    @usableFromInline var filter: KeyFilter
    /// How many keys have been recorded.
    @usableFromInline var count: Int
    /// The table: empty until the map passes ``linearLimit`` keys, then a power of two
    /// at least twice `count` slots.
    @usableFromInline var slots: [Slot]

    /// A key's seeded hash and its place + 1; a place of 0 marks an empty slot.
    @usableFromInline struct Slot {
        @usableFromInline var hash: UInt64
        @usableFromInline var place: Int32

        @inlinable init(hash: UInt64, place: Int32) {
            self.hash = hash
            self.place = place
        }
    }

    /// A finder for a new, empty map.
    @inlinable package init() {
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
    /// The arrays are only read here, never handed to a call the compiler cannot see
    /// into: that would make it check the parser's arrays for sole ownership again at
    /// every append.
    @inlinable @inline(__always)
    package func place(
        of key: String,
        fingerprint: UInt64,
        keys: [String], from keyBase: Int,
        fingerprints: [UInt64], from fingerprintBase: Int
    ) -> Int? {
        guard filter.mayContain(fingerprint) else { return nil }
        if count <= Self.linearLimit {
            var place = 0
            while place < count {
                if fingerprints[fingerprintBase + place] == fingerprint, keys[keyBase + place] == key { return place }
                place += 1
            }
            return nil
        }
        let hash = OrderedMap.KeyIndex.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot].place)
            if stored == 0 { return nil }
            if slots[slot].hash == hash, keys[keyBase + stored - 1] == key { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Records the next key, whose fingerprint is `fingerprint`, once the parser has
    /// stored it after the others: the recorded keys, this one last, are `keys` from
    /// `keyBase` on.
    @inlinable @inline(__always)
    package mutating func record(fingerprint: UInt64, keys: [String], from keyBase: Int) {
        filter.insert(fingerprint)
        count += 1
        guard count > Self.linearLimit else { return }
        if count == Self.linearLimit + 1 {
            // The map has just outgrown the linear search: every key goes in the table.
            for place in 0..<count - 1 { insert(hash: OrderedMap.KeyIndex.hash(keys[keyBase + place]), place: place) }
        }
        insert(hash: OrderedMap.KeyIndex.hash(keys[keyBase + count - 1]), place: count - 1)
    }

    /// Puts the key at `place`, whose seeded hash is `hash`, in the table, making or
    /// doubling the table first when it would be more than half full.
    @usableFromInline
    mutating func insert(hash: UInt64, place: Int) {
        if (place + 1) * 2 > slots.count {
            var size = 4 * Self.linearLimit
            while size < (place + 1) * 2 { size <<= 1 }
            let old = slots
            slots = Array(repeating: Slot(hash: 0, place: 0), count: size)
            for slot in old where slot.place != 0 { store(Int(slot.place) - 1, hash: slot.hash) }
        }
        store(place, hash: hash)
    }

    private mutating func store(_ place: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].place != 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(hash: hash, place: Int32(truncatingIfNeeded: place + 1))
    }
}
