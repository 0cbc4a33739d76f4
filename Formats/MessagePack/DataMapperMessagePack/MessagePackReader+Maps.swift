@_spi(Parsing) import DataMapper
import Foundation

extension MessagePackReader {
    /// Reads `entries` key-value pairs of a map whose header starts at `start`.
    ///
    /// A map whose keys repeat an earlier map's (see ``ShapeCache``) is read by
    /// comparing each key's bytes with the earlier map's, and shares its key list: no
    /// key is made, looked up or checked for repeats. At the first key that differs,
    /// the rest is read by ``readEntries(_:depth:at:matched:template:opening:keyOffsets:)``.
    /// The values go on the slab writer's stack and from there into a slab (see
    /// ``ElementSlabWriter``), so a map has no buffer of its own unless it is large.
    mutating func readMap(count entries: Int, depth: Int, at start: Int) throws(DataMapperError) -> OrderedMap {
        if depth > maxDepth { throw depthError(at: start) }
        // Every entry takes at least two bytes.
        if entries > remaining / 2 { throw tooManyItems(entries, "entries", of: "map", at: start) }
        if entries == 0 { return OrderedMap() }
        let opening = slabs.open()
        var keyOffsets: [Int] = []
        var matched = 0
        var template = -1
        if var found = peekEncodedStrKey().flatMap({ shapes.template(entries: entries, first: KeySummary($0)) }) {
            template = found.number
            while matched < entries {
                if !skipTemplateKey(found.summaries + matched, keyOffsets: &keyOffsets) {
                    guard let other = shapes.alternative(to: found, matched: matched),
                          skipTemplateKey(other.summaries + matched, keyOffsets: &keyOffsets) else { break }
                    found = other
                    template = other.number
                }
                do {
                    slabs.append(try readElement(depth: depth))
                } catch {
                    throw error.under(.key(shapes.keys(of: template)[matched]))
                }
                matched += 1
            }
            if matched == entries {
                if entries <= ElementSlabWriter.largestSlabMap { return slabs.closeMap(opening, keys: shapes.keys(of: template)) }
                return shapes.map(template: template, values: slabs.takeValues(opening))
            }
        }
        return try readEntries(entries, depth: depth, at: start, matched: matched, template: template, opening: opening, keyOffsets: &keyOffsets)
    }

    /// Reads the entries of a map from the `matched`-th on, the ones before having
    /// the keys of `template`'s first `matched` keys and their values pending since
    /// `opening`.
    ///
    /// The keys go on the reader's key stack (``keys``, ``fingerprints``), and repeated
    /// keys are found by a ``RepeatedKeyFinder``, so strings are compared only for a
    /// real repeat or a rare collision. The map is then made in one step from distinct keys.
    @inline(never)
    mutating func readEntries(
        _ entries: Int, depth: Int, at start: Int, matched: Int, template: Int,
        opening: ElementSlabWriter.Opening, keyOffsets: inout [Int]
    ) throws(DataMapperError) -> OrderedMap {
        let base = keys.count
        defer { popKeys(to: base) }
        var finder = RepeatedKeyFinder()
        if matched > 0 {
            let earlier = shapes.keys(of: template)
            for index in 0..<matched {
                let fingerprint = KeyCache.fingerprint(of: earlier[index])
                keys.append(earlier[index])
                fingerprints.append(fingerprint)
                finder.record(fingerprint: fingerprint, keys: keys, from: base)
            }
        }
        for _ in matched..<entries {
            let keyOffset = offset
            let (key, fingerprint) = try readKey(depth: depth)
            let value: SupportedType
            do {
                value = try readElement(depth: depth)
            } catch {
                throw error.under(.key(key))
            }
            if let existing = finder.place(
                of: key, fingerprint: fingerprint, keys: keys, from: base, fingerprints: fingerprints, from: base
            ) {
                switch duplicateKeys {
                case .lastWins: slabs.replace(existing, since: opening, with: value)
                case .firstWins: break
                case .error: throw duplicateKeyError(key, first: keyOffsets[existing], second: keyOffset)
                }
                continue
            }
            keys.append(key)
            fingerprints.append(fingerprint)
            finder.record(fingerprint: fingerprint, keys: keys, from: base)
            slabs.append(value)
            if duplicateKeys == .error { keyOffsets.append(keyOffset) }
        }
        let map = slabs.closeMap(opening, keys: Array(keys[base...]))
        if map.count == entries { shapes.remember(map) }
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
            guard let made = keyCache.string(run, make: UTF8Validation.makeString(_:)) else { throw invalidUTF8Error(at: start, run: run) }
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
            let text = data.withUnsafeBytes { raw in UTF8Validation.makeString(raw.assumingMemoryBound(to: UInt8.self)) }
            if let text { return text }
            throw unsupportedKey(key, at: start, "a binary map key that is not UTF-8 cannot become a string key")
        default:
            throw unsupportedKey(key, at: start, "only scalar map keys (integers, floats, booleans, nil, binary text) can become string keys")
        }
    }
}
