@_spi(Parsing) import DataMapper
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
                (head, tail) = KeyCache.summary(run)
                return
            }
            // In range: both loads of each pair lie inside the run (at least four
            // bytes, eight for the second pair); raw pointers allow unaligned loads.
            // Two overlapping loads cover every byte, which the byte-by-byte loop of
            // the general summary takes several times longer to do for the short keys
            // most maps have. Summaries are only ever compared with summaries made here.
            // (Made so in KeyCache.summary, JSON gained 1.5% but YAML lost 1.2% of its
            // instructions to changed inlining, so the shared summary stays as it is.)
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
    /// Templates and their summaries are only ever appended, never overwritten, so a
    /// map can keep using its template by number while the maps nested in it add their
    /// own; a slot only forgets which template it points to. The summaries are capped, so
    /// a document of ever-new shapes costs a bounded amount of memory.
    struct ShapeCache {
        static let slotCount = 256
        /// Past this many key summaries, no more templates are kept.
        static let summaryLimit = 1 << 18

        /// Template number + 1 per slot; 0 for an empty slot. Empty until the first map.
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

        @inline(__always)
        static func slot(entries: Int, first: KeySummary) -> Int {
            var hash = UInt64(truncatingIfNeeded: entries) &* 0x9E37_79B9_7F4A_7C15
            hash ^= first.head &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= (first.tail ^ UInt64(truncatingIfNeeded: first.length)) &* 0x1656_67B1_9E37_79F9
            hash = (hash ^ (hash >> 29)) &* 0xD6E8_FEB8_6659_FD93
            return Int(truncatingIfNeeded: hash >> 56)
        }

        /// The template for maps of `entries` keys whose first key is `first`, as its
        /// number and the place of its first key summary, or `nil`.
        @inline(__always)
        func template(entries: Int, first: KeySummary) -> (number: Int, summaries: Int)? {
            guard !slots.isEmpty else { return nil }
            let stored = slots[Self.slot(entries: entries, first: first)]
            guard stored > 0 else { return nil }
            let number = stored - 1
            let start = starts[number]
            guard starts[number + 1] - start == entries, summaries[start] == first else { return nil }
            return (number, start)
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
        @inline(__always)
        func longKeyMatches(_ run: UnsafeBufferPointer<UInt8>, at place: Int) -> Bool {
            let start = longKeyStarts[place]
            guard start >= 0, start + run.count <= longKeyBytes.count, let right = run.baseAddress else { return false }
            return longKeyBytes.withUnsafeBufferPointer { stored in
                guard let left = stored.baseAddress else { return false }
                return memcmp(left + start, right, run.count) == 0
            }
        }

        /// Keeps `map`, whose keys are distinct, as the template for maps with its keys.
        ///
        /// Keys are summarised as they are encoded, header included (the smallest
        /// encoding, which writers use), so that a key is matched without decoding its
        /// header. A map with a key of 256 bytes or more is not kept.
        mutating func remember(_ map: OrderedMap) {
            let keys = map.keys
            guard !keys.isEmpty, summaries.count + keys.count <= Self.summaryLimit,
                  longKeyBytes.count <= Self.summaryLimit * 16,
                  keys.allSatisfy({ $0.utf8.count < 256 }) else { return }
            if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
            let firstPlace = summaries.count
            var encoded: [UInt8] = []
            for var key in keys {
                encoded.removeAll(keepingCapacity: true)
                let length = key.utf8.count
                if length < 32 {
                    encoded.append(0xA0 | UInt8(length))
                } else {
                    encoded.append(0xD9)
                    encoded.append(UInt8(length))
                }
                key.withUTF8 { encoded.append(contentsOf: $0) }
                encoded.withUnsafeBufferPointer { run in
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
            slots[Self.slot(entries: keys.count, first: summaries[firstPlace])] = templates.count
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
    mutating func skipTemplateKey(_ place: Int, keyOffsets: inout [Int]) -> Bool {
        let summary = shapes.summary(at: place)
        guard summary.length <= count - offset else { return false }
        let run = UnsafeBufferPointer(start: bytes + offset, count: summary.length)
        guard KeySummary(run) == summary, run.count <= 16 || shapes.longKeyMatches(run, at: place) else { return false }
        if duplicateKeys == .error { keyOffsets.append(offset) }
        offset += summary.length
        return true
    }
}
