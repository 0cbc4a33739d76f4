import Foundation

/// A small cache of map keys, so that a key repeated across a document's maps (every
/// tweet has `created_at`) is validated and made into a `String` once, then shared.
///
/// The cache is direct-mapped: each slot remembers the last key whose bytes hashed to
/// it, so a miss costs only making the `String` that would have been made anyway.
/// Keys longer than ``maximumLength`` bypass it; long keys rarely repeat.
struct MessagePackKeyCache {
    /// One remembered key and the words used to recognise it quickly.
    struct Entry {
        var key: String
        var length: Int
        var head: UInt64
        var tail: UInt64
    }

    static let maximumLength = 64
    static let slotCount = 256

    /// The slots; empty until the first key.
    private var entries: [Entry] = []

    /// The first and last eight bytes of a run (zero-padded when shorter), which
    /// together hold every byte of a key of up to sixteen.
    @inline(__always)
    static func summary(_ run: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
        guard let base = run.baseAddress else { return (0, 0) }
        let count = run.count
        if count >= 8 {
            // Both loads lie inside the run.
            let raw = UnsafeRawPointer(base)
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        var value: UInt64 = 0
        for index in 0..<count {
            value |= UInt64(base[index]) << (8 * UInt64(index))
        }
        return (value, 0)
    }

    /// A well-mixed 64-bit fingerprint of a key's bytes, equal for equal keys.
    @inline(__always)
    static func fingerprint(head: UInt64, tail: UInt64, count: Int) -> UInt64 {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        return mixed ^ (mixed >> 29)
    }

    /// The fingerprint of a key that was not read from `str` bytes.
    static func fingerprint(of key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { run in
            let (head, tail) = summary(run)
            return fingerprint(head: head, tail: tail, count: run.count)
        }
    }

    /// The `String` for the UTF-8 bytes of `run` and their fingerprint, or `nil` when
    /// the bytes are not valid UTF-8.
    @inline(__always)
    mutating func string(_ run: UnsafeBufferPointer<UInt8>) -> (key: String, fingerprint: UInt64)? {
        let (head, tail) = Self.summary(run)
        let count = run.count
        let fingerprint = Self.fingerprint(head: head, tail: tail, count: count)
        guard count <= Self.maximumLength else {
            return MessagePackReader.makeString(run).map { ($0, fingerprint) }
        }
        let slot = Int(truncatingIfNeeded: (fingerprint &* 0xD6E8_FEB8_6659_FD93) >> 56)
        if entries.isEmpty {
            entries = Array(repeating: Entry(key: "", length: -1, head: 0, tail: 0), count: Self.slotCount)
        }
        return entries.withUnsafeMutableBufferPointer { slots in
            let entry = slots[slot]
            if entry.length == count, entry.head == head, entry.tail == tail,
               count <= 16 || Self.middleMatches(entry.key, run) {
                return (entry.key, fingerprint)
            }
            guard let key = MessagePackReader.makeString(run) else { return nil }
            slots[slot] = Entry(key: key, length: count, head: head, tail: tail)
            return (key, fingerprint)
        }
    }

    /// Whether the bytes between the first and last eight of `key` equal those of `run`.
    private static func middleMatches(_ key: String, _ run: UnsafeBufferPointer<UInt8>) -> Bool {
        var key = key
        return key.withUTF8 { stored in
            guard stored.count == run.count, let left = stored.baseAddress, let right = run.baseAddress else {
                return false
            }
            return memcmp(left + 8, right + 8, run.count - 16) == 0
        }
    }
}
