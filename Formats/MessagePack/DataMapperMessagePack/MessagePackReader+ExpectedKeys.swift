import DataMapperCore

// Maps read against the keys of an earlier map. Records repeat their keys, in the same
// order, across a document; once a map with the same number of keys and the same first
// key has been built, the reader checks each key's bytes against the one expected in
// its place, and skips what a map read key by key costs per key (a lookup in the
// interner, a UTF-8 check, a search for repeats, the key stack). The first key that
// differs, or the first value put aside, hands the map to the key-by-key reading of
// `MessagePackReader+Maps.swift`, with the keys read so far on the key stack as if
// read there.
extension MessagePackReader {
    /// What reading a map against the keys it is expected to have came to.
    enum ExpectedKeysOutcome {
        /// Every key was as expected: the map.
        case complete(SupportedType)
        /// Key number `index`, at `offset`, is not the expected one; the values before
        /// it are on ``containers``.
        case differs(at: Int)
        /// Key number `index`, which starts at `keyOffset`, was as expected, and its
        /// value is an array or a map put aside (see ``readTree()``).
        case waits(at: Int, keyOffset: Int)
    }

    /// Reads the entries of `map`, at `depth`, against `expected`, taking what is left
    /// to the key-by-key reading when a key differs; as ``readMap(count:depth:at:inPlace:)``.
    ///
    /// - Returns: The map; `nil` when it waits on `open`.
    @inline(never)
    mutating func readEntries(
        of map: inout OpenContainer, expecting expected: ExpectedKeys, depth: Int, inPlace: Int
    ) throws(DataMapperError) -> SupportedType? {
        var state = MapState(keyBase: keys.count)
        let statesBelow = mapStates.count
        switch try readExpectedEntries(of: map, expected, depth: depth, inPlace: inPlace) {
        case .complete(let value):
            return value
        case .differs(let index):
            adopt(expected, upTo: index, state: &state, waitingFrom: statesBelow)
            map.index = index
            guard let complete = try readEntries(of: &map, depth: depth, inPlace: inPlace, state: &state) else {
                mapStates.append(state)
                open.append(map)
                return nil
            }
            return complete
        case .waits(let index, let keyOffset):
            adopt(expected, upTo: index, state: &state, waitingFrom: statesBelow)
            map.index = index
            (state.key, state.fingerprint, state.keyOffset) = (expected.key(at: index), expected.fingerprint(at: index), keyOffset)
            mapStates.append(state)
            open.append(map)
            return nil
        }
    }

    /// Reads entries of `map` while their keys are those of `expected`, in order; the
    /// values go on ``containers``, the keys nowhere.
    @inline(__always)
    mutating func readExpectedEntries(
        of map: OpenContainer, _ expected: ExpectedKeys, depth: Int, inPlace: Int
    ) throws(DataMapperError) -> ExpectedKeysOutcome {
        var index = 0
        while index < map.count {
            let keyOffset = offset
            guard let (run, header) = keyRun(), expected.matches(run, at: index) else { return .differs(at: index) }
            offset += header + run.count
            do throws(DataMapperError) {
                guard let value = try readItem(depth: depth, inPlace: inPlace) else { return .waits(at: index, keyOffset: keyOffset) }
                containers.append(value)
            } catch {
                throw error.under(.key(expected.key(at: index)))
            }
            index += 1
        }
        let entries = expected.map(values: containers.takeValues(map.opening))
        return .complete(SupportedType(.dictionary(entries), position: .byteOffset(origin + map.start)))
    }

    /// Puts the first `count` keys of `expected` on the key stack as the keys of the
    /// map of `state`, recorded by its finder, as if read key by key.
    ///
    /// Maps inside it that wait (those on ``mapStates`` from `waitingFrom` on) put their
    /// keys on the stack while its keys were not there; theirs move up above its own.
    mutating func adopt(_ expected: ExpectedKeys, upTo count: Int, state: inout MapState, waitingFrom: Int) {
        let base = state.keyBase
        keys.insert(contentsOf: (0..<count).map { expected.key(at: $0) }, at: base)
        fingerprints.insert(contentsOf: (0..<count).map { expected.fingerprint(at: $0) }, at: base)
        for place in waitingFrom..<mapStates.count { mapStates[place].keyBase += count }
        for place in 0..<count { state.finder.record(fingerprint: fingerprints[base + place], keys: keys, from: base) }
    }

    /// The bytes of the fixstr or str 8 at `offset` and the size of its header, without
    /// moving; `nil` for anything else, or when its bytes are not all there.
    @inline(__always)
    func keyRun() -> (run: UnsafeBufferPointer<UInt8>, header: Int)? {
        guard offset < count else { return nil }
        let byte = bytes[offset]
        let header: Int
        let length: Int
        if byte & 0xE0 == 0xA0 {
            (header, length) = (1, Int(byte & 0x1F))
        } else if byte == 0xD9, count - offset >= 2 {
            (header, length) = (2, Int(bytes[offset + 1]))
        } else {
            return nil
        }
        guard length <= count - offset - header else { return nil }
        return (UnsafeBufferPointer(start: bytes + offset + header, count: length), header)
    }
}
