import DataMapperCore
import Foundation

extension MessagePackReader {
    /// Reads `entries` key-value pairs of a map at `depth` whose header starts at
    /// `start`; `inPlace` says how many levels of containers inside it are read in
    /// place (see `MessagePackReader+Containers.swift`).
    ///
    /// Keys go on the reader's key stack, interned by ``interner``; values go on
    /// ``containers`` until the map is complete.
    ///
    /// - Returns: The map; `nil` when it waits on `open` for a value, or a key, that is
    ///   an array or a map (see ``readTree()``).
    mutating func readMap(count entries: Int, depth: Int, at start: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if depth > depthLimit { throw depthError(at: start) }
        // Every entry takes at least two bytes.
        if entries > remaining / 2 { throw tooManyItems(entries, "entries", of: "map", at: start) }
        if entries == 0 { return SupportedType(.dictionary(OrderedMap()), position: .byteOffset(origin + start)) }
        var map = OpenContainer(.map, at: start, count: entries, opening: containers.open())
        // Offsets of keys, which only the message of a refused repeat needs, are kept
        // by the key-by-key reading alone.
        if duplicateKeys != .error, let (run, _) = keyRun(), let expected = interner.expectedKeys(count: entries, firstKey: run) {
            return try readEntries(of: &map, expecting: expected, depth: depth, inPlace: inPlace)
        }
        map.keyOffsetBase = keyOffsets.count
        var state = MapState(keyBase: keys.count)
        guard let complete = try readEntries(of: &map, depth: depth, inPlace: inPlace, state: &state) else {
            mapStates.append(state)
            open.append(map)
            return nil
        }
        return complete
    }

    /// Reads the entries of `map`, at `depth`, from its `index` on, key by key, the
    /// keys before on the reader's key stack (``keys``, ``fingerprints``) from
    /// `state.keyBase` on.
    ///
    /// Repeated keys are found by a ``RepeatedKeyFinder``, so strings are compared only
    /// for a real repeat or a rare collision. The map is then made in one step from
    /// distinct keys.
    ///
    /// - Returns: The map; `nil` when it waits for the item at `offset`, with the key of
    ///   the value it waits for in `state`, to be put aside by the caller.
    @inline(never)
    mutating func readEntries(
        of map: inout OpenContainer, depth: Int, inPlace: Int, state: inout MapState
    ) throws(DataMapperError) -> SupportedType? {
        var index = map.index
        while index < map.count {
            let keyOffset = offset
            guard let (key, fingerprint) = try readKey() else {
                // An array or a map as a key: read, for the faults inside it, then refused.
                map.kind = .mapKey
                map.index = index
                state.keyOffset = keyOffset
                return nil
            }
            let value: SupportedType
            do throws(DataMapperError) {
                guard let read = try readItem(depth: depth, inPlace: inPlace) else {
                    map.index = index
                    (state.key, state.fingerprint, state.keyOffset) = (key, fingerprint, keyOffset)
                    return nil
                }
                value = read
            } catch {
                throw error.under(.key(key))
            }
            // addEntry(_:key:fingerprint:at:to:state:) spelled out: through the call, every
            // entry of a map read key by key costs more (the compiler will not inline it).
            if let existing = state.finder.place(
                of: key, fingerprint: fingerprint, keys: keys, from: state.keyBase, fingerprints: fingerprints, from: state.keyBase
            ) {
                try addRepeat(value, key: key, at: keyOffset, over: existing, of: map)
            } else {
                keys.append(key)
                fingerprints.append(fingerprint)
                state.finder.record(fingerprint: fingerprint, keys: keys, from: state.keyBase)
                containers.append(value)
                if duplicateKeys == .error { keyOffsets.append(keyOffset) }
            }
            index += 1
        }
        let entries = interner.map(keys: keys, fingerprints: fingerprints, from: state.keyBase, values: containers.takeValues(map.opening))
        popKeys(to: state.keyBase)
        if duplicateKeys == .error { keyOffsets.removeSubrange(map.keyOffsetBase...) }
        return SupportedType(.dictionary(entries), position: .byteOffset(origin + map.start))
    }

    /// Adds the entry of `key` (whose fingerprint is `fingerprint` and which starts at
    /// `keyOffset`) and `value` to `map`, read key by key, or applies the policy for a
    /// repeated key: for a value the map waited for.
    mutating func addEntry(
        _ value: consuming SupportedType, key: String, fingerprint: UInt64, at keyOffset: Int,
        to map: inout OpenContainer, state: inout MapState
    ) throws(DataMapperError) {
        if let existing = state.finder.place(
            of: key, fingerprint: fingerprint, keys: keys, from: state.keyBase, fingerprints: fingerprints, from: state.keyBase
        ) {
            return try addRepeat(value, key: key, at: keyOffset, over: existing, of: map)
        }
        keys.append(key)
        fingerprints.append(fingerprint)
        state.finder.record(fingerprint: fingerprint, keys: keys, from: state.keyBase)
        containers.append(value)
        if duplicateKeys == .error { keyOffsets.append(keyOffset) }
    }

    /// Applies the policy for a repeated key to the entry of `key` (at `keyOffset`) and
    /// `value`, whose key is that of `map`'s entry number `existing`.
    @inline(never)
    mutating func addRepeat(
        _ value: consuming SupportedType, key: String, at keyOffset: Int, over existing: Int, of map: OpenContainer
    ) throws(DataMapperError) {
        switch duplicateKeys {
        case .lastWins: containers.replace(existing, since: map.opening, with: value)
        case .firstWins: break
        case .error: throw duplicateKeyError(key, first: keyOffsets[map.keyOffsetBase + existing], second: keyOffset)
        }
    }

    /// Drops the keys above `base` from the key stack, when a map is done with them.
    @inline(__always)
    mutating func popKeys(to base: Int) {
        while keys.count > base {
            keys.removeLast()
            fingerprints.removeLast()
        }
    }

    // MARK: - Keys

    /// Reads a map key: a `str` (through ``interner``), or another scalar converted to
    /// text as ``MessagePackSerializer/NonStringKeyPolicy`` says. Gives a fingerprint of
    /// the key's bytes for finding repeats cheaply.
    ///
    /// - Returns: The key; `nil`, moving nowhere, when it is an array or a map, which
    ///   is read like a value and then refused (see ``refusedKey(_:at:)``).
    @inline(__always)
    mutating func readKey() throws(DataMapperError) -> (key: String, fingerprint: UInt64)? {
        guard offset < count else { throw endOfInput(at: offset) }
        let start = offset
        let byte = bytes[offset]
        var length = -1
        if byte & 0xE0 == 0xA0 {
            length = Int(byte & 0x1F)
            offset += 1
        } else if byte &- 0xD9 < 3 {
            offset += 1
            length = try readStrLength(byte, at: start)
        }
        if length >= 0 {
            try need(length, for: "str", at: start)
            let run = UnsafeBufferPointer(start: bytes + offset, count: length)
            guard let made = interner.string(run, make: UTF8Validation.makeString(_:)) else { throw invalidUTF8Error(at: start, run: run) }
            offset += length
            return made
        }
        if Self.startsContainer(byte) { return nil }
        let key = try readConvertedKey()
        return (key, KeyInterner.fingerprint(of: key))
    }

    /// Reads a scalar key that is not a `str` and makes it text, or refuses it.
    mutating func readConvertedKey() throws(DataMapperError) -> String {
        let start = offset
        let key = try readScalar()
        guard nonStringKeys == .convertScalars else { throw refusedKey(key, at: start) }
        switch key.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let integer): return String(integer)
        case .uint(let integer): return String(integer)
        case .double(let number): return number.description
        case .binary(let data):
            let text = data.withUnsafeBytes { raw in UTF8Validation.makeString(raw.assumingMemoryBound(to: UInt8.self)) }
            if let text { return text }
            throw unsupportedKey(key, at: start, "a binary map key that is not UTF-8 cannot become a string key")
        default:
            throw refusedKey(key, at: start)
        }
    }

    /// The error for `key`, a map key at `start` that is not a `str` and that the
    /// options do not let become one: any such key when they refuse them, else an
    /// array, a map, an ext or a timestamp.
    mutating func refusedKey(_ key: SupportedType, at start: Int) -> DataMapperError {
        if nonStringKeys == .error {
            var error = unsupportedKey(key, at: start, "map keys must be strings")
            error.remedy = DataMapperError.Remedy(
                .nonStringKeys, choices: ["convert"],
                advice: "set MessagePackSerializer.Options.nonStringKeys to .convertScalars to make scalar keys text"
            )
            return error
        }
        return unsupportedKey(key, at: start, "only scalar map keys (integers, floats, booleans, nil, binary text) can become string keys; no option reads this map")
    }
}
