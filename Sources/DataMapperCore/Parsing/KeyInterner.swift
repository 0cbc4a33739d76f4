import Foundation

/// The keys of one document, interned while a parser reads it: every reader makes one
/// per parse call, and it goes when the call returns.
///
/// Two things repeat in documents. A key repeated across maps (every tweet has
/// `created_at`) is validated and made into a `String` once and then shared
/// (``key(_:)``). A list of keys repeated in the same order (every status of a
/// timeline, every row of a table) is stored once and shared, copy-on-write, by every
/// map that has it (``map(keys:fingerprints:from:values:)``), with its hash index when
/// the map is large.
///
/// Both tables are direct-mapped: a slot remembers the last key or key list that hashed
/// to it, so a miss costs only what would have been made anyway. Keys longer than
/// ``maximumLength`` bypass the table; long keys rarely repeat. The key table starts
/// small (see ``KeyTable``).
///
/// Every key also gets a fingerprint, a well-mixed 64-bit hash of its bytes that equal
/// keys share, which the parsers give ``RepeatedKeyFinder`` to find repeated keys
/// cheaply and which hashes a key list.
@usableFromInline package struct KeyInterner {
    /// Keys longer than this many bytes are made directly.
    @usableFromInline static let maximumLength = 64

    /// The slots: 16 until 32 keys have been looked up, then 256.
    @usableFromInline var table = KeyTable(growingAfter: 32)
    /// The key lists of recent maps, direct-mapped by their shape hash.
    @usableFromInline var keyLists = KeyListTable()

    /// An interner that knows no key yet.
    @inlinable package init() {}

    /// The first and last eight bytes of a run (zero-padded when shorter), which
    /// together hold every byte of a key of up to sixteen.
    @inlinable @inline(__always)
    package static func summary(_ run: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
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
    @inlinable @inline(__always)
    package static func fingerprint(of run: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let (head, tail) = summary(run)
        return fingerprint(head: head, tail: tail, count: run.count)
    }

    /// The fingerprint of a key that was not read through the interner; equal to the one
    /// the interner gives for the same bytes.
    @inlinable
    package static func fingerprint(of key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { fingerprint(of: $0) }
    }

    /// The `String` for the bytes of `run`, which the format has already checked are
    /// UTF-8 (JSON keys the reader found to be ASCII, libyaml's scalars), and their
    /// fingerprint.
    @inlinable @inline(__always)
    package mutating func string(_ run: UnsafeBufferPointer<UInt8>) -> (key: String, fingerprint: UInt64) {
        let probe = lookUp(run)
        if let key = probe.key { return (key, probe.fingerprint) }
        let key = String(decoding: run, as: UTF8.self)
        remember(key, run, probe)
        return (key, probe.fingerprint)
    }

    /// The `String` for the bytes of `run` and their fingerprint, or `nil` when `make`
    /// refuses the bytes.
    ///
    /// - Parameter make: Makes the `String` on a miss, validating the bytes; called at
    ///   most once.
    @inlinable @inline(__always)
    package mutating func string(
        _ run: UnsafeBufferPointer<UInt8>,
        make: (UnsafeBufferPointer<UInt8>) -> String?
    ) -> (key: String, fingerprint: UInt64)? {
        let probe = lookUp(run)
        if let key = probe.key { return (key, probe.fingerprint) }
        guard let key = make(run) else { return nil }
        remember(key, run, probe)
        return (key, probe.fingerprint)
    }

    /// What the interner knows of `run`: its fingerprint and summary words, and the key
    /// remembered for the same bytes, if any.
    @usableFromInline struct Probe {
        @usableFromInline var key: String?
        @usableFromInline var fingerprint: UInt64
        @usableFromInline var head: UInt64
        @usableFromInline var tail: UInt64
        /// The slot `run` belongs in, or -1 when it is too long to be kept.
        @usableFromInline var slot: Int

        @inlinable init(key: String?, fingerprint: UInt64, head: UInt64, tail: UInt64, slot: Int) {
            self.key = key
            self.fingerprint = fingerprint
            self.head = head
            self.tail = tail
            self.slot = slot
        }
    }

    @inlinable @inline(__always)
    mutating func lookUp(_ run: UnsafeBufferPointer<UInt8>) -> Probe {
        let (head, tail) = Self.summary(run)
        let count = run.count
        let fingerprint = Self.fingerprint(head: head, tail: tail, count: count)
        guard count <= Self.maximumLength else {
            return Probe(key: nil, fingerprint: fingerprint, head: head, tail: tail, slot: -1)
        }
        let slot = table.slot(for: fingerprint &* 0xD6E8_FEB8_6659_FD93, firstCount: 16, fullCount: 256)
        let key = table.key(at: slot, matching: run, head: head, tail: tail)
        return Probe(key: key, fingerprint: fingerprint, head: head, tail: tail, slot: slot)
    }

    /// Keeps `key`, just made from `run`, in the slot `probe` found for it.
    @inlinable @inline(__always)
    mutating func remember(_ key: String, _ run: UnsafeBufferPointer<UInt8>, _ probe: Probe) {
        guard probe.slot >= 0 else { return }
        table.slots[probe.slot] = KeyTable.Slot(key: key, length: run.count, head: probe.head, tail: probe.tail)
    }
}
