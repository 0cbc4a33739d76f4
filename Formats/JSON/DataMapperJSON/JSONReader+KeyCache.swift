/// A small cache of object keys, so that a key repeated across a document's objects
/// (every tweet has `"created_at"`) is made into a `String` once and shared, instead
/// of being validated and copied (or allocated) each time.
///
/// Only ASCII keys without escapes, up to ``maximumLength`` bytes, come here. The
/// cache is direct-mapped: each slot remembers the last key whose bytes hashed to it,
/// so a miss only costs making the `String` that would have been made anyway.
struct JSONKeyCache {
    /// One remembered key with the words used to recognise it quickly.
    struct Entry {
        var key: String
        var length: Int
        var head: UInt64
        var tail: UInt64
    }

    /// The words that summarise a key's bytes: for keys under eight bytes `head` holds
    /// them all; for longer keys `head` and `tail` are the first and last eight bytes,
    /// which together hold every byte of a key of up to sixteen.
    struct Summary {
        var head: UInt64
        var tail: UInt64
        var fingerprint: UInt64

        @inline(__always)
        init(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
            if count >= 8 {
                // Both loads lie inside the `count` bytes.
                let raw = UnsafeRawPointer(bytes)
                head = raw.loadUnaligned(as: UInt64.self)
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                fingerprint = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
            } else {
                var value: UInt64 = 0
                for index in 0..<count {
                    value |= UInt64(bytes[index]) << (8 * UInt64(index))
                }
                head = value
                tail = 0
                fingerprint = value | UInt64(truncatingIfNeeded: count) << 56
            }
        }
    }

    /// Keys longer than this are made directly; long keys rarely repeat.
    static let maximumLength = 96
    static let slotCount = 256

    /// The slots; empty until the first key.
    private var entries: [Entry] = []

    /// The `String` for the `count` ASCII bytes at `bytes`, and their fingerprint.
    @inline(__always)
    mutating func string(bytes: UnsafePointer<UInt8>, count: Int) -> (key: String, fingerprint: UInt64) {
        let summary = Summary(bytes, count)
        guard count <= Self.maximumLength else {
            return (String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self), summary.fingerprint)
        }
        let slot = Int(truncatingIfNeeded: (summary.fingerprint &* 0xD6E8_FEB8_6659_FD93) >> 56)
        if entries.isEmpty {
            entries = Array(repeating: Entry(key: "", length: -1, head: 0, tail: 0), count: Self.slotCount)
        }
        return entries.withUnsafeMutableBufferPointer { slots in
            let entry = slots[slot]
            if entry.length == count, entry.head == summary.head, entry.tail == summary.tail,
               count <= 16 || Self.middleMatches(entry.key, bytes, count) {
                return (entry.key, summary.fingerprint)
            }
            let key = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
            slots[slot] = Entry(key: key, length: count, head: summary.head, tail: summary.tail)
            return (key, summary.fingerprint)
        }
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
