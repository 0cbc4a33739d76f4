@_spi(Parsing) import DataMapper
import Foundation

extension MessagePackReader {
    /// Maps with up to this many entries look for repeated keys by scanning the
    /// fingerprints of the keys so far (only when a Bloom filter says the key may be
    /// there); larger ones keep an open-addressing table of fingerprints.
    static let linearKeyLimit = 96

    /// Reads `entries` key-value pairs of a map whose header starts at `start`.
    ///
    /// A map whose keys repeat an earlier map's (see ``ShapeCache``) is read by
    /// comparing each key's bytes with the earlier map's, and shares its key list: no
    /// key is made, looked up or checked for repeats. At the first key that differs,
    /// the rest is read by ``readEntries(_:depth:at:matched:template:values:keyOffsets:)``.
    mutating func readMap(count entries: Int, depth: Int, at start: Int) throws(DataMapperError) -> OrderedMap {
        if depth > maxDepth { throw depthError(at: start) }
        // Every entry takes at least two bytes.
        if entries > remaining / 2 { throw tooManyItems(entries, "entries", of: "map", at: start) }
        if entries == 0 { return OrderedMap() }
        var values: [SupportedType] = []
        values.reserveCapacity(entries)
        var keyOffsets: [Int] = []
        var matched = 0
        var template = -1
        if let (run, _) = peekStrKey(), let found = shapes.template(entries: entries, first: KeySummary(run)) {
            template = found.number
            while matched < entries {
                guard let (run, end) = peekStrKey(),
                      keyMatches(run, at: found.summaries + matched) else { break }
                if duplicateKeys == .error { keyOffsets.append(offset) }
                offset = end
                do {
                    try appendValue(to: &values, depth: depth)
                } catch {
                    throw error.under(.key(shapes.templates[template].keys[matched]))
                }
                matched += 1
            }
            if matched == entries { return shapes.map(template: template, values: values) }
        }
        return try readEntries(entries, depth: depth, at: start, matched: matched, template: template, values: &values, keyOffsets: &keyOffsets)
    }

    /// Reads the entries of a map from the `matched`-th on, the ones before having
    /// the keys of `template`'s first `matched` keys and their values in `values`.
    ///
    /// The keys go on the reader's key stack (``keys``, ``fingerprints``), and repeated
    /// keys are found by their fingerprints, so strings are compared only for a real
    /// repeat or a rare collision. The map is then made in one step from distinct keys.
    @inline(never)
    mutating func readEntries(
        _ entries: Int, depth: Int, at start: Int, matched: Int, template: Int,
        values: inout [SupportedType], keyOffsets: inout [Int]
    ) throws(DataMapperError) -> OrderedMap {
        let base = keys.count
        defer { popKeys(to: base) }
        var table = FingerprintTable(capacity: entries > Self.linearKeyLimit ? entries : 0)
        var seen = KeyFilter()
        if matched > 0 {
            let earlier = shapes.templates[template].keys
            for index in 0..<matched {
                let fingerprint = KeyCache.fingerprint(of: earlier[index])
                if table.isActive { table.insert(fingerprint, at: index) } else { seen.insert(fingerprint) }
                keys.append(earlier[index])
                fingerprints.append(fingerprint)
            }
        }
        for _ in matched..<entries {
            let keyOffset = offset
            let (key, fingerprint) = try readKey(depth: depth)
            let value: SupportedType
            do {
                value = try readValue(depth: depth)
            } catch {
                throw error.under(.key(key))
            }
            let existing: Int?
            if table.isActive {
                existing = table.find(fingerprint) { keys[base + $0] == key }
            } else if seen.mayContain(fingerprint) {
                existing = findKey(key, fingerprint, base: base)
            } else {
                existing = nil
            }
            if let existing {
                switch duplicateKeys {
                case .lastWins: values[existing] = value
                case .firstWins: break
                case .error: throw duplicateKeyError(key, first: keyOffsets[existing], second: keyOffset)
                }
                continue
            }
            if table.isActive {
                table.insert(fingerprint, at: values.count)
            } else {
                seen.insert(fingerprint)
            }
            keys.append(key)
            fingerprints.append(fingerprint)
            values.append(value)
            if duplicateKeys == .error { keyOffsets.append(keyOffset) }
        }
        let map = OrderedMap(uniqueKeys: Array(keys[base...]), values: values)
        if values.count == entries { shapes.remember(map) }
        return map
    }

    /// Drops the keys above `base` from the key stack, when a map is done with them.
    @inline(__always)
    mutating func popKeys(to base: Int) {
        while keys.count > base {
            keys.removeLast()
            fingerprints.removeLast()
        }
    }

    /// The place of `key` among the keys of the map whose first key is at `base` on
    /// the key stack, or `nil`, by a scan of their fingerprints.
    @inline(__always)
    func findKey(_ key: String, _ fingerprint: UInt64, base: Int) -> Int? {
        var position = base
        while position < keys.count {
            if fingerprints[position] == fingerprint, keys[position] == key { return position - base }
            position += 1
        }
        return nil
    }

    /// An open-addressing table from key fingerprints to places, for large maps.
    ///
    /// Fingerprints are already well mixed, so their low bits pick the slot directly;
    /// no hashing of strings is needed. Several keys may share a fingerprint: a lookup
    /// checks every slot with an equal fingerprint until an empty one.
    struct FingerprintTable {
        private var fingerprints: [UInt64] = []
        /// Place + 1 of the key in each slot; 0 for an empty slot.
        private var places: [Int] = []
        private var mask = 0

        /// A table for `capacity` keys, or an inactive one for 0.
        init(capacity: Int) {
            guard capacity > 0 else { return }
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            fingerprints = Array(repeating: 0, count: size)
            places = Array(repeating: 0, count: size)
            mask = size - 1
        }

        var isActive: Bool { mask != 0 }

        /// The place of a key with `fingerprint` that `matches` confirms, or `nil`.
        @inline(__always)
        func find(_ fingerprint: UInt64, matches: (Int) -> Bool) -> Int? {
            var slot = Int(truncatingIfNeeded: fingerprint) & mask
            while places[slot] != 0 {
                if fingerprints[slot] == fingerprint, matches(places[slot] - 1) { return places[slot] - 1 }
                slot = (slot + 1) & mask
            }
            return nil
        }

        @inline(__always)
        mutating func insert(_ fingerprint: UInt64, at place: Int) {
            var slot = Int(truncatingIfNeeded: fingerprint) & mask
            while places[slot] != 0 { slot = (slot + 1) & mask }
            fingerprints[slot] = fingerprint
            places[slot] = place + 1
        }
    }

    // MARK: - Keys

    /// Reads a map key: a `str` (through the key cache), or another scalar converted to
    /// text as ``MessagePackSerializer/NonStringKeyPolicy`` says. Gives a fingerprint of
    /// the key's bytes for finding repeats cheaply.
    @inline(__always)
    mutating func readKey(depth: Int) throws(DataMapperError) -> (key: String, fingerprint: UInt64) {
        guard offset < count else { throw endOfInput(at: offset) }
        let start = offset
        let byte = bytes[offset]
        var length = -1
        if byte & 0xE0 == 0xA0 {
            length = Int(byte & 0x1F)
            offset += 1
        } else if byte == 0xD9 {
            offset += 1
            length = Int(try read(UInt8.self, for: "str 8", at: start))
        } else if byte == 0xDA {
            offset += 1
            length = Int(try read(UInt16.self, for: "str 16", at: start))
        } else if byte == 0xDB {
            offset += 1
            length = Int(try read(UInt32.self, for: "str 32", at: start))
        }
        if length >= 0 {
            try need(length, for: "str", at: start)
            let run = UnsafeBufferPointer(start: bytes + offset, count: length)
            guard let made = keyCache.string(run, make: Self.makeString) else { throw invalidUTF8Error(at: start, run: run) }
            offset += length
            return made
        }
        let key = try readConvertedKey(depth: depth)
        return (key, KeyCache.fingerprint(of: key))
    }

    /// Reads a key that is not a `str` and makes it text, or refuses it.
    mutating func readConvertedKey(depth: Int) throws(DataMapperError) -> String {
        let start = offset
        let key = try readValue(depth: depth)
        if nonStringKeys == .error {
            throw unsupportedKey(key, at: start, "map keys must be strings (the non-string key option is set to refuse them)")
        }
        switch key.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let integer): return String(integer)
        case .uint(let integer): return String(integer)
        case .double(let number): return number.description
        case .binary(let data):
            if let text = String(validating: data, as: UTF8.self) { return text }
            throw unsupportedKey(key, at: start, "a binary map key that is not UTF-8 cannot become a string key")
        default:
            throw unsupportedKey(key, at: start, "only scalar map keys (integers, floats, booleans, nil, binary text) can become string keys")
        }
    }
}
