/// A small cache of object keys, so that a key repeated across a document's objects
/// (every tweet has `"created_at"`) becomes one shared `String` instead of a new
/// allocation each time.
///
/// Only ASCII keys of at least 16 bytes come here: shorter ones fit in a `String`'s
/// inline storage and cost no allocation anyway. The cache is direct-mapped: each
/// slot remembers the last key whose bytes hashed to it, so a miss only costs making
/// the `String` that would have been made without the cache.
struct JSONKeyCache {
    /// One remembered key with the words used to recognise it quickly.
    struct Entry {
        var key: String
        var length: Int
        var head: UInt64
        var tail: UInt64
    }

    /// Keys shorter than this are made directly.
    static let minimumLength = 16
    /// Keys longer than this are made directly; long keys rarely repeat.
    static let maximumLength = 96
    static let slotCount = 256

    /// The slots; empty until the first long key.
    private var entries: [Entry] = []

    /// The `String` for the `count` ASCII bytes at `bytes`.
    mutating func string(bytes: UnsafePointer<UInt8>, count: Int) -> String {
        guard count >= Self.minimumLength && count <= Self.maximumLength else {
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        // `count >= 16`, so both eight-byte loads are inside the key.
        let raw = UnsafeRawPointer(bytes)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        let slot = Int(truncatingIfNeeded: mixed >> 56)
        if entries.isEmpty {
            entries = Array(repeating: Entry(key: "", length: -1, head: 0, tail: 0), count: Self.slotCount)
        }
        let entry = entries[slot]
        if entry.length == count, entry.head == head, entry.tail == tail,
           count == 16 || Self.middleMatches(entry.key, bytes, count) {
            return entry.key
        }
        let key = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        entries[slot] = Entry(key: key, length: count, head: head, tail: tail)
        return key
    }

    /// Whether the bytes between the first and last eight of `key` equal those at `bytes`.
    private static func middleMatches(_ key: String, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var key = key
        return key.withUTF8 { stored in
            guard stored.count == count, let base = stored.baseAddress else { return false }
            var index = 8
            while index < count - 8 {
                if base[index] != bytes[index] { return false }
                index += 1
            }
            return true
        }
    }
}
