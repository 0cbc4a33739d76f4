@_spi(Parsing) import DataMapper
import Foundation

extension MessagePackReader {
    /// A key's length and its first and last eight bytes (four for a key of four to
    /// seven bytes; the bytes themselves, zero-padded, for a shorter one): every byte of
    /// a key of up to sixteen, and enough to rule out almost any other key of a longer one.
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
        private(set) var templates: [OrderedMap] = []
        /// The keys of each template, kept apart so that sharing them does not copy
        /// (retain and release) the whole template map.
        private var keyLists: [[String]] = []
        /// Where each template's key summaries start in `summaries`, and one more entry
        /// marking the end of the last.
        private var starts: [Int] = [0]
        /// The key summaries of every template, one after the other.
        private var summaries: [KeySummary] = []
        /// For each summary, where the key's UTF-8 starts in `longKeyBytes` when it is
        /// longer than sixteen bytes (the summary does not hold all of it), else -1.
        private var longKeyStarts: [Int] = []
        /// The UTF-8 of every template key longer than sixteen bytes.
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

        /// A map with the keys of template `number` and `values`, one per key.
        ///
        /// Small maps keep no hash index, so taking the key list alone is enough; larger
        /// ones take the template's index too rather than build their own.
        @inline(__always)
        func map(template number: Int, values: consuming [SupportedType]) -> OrderedMap {
            if values.count <= Self.smallMap { return OrderedMap(uniqueKeys: keyLists[number], values: values) }
            return OrderedMap(keysOf: templates[number], values: values)
        }

        /// Maps of up to this many entries are made from the shared key list alone.
        static let smallMap = 32

        /// Whether the bytes of `run`, a key longer than sixteen bytes whose summary
        /// equals the one at `place`, equal that key's in full.
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
        mutating func remember(_ map: OrderedMap) {
            let keys = map.keys
            guard !keys.isEmpty, summaries.count + keys.count <= Self.summaryLimit,
                  longKeyBytes.count <= Self.summaryLimit * 16 else { return }
            if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
            let firstPlace = summaries.count
            for key in keys {
                var key = key
                key.withUTF8 { utf8 in
                    summaries.append(KeySummary(utf8))
                    if utf8.count > 16 {
                        longKeyStarts.append(longKeyBytes.count)
                        longKeyBytes.append(contentsOf: utf8)
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

    /// When the bytes at `offset` are a `str` map key, its bytes; `nil` for any other
    /// key, or one that does not fit in the input (left for the general path to report).
    @inline(__always)
    func peekStrKey() -> (run: UnsafeBufferPointer<UInt8>, end: Int)? {
        guard offset < count else { return nil }
        let byte = bytes[offset]
        var start = offset + 1
        let length: Int
        if byte & 0xE0 == 0xA0 {
            length = Int(byte & 0x1F)
        } else if byte == 0xD9, start < count {
            length = Int(bytes[start])
            start += 1
        } else {
            return nil
        }
        guard length <= count - start else { return nil }
        return (UnsafeBufferPointer(start: bytes + start, count: length), start + length)
    }

    /// Whether `run` holds the same bytes as the template key summarised at `place`.
    @inline(__always)
    func keyMatches(_ run: UnsafeBufferPointer<UInt8>, at place: Int) -> Bool {
        guard KeySummary(run) == shapes.summary(at: place) else { return false }
        return run.count <= 16 || shapes.longKeyMatches(run, at: place)
    }

    /// When the key at `offset` has the bytes of the template key summarised at
    /// `place`, moves past it (noting where it was, when repeated keys are refused)
    /// and gives `true`; otherwise moves nowhere and gives `false`.
    @inline(__always)
    mutating func skipTemplateKey(_ place: Int, keyOffsets: inout [Int]) -> Bool {
        guard let (run, end) = peekStrKey(), keyMatches(run, at: place) else { return false }
        if duplicateKeys == .error { keyOffsets.append(offset) }
        offset = end
        return true
    }
}
