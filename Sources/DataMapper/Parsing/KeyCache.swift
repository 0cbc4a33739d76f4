import Foundation

/// A small cache of map keys shared by the parsers, so that a key repeated across a
/// document's maps (every tweet has `created_at`) is validated and made into a `String`
/// once and then shared, instead of being copied (or allocated) for every map.
///
/// The cache is direct-mapped: each slot remembers the last key whose bytes hashed to
/// it, so a miss costs only making the `String` that would have been made anyway. Keys
/// longer than ``maximumLength`` bypass it; long keys rarely repeat.
///
/// Every key also gets a fingerprint, a well-mixed 64-bit hash of its bytes that equal
/// keys share, which the parsers feed to ``KeyFilter`` to find repeated keys cheaply.
/// Like ``KeyFilter`` it is public only through `@_spi(Parsing) import`, so that its
/// body is inlined into the parsers.
@_spi(Parsing) public struct KeyCache {
    /// One remembered key and the words used to recognise it quickly.
    @usableFromInline struct Entry {
        @usableFromInline var key: String
        @usableFromInline var length: Int
        @usableFromInline var head: UInt64
        @usableFromInline var tail: UInt64

        @inlinable init(key: String, length: Int, head: UInt64, tail: UInt64) {
            self.key = key
            self.length = length
            self.head = head
            self.tail = tail
        }
    }

    /// Keys longer than this many bytes are made directly.
    @usableFromInline static let maximumLength = 64
    @usableFromInline static let slotCount = 256

    /// The slots; empty until the first key.
    @usableFromInline var entries: [Entry] = []

    /// An empty cache.
    @inlinable public init() {}

    /// The first and last eight bytes of a run (zero-padded when shorter), which
    /// together hold every byte of a key of up to sixteen.
    @inlinable @inline(__always)
    static func summary(_ run: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
        guard let base = run.baseAddress else { return (0, 0) }
        let count = run.count
        if count >= 8 {
            // Both loads lie inside the run; raw pointers allow unaligned loads.
            let raw = UnsafeRawPointer(base)
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        var value: UInt64 = 0
        for index in 0..<count {
            value |= UInt64(base[index]) << (8 * UInt64(index))
        }
        return (value, 0)
    }

    @inlinable @inline(__always)
    static func fingerprint(head: UInt64, tail: UInt64, count: Int) -> UInt64 {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        return mixed ^ (mixed >> 29)
    }

    /// The fingerprint of the key whose UTF-8 bytes are `run`.
    @inlinable
    public static func fingerprint(of run: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let (head, tail) = summary(run)
        return fingerprint(head: head, tail: tail, count: run.count)
    }

    /// The fingerprint of a key that was not read through the cache; equal to the one
    /// the cache gives for the same bytes.
    @inlinable
    public static func fingerprint(of key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { fingerprint(of: $0) }
    }

    /// The `String` for the bytes of `run` and their fingerprint, or `nil` when `make`
    /// refuses the bytes.
    ///
    /// - Parameter make: Makes the `String` on a miss (and validates the bytes, when
    ///   the format has not already); called at most once.
    @inlinable @inline(__always)
    public mutating func string(
        _ run: UnsafeBufferPointer<UInt8>,
        make: (UnsafeBufferPointer<UInt8>) -> String?
    ) -> (key: String, fingerprint: UInt64)? {
        let (head, tail) = Self.summary(run)
        let count = run.count
        let fingerprint = Self.fingerprint(head: head, tail: tail, count: count)
        guard count <= Self.maximumLength else {
            return make(run).map { ($0, fingerprint) }
        }
        let slot = Int(truncatingIfNeeded: (fingerprint &* 0xD6E8_FEB8_6659_FD93) >> 56)
        if entries.isEmpty {
            entries = Array(repeating: Entry(key: "", length: -1, head: 0, tail: 0), count: Self.slotCount)
        }
        return entries.withUnsafeMutableBufferPointer { slots in
            if slots[slot].length == count, slots[slot].head == head, slots[slot].tail == tail,
               count <= 16 || Self.middleMatches(slots[slot].key, run) {
                return (slots[slot].key, fingerprint)
            }
            guard let key = make(run) else { return nil }
            slots[slot] = Entry(key: key, length: count, head: head, tail: tail)
            return (key, fingerprint)
        }
    }

    /// Whether the bytes between the first and last eight of `key` equal those of `run`.
    @usableFromInline
    static func middleMatches(_ key: String, _ run: UnsafeBufferPointer<UInt8>) -> Bool {
        var key = key
        return key.withUTF8 { stored in
            guard stored.count == run.count, let left = stored.baseAddress, let right = run.baseAddress else {
                return false
            }
            return memcmp(left + 8, right + 8, run.count - 16) == 0
        }
    }
}
