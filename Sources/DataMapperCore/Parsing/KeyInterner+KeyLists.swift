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

    /// The keys of the last map of `count` keys whose first key had the bytes of
    /// `firstKey`, for a parser that knows how many keys a map has before reading them
    /// (MessagePack) to check the rest against; `nil` when no such map was built.
    ///
    /// Reading a map whose keys are all as expected then costs one comparison of bytes
    /// per key: the keys need no lookup, no UTF-8 check and no search for repeats (the
    /// expected keys are distinct), and the map shares the earlier one's key list.
    @inlinable @inline(__always)
    package mutating func expectedKeys(count: Int, firstKey: UnsafeBufferPointer<UInt8>) -> ExpectedKeys? {
        guard let expected = keyLists.expectedKeys(count: count, firstFingerprint: Self.fingerprint(of: firstKey)),
              expected.matches(firstKey, at: 0) else { return nil }
        return expected
    }
}

/// The key list of an earlier map, which a parser expects a map it reads to repeat:
/// what ``KeyInterner/expectedKeys(count:firstKey:)`` gives.
@usableFromInline package struct ExpectedKeys {
    /// The earlier map's key list, to share.
    @usableFromInline let keyStorage: OrderedMap.KeyStorage
    /// Its keys, with the words that recognise their bytes quickly.
    @usableFromInline let summaries: [KeyTable.Slot]

    @inlinable init(keyStorage: OrderedMap.KeyStorage, summaries: [KeyTable.Slot]) {
        self.keyStorage = keyStorage
        self.summaries = summaries
    }

    /// How many keys the map has.
    @inlinable package var count: Int { summaries.count }

    /// Whether `run` holds the bytes of key number `index`.
    @inlinable @inline(__always)
    package func matches(_ run: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let (head, tail) = KeyInterner.summary(run)
        return summaries.withUnsafeBufferPointer { $0[index].holds(run, head: head, tail: tail) }
    }

    /// Key number `index`.
    @inlinable package func key(at index: Int) -> String { summaries[index].key }

    /// The fingerprint of key number `index` (``KeyInterner/fingerprint(of:)``).
    @inlinable package func fingerprint(at index: Int) -> UInt64 {
        let slot = summaries[index]
        return KeyInterner.fingerprint(head: slot.head, tail: slot.tail, count: slot.length)
    }

    /// A map of these keys, in order, paired with `values`: one per key.
    @inlinable package func map(values: consuming [SupportedType]) -> OrderedMap {
        OrderedMap(keyStorage: keyStorage, values: values)
    }
}

/// The key lists of recently built maps, by a hash of their keys' fingerprints: the
/// second table of ``KeyInterner``.
///
/// When an earlier map had exactly the keys of a new one, the new map takes that map's
/// key list copy-on-write, which saves an allocation, a copy, and (for large maps)
/// hashing every key again; a miss costs one comparison before the map is built as usual.
///
/// Like ``KeyTable``, it starts small (a message of a few maps makes and frees eight
/// slots) and grows to its full size once a document has built enough maps.
@usableFromInline
struct KeyListTable {
    /// What a slot remembers of an earlier map.
    struct Entry {
        /// The hash of its keys' fingerprints, to rule the slot out without touching them.
        var shape: UInt64 = 0
        /// Its keys.
        var keys: OrderedMap.KeyStorage = .plain([])
        /// How many keys it has.
        var count = 0
        /// Its keys with their summaries, made the first time a map is read against
        /// them (``expectedKeys(count:firstFingerprint:)``); empty until then.
        var summaries: [KeyTable.Slot] = []
    }

    private static let firstCount = 8
    private static let fullCount = 64
    /// Maps built before the table grows to its full size.
    private var mapsBeforeGrowing = 32
    /// The slots; empty until the first map.
    private var entries: [Entry] = []
    /// The slot of the last map per number of keys and first key, -1 for none: how a
    /// parser that has read only a map's first key finds the keys it expects.
    private var byFirstKey: [Int8] = []

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
        map(count: keys.count - base, key: { keys[base + $0] }, fingerprint: { fingerprints[base + $0] }, values: values)
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
        map(count: count, key: { names[nameIndex($0)] }, fingerprint: { fingerprints[nameIndex($0)] }, values: values)
    }

    /// A map of `count` distinct keys, `key(0)` first, whose fingerprints `fingerprint`
    /// gives, paired with `values` in order: the earlier map's key list when the slot
    /// of their shape holds the same keys, else a new one, remembered in that slot.
    @inline(__always)
    private mutating func map(
        count: Int,
        key: (Int) -> String,
        fingerprint: (Int) -> UInt64,
        values: consuming [SupportedType]
    ) -> OrderedMap {
        guard count > 0 else { return OrderedMap(uniqueKeys: [], values: values) }
        var shape = UInt64(truncatingIfNeeded: count)
        for offset in 0..<count {
            shape = (shape ^ fingerprint(offset)) &* 0x9E37_79B9_7F4A_7C15
        }
        makeRoom()
        let slot = Int(truncatingIfNeeded: shape >> 58) & (entries.count - 1)
        byFirstKey[Self.firstKeySlot(count: count, firstFingerprint: fingerprint(0)) & (byFirstKey.count - 1)] = Int8(slot)
        // Compared in place: copying an entry out would retain and release its storage.
        let known = entries.withUnsafeBufferPointer { entries in
            entries[slot].shape == shape && entries[slot].count == count && entries[slot].keys.withKeys { known in
                for offset in 0..<count where known[offset] != key(offset) { return false }
                return true
            }
        }
        if known {
            let shared = entries.withUnsafeBufferPointer { $0[slot].keys }
            return OrderedMap(keyStorage: shared, values: values)
        }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for offset in 0..<count { keys.append(key(offset)) }
        let map = OrderedMap(uniqueKeys: keys, values: values)
        entries[slot] = Entry(shape: shape, keys: map.keyStorage, count: count)
        return map
    }

    /// Makes the slots, or grows them to their full size when it is time.
    @inline(__always)
    private mutating func makeRoom() {
        if mapsBeforeGrowing > 0 {
            mapsBeforeGrowing -= 1
            if entries.isEmpty { resize(to: Self.firstCount) }
        } else if entries.count < Self.fullCount {
            resize(to: Self.fullCount)
        }
    }

    /// Empty slots, `count` of them; what the old ones held is forgotten.
    private mutating func resize(to count: Int) {
        entries = Array(repeating: Entry(), count: count)
        byFirstKey = Array(repeating: -1, count: count)
    }

    /// The keys of the last map of `count` keys whose first key's fingerprint is
    /// `firstFingerprint`, or `nil`; the caller checks that the first key is the one it read.
    @usableFromInline
    mutating func expectedKeys(count: Int, firstFingerprint: UInt64) -> ExpectedKeys? {
        guard !byFirstKey.isEmpty else { return nil }
        let slot = Int(byFirstKey[Self.firstKeySlot(count: count, firstFingerprint: firstFingerprint) & (byFirstKey.count - 1)])
        // Looked at in place: copying an entry out retains its storage.
        guard slot >= 0, entries.withUnsafeBufferPointer({ $0[slot].count == count }) else { return nil }
        if entries.withUnsafeBufferPointer({ $0[slot].summaries.isEmpty }) {
            entries[slot].summaries = entries[slot].keys.keys.map { key in
                var bytes = key
                let (length, head, tail) = bytes.withUTF8 { run in
                    let (head, tail) = KeyInterner.summary(run)
                    return (run.count, head, tail)
                }
                return KeyTable.Slot(key: key, length: length, head: head, tail: tail)
            }
        }
        return entries.withUnsafeBufferPointer { entries in
            ExpectedKeys(keyStorage: entries[slot].keys, summaries: entries[slot].summaries)
        }
    }

    @inline(__always)
    private static func firstKeySlot(count: Int, firstFingerprint: UInt64) -> Int {
        Int(truncatingIfNeeded: ((firstFingerprint ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
