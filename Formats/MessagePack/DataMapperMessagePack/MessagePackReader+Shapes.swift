import DataMapper
import Foundation

extension MessagePackReader {
    /// The length and the first and last eight bytes of a key as encoded, header
    /// included (four for an encoding of four to seven bytes; the bytes themselves,
    /// zero-padded, for a shorter one): every byte of an encoding of up to sixteen, and
    /// enough to rule out almost any other key of a longer one.
    struct KeySummary: Equatable {
        var length: Int
        var head: UInt64
        var tail: UInt64

        @inline(__always)
        init(_ run: UnsafeBufferPointer<UInt8>) {
            length = run.count
            guard let base = run.baseAddress, length >= 4 else {
                (head, tail) = KeyInterner.summary(run)
                return
            }
            // In range: both loads of each pair lie inside the run (at least four
            // bytes, eight for the second pair); raw pointers allow unaligned loads.
            // Two overlapping loads cover every byte of a key of four to sixteen bytes
            // without a loop over them. The words differ from `KeyInterner.summary`'s for
            // keys of four to seven bytes, which is sound because summaries made here
            // are only ever compared with summaries made here.
            let raw = UnsafeRawPointer(base)
            if length >= 8 {
                head = raw.loadUnaligned(as: UInt64.self)
                tail = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            } else {
                head = UInt64(raw.loadUnaligned(as: UInt32.self))
                tail = UInt64(raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
            }
        }
    }

    /// The keys of recent maps, so that a map whose keys repeat an earlier map's (in
    /// the same order) is recognised from its bytes while it is read, and shares that
    /// map's key list.
    ///
    /// A map is looked up by its size and first key. A hit lets the reader compare each
    /// following key's bytes with the template's summary and skip making a `String`,
    /// consulting the key cache and checking for repeated keys (the template's keys are
    /// distinct, so equal keys in the same places are too).
    ///
    /// Each slot keeps two templates, the last remembered first: documents often mix
    /// two shapes of one size and first key (a status with a `retweeted_status` and
    /// one with a `retweet_count` in its place), and one template per slot would be
    /// relearned at every change. A map read along one that turns out to differ goes
    /// on along the other when it has the same keys so far.
    ///
    /// Templates and their summaries are only ever appended, never overwritten, so a
    /// map can keep using its template by number while the maps nested in it add their
    /// own, waiting on the reader's stack meanwhile or not; a slot only forgets which
    /// template it points to. The summaries are capped, so
    /// a document of ever-new shapes costs a bounded amount of memory.
    struct ShapeCache {
        static let slotCount = 256
        /// Past this many key summaries, no more templates are kept.
        static let summaryLimit = 1 << 18

        /// A template found for a map: its number, where its key summaries start, and
        /// the slot it was found in.
        struct Found {
            var number: Int
            var summaries: Int
            var slot: Int
        }

        /// Template number + 1 for the two ways of each slot (`2 * slot` and the one
        /// after); 0 for an empty way. Empty until the first map.
        private var slots: [Int] = []
        /// Maps whose key lists are shared, by template number.
        private var templates: [OrderedMap] = []
        /// The keys of each template, kept apart so that sharing them does not copy
        /// (retain and release) the whole template map.
        private var keyLists: [[String]] = []
        /// Where each template's key summaries start in `summaries`, and one more entry
        /// marking the end of the last.
        private var starts: [Int] = [0]
        /// The key summaries of every template, one after the other.
        private var summaries: [KeySummary] = []
        /// For each summary, where the encoded key starts in `longKeyBytes` when it is
        /// longer than sixteen bytes (the summary does not hold all of it), else -1.
        private var longKeyStarts: [Int] = []
        /// Every template key longer than sixteen bytes as encoded, header included.
        private var longKeyBytes: [UInt8] = []
        /// How many maps have been offered to ``remember(_:)``.
        private var offered = 0
        /// Maps offered before any is kept: a message of a map or two has no use for
        /// templates, so it does not pay for setting up the tables.
        static let offersBeforeKeeping = 2

        @inline(__always)
        static func slot(entries: Int, first: KeySummary) -> Int {
            var hash = UInt64(truncatingIfNeeded: entries) &* 0x9E37_79B9_7F4A_7C15
            hash ^= first.head &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= (first.tail ^ UInt64(truncatingIfNeeded: first.length)) &* 0x1656_67B1_9E37_79F9
            hash = (hash ^ (hash >> 29)) &* 0xD6E8_FEB8_6659_FD93
            return Int(truncatingIfNeeded: hash >> 56)
        }

        /// The template for maps of `entries` keys whose first key is `first`, or `nil`.
        @inline(__always)
        func template(entries: Int, first: KeySummary) -> Found? {
            guard !slots.isEmpty else { return nil }
            let slot = Self.slot(entries: entries, first: first)
            for way in 0..<2 {
                let stored = slots[2 * slot + way]
                guard stored > 0 else { return nil }
                let start = starts[stored - 1]
                if starts[stored] - start == entries, summaries[start] == first {
                    return Found(number: stored - 1, summaries: start, slot: slot)
                }
            }
            return nil
        }

        /// The other template of `found`'s slot when it has as many keys and the same
        /// first `matched` keys (a map that stopped matching `found` after them may
        /// match it), or `nil`.
        func alternative(to found: Found, matched: Int) -> Found? {
            let base = 2 * found.slot
            let stored = slots[base] == found.number + 1 ? slots[base + 1] : slots[base]
            guard stored > 0, stored != found.number + 1 else { return nil }
            let start = starts[stored - 1]
            guard starts[stored] - start == starts[found.number + 1] - found.summaries else { return nil }
            for index in 0..<matched where !sameKey(start + index, found.summaries + index) { return nil }
            return Found(number: stored - 1, summaries: start, slot: found.slot)
        }

        /// Whether the template keys summarised at `one` and `other` are the same key.
        private func sameKey(_ one: Int, _ other: Int) -> Bool {
            let summary = summaries[one]
            guard summary == summaries[other] else { return false }
            guard summary.length > 16 else { return true }
            let second = longKeyStarts[other]
            guard second >= 0, second + summary.length <= longKeyBytes.count else { return false }
            return longKeyBytes.withUnsafeBufferPointer { stored in
                longKeyMatches(UnsafeBufferPointer(rebasing: stored[second..<second + summary.length]), at: one)
            }
        }

        /// The key summary at `place`.
        @inline(__always)
        func summary(at place: Int) -> KeySummary {
            summaries[place]
        }

        /// The keys of template `number`.
        @inline(__always)
        func keys(of number: Int) -> [String] { keyLists[number] }

        /// A map of its own with the keys of template `number` and `values`, one per
        /// key, for a map too large for a slab: it shares the template's hash index
        /// rather than build its own.
        @inline(__always)
        func map(template number: Int, values: consuming [SupportedType]) -> OrderedMap {
            OrderedMap(keysOf: templates[number], values: values)
        }

        /// Whether the bytes of `run`, an encoded key longer than sixteen bytes whose
        /// summary equals the one at `place`, equal that key's in full.
        ///
        /// The summary holds the first and last eight bytes, so only the middle is
        /// compared, a word at a time, in place: map keys are short (at most 255
        /// bytes here, most a few words), too short for a call to `memcmp` to pay.
        @inline(__always)
        func longKeyMatches(_ run: UnsafeBufferPointer<UInt8>, at place: Int) -> Bool {
            let start = longKeyStarts[place]
            let count = run.count
            guard start >= 0, count > 16, start + count <= longKeyBytes.count, let right = run.baseAddress else { return false }
            return longKeyBytes.withUnsafeBufferPointer { stored in
                guard let base = stored.baseAddress else { return false }
                // In range: every load ends at or before `count - 8`, inside both runs
                // of `count` bytes; the last one overlaps the one before it.
                let left = UnsafeRawPointer(base + start)
                let other = UnsafeRawPointer(right)
                var offset = 8
                while offset < count - 16 {
                    if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                        return false
                    }
                    offset += 8
                }
                return left.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self) == other.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            }
        }

        /// Keeps `map`, whose keys are distinct, as the first template of its slot; the
        /// one that was first becomes the second. The first maps offered are not kept
        /// (``offersBeforeKeeping``).
        ///
        /// Keys are summarised as they are encoded, header included (the smallest
        /// encoding, which writers use), so that a key is matched without decoding its
        /// header. A map with a key of 256 bytes or more is not kept.
        mutating func remember(_ map: OrderedMap) {
            offered += 1
            guard offered > Self.offersBeforeKeeping else { return }
            let keys = map.keys
            guard !keys.isEmpty, summaries.count + keys.count <= Self.summaryLimit,
                  longKeyBytes.count <= Self.summaryLimit * 16,
                  keys.allSatisfy({ $0.utf8.count < 256 }) else { return }
            if slots.isEmpty { slots = Array(repeating: 0, count: 2 * Self.slotCount) }
            let firstPlace = summaries.count
            summaries.reserveCapacity(summaries.count + keys.count)
            longKeyStarts.reserveCapacity(longKeyStarts.count + keys.count)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 + 255) { buffer in
                guard let base = buffer.baseAddress else { return }
                for var key in keys {
                    let length = key.utf8.count
                    let header: Int
                    if length < 32 {
                        base[0] = 0xA0 | UInt8(length)
                        header = 1
                    } else {
                        base[0] = 0xD9
                        base[1] = UInt8(length)
                        header = 2
                    }
                    key.withUTF8 { bytes in
                        if let source = bytes.baseAddress { (base + header).update(from: source, count: length) }
                    }
                    let run = UnsafeBufferPointer(start: base, count: header + length)
                    summaries.append(KeySummary(run))
                    if run.count > 16 {
                        longKeyStarts.append(longKeyBytes.count)
                        longKeyBytes.append(contentsOf: run)
                    } else {
                        longKeyStarts.append(-1)
                    }
                }
            }
            starts.append(summaries.count)
            templates.append(map)
            keyLists.append(keys)
            let way = 2 * Self.slot(entries: keys.count, first: summaries[firstPlace])
            slots[way + 1] = slots[way]
            slots[way] = templates.count
        }
    }

    /// When the bytes at `offset` are a `str` map key in a fixstr or str 8, the key as
    /// encoded, header included; `nil` for any other key, or one that does not fit in
    /// the input (left for the general path to report).
    @inline(__always)
    func peekEncodedStrKey() -> UnsafeBufferPointer<UInt8>? {
        guard offset < count else { return nil }
        let byte = bytes[offset]
        let length: Int
        if byte & 0xE0 == 0xA0 {
            length = 1 + Int(byte & 0x1F)
        } else if byte == 0xD9, offset + 1 < count {
            length = 2 + Int(bytes[offset + 1])
        } else {
            return nil
        }
        guard length <= count - offset else { return nil }
        return UnsafeBufferPointer(start: bytes + offset, count: length)
    }

    /// When the key at `offset` has the bytes, as encoded, of the template key
    /// summarised at `place`, moves past it (noting where it was, when repeated keys
    /// are refused) and gives `true`; otherwise moves nowhere and gives `false`.
    ///
    /// The header is compared with the rest, so the key's length and bytes are checked
    /// at once, without decoding the header.
    @inline(__always)
    mutating func skipTemplateKey(_ place: Int) -> Bool {
        let summary = shapes.summary(at: place)
        guard summary.length <= count - offset else { return false }
        let run = UnsafeBufferPointer(start: bytes + offset, count: summary.length)
        guard KeySummary(run) == summary, run.count <= 16 || shapes.longKeyMatches(run, at: place) else { return false }
        if duplicateKeys == .error { keyOffsets.append(offset) }
        offset += summary.length
        return true
    }
}
