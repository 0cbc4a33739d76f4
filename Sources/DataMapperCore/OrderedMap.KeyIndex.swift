extension OrderedMap {
    /// An open-addressing hash table from keys to their offsets in the map.
    ///
    /// Swift's `Dictionary<String, Int>` hashes with SipHash and allocates per
    /// rebuild; parsers build many mid-sized maps, so this table hashes UTF-8 bytes
    /// eight at a time with a seeded multiply-and-mix and stores only offsets. The seed
    /// is chosen per process, so a hostile document cannot be built in advance to make
    /// its keys collide.
    @usableFromInline
    struct KeyIndex: Sendable {
        /// Offset + 1 of the key in each slot; 0 marks an empty slot. The slot count is a
        /// power of two, so `slots.count - 1` masks a hash into a slot. The table is this
        /// one array and nothing else, which keeps every ``SupportedType`` small.
        private var slots: [Int32]

        /// A table holding every key of `keys`, which must be distinct.
        @usableFromInline
        init(keys: [String]) {
            var capacity = 16
            while capacity < keys.count * 2 { capacity <<= 1 }
            slots = Array(repeating: 0, count: capacity)
            for (offset, key) in keys.enumerated() { place(offset: offset, hash: Self.hash(key)) }
        }

        /// The offset of `key` among `keys`, the array this table was built over.
        @usableFromInline
        func find(_ key: String, in keys: [String]) -> Int? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
            while true {
                let stored = Int(slots[slot])
                if stored == 0 { return nil }
                if keys[stored - 1] == key { return stored - 1 }
                slot = (slot + 1) & mask
            }
        }

        /// Adds the key at `offset` (the last one of `keys`), growing when half full.
        @usableFromInline
        mutating func insert(offset: Int, keys: [String]) {
            if (offset + 1) * 2 > slots.count {
                self = KeyIndex(keys: keys)
            } else {
                place(offset: offset, hash: Self.hash(keys[offset]))
            }
        }

        private mutating func place(offset: Int, hash: UInt64) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: offset + 1)
        }

        /// The per-process seed, drawn from the system's random source on first use.
        private static let seed: UInt64 = UInt64.random(in: .min ... .max) | 1

        /// A fast, seeded hash of the key's UTF-8 bytes.
        @usableFromInline
        static func hash(_ key: String) -> UInt64 {
            var key = key
            return key.withUTF8 { bytes in
                var state = seed ^ (UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15)
                let raw = UnsafeRawBufferPointer(bytes)
                var offset = 0
                while offset + 8 <= raw.count {
                    state = mix(state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    offset += 8
                }
                if offset < raw.count {
                    var tail: UInt64 = 0
                    for index in offset..<raw.count {
                        tail |= UInt64(raw[index]) << (UInt64(index - offset) * 8)
                    }
                    state = mix(state ^ tail)
                }
                return mix(state)
            }
        }

        @inline(__always)
        private static func mix(_ value: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: 0xD6E8_FEB8_6659_FD93)
            return product.high ^ product.low
        }
    }
}
