extension MessagePackWriter {
    /// The keys of the key lists a document repeats, kept already encoded, so that a
    /// map whose list was seen before has each key copied as one run of bytes.
    ///
    /// Parsers give every map of one shape the same key array (see
    /// `ElementSlab.keyLists`): a document of a thousand records has a handful of
    /// lists, and encoding each key anew (its length, its header, its bytes) costs
    /// several times the copy. A list is known by the address of its storage, which
    /// cannot change or be reused while the value being written is alive and
    /// unchanged: that is, for one ``MessagePackWriter/write(_:)`` call.
    ///
    /// A list is encoded the second time it is met, so maps with keys of their own (as
    /// built in code) cost one table lookup each and no copies.
    final class KeyRuns {
        /// A remembered list: where its storage is, and its keys encoded once it has
        /// been met twice.
        struct Slot {
            var address: UInt = 0
            var encoded: UnsafePointer<UInt8>?
        }

        /// Lists remembered at a time. A list's address picks a pair of slots; a new
        /// list takes the first of them unless that one holds encoded keys, in which
        /// case it replaces the second.
        static let slotCount = 128
        /// Shifts a 64-bit hash down to a slot number.
        static let hashShift = UInt(64 - slotCount.trailingZeroBitCount)
        /// Encoded bytes kept in all, at most: a document of ever new long keys stops
        /// being cached there.
        static let byteLimit = 1 << 18

        private let slots: UnsafeMutablePointer<Slot>
        private var runs: [Buffer] = []
        private var kept = 0
        private let options: MessagePackSerializer.Options

        init(options: MessagePackSerializer.Options) {
            self.options = options
            slots = .allocate(capacity: Self.slotCount)
            slots.initialize(repeating: Slot(), count: Self.slotCount)
        }

        deinit {
            slots.deallocate()
            for run in runs { run.release() }
        }

        /// The encoded keys of `keys`, one `str` after another, if the list was met
        /// before (and its encoding fits the limit); `nil` otherwise.
        ///
        /// The bytes stay valid and unchanged while this object lives.
        @inline(__always)
        func encoded(_ keys: UnsafeBufferPointer<String>) -> UnsafePointer<UInt8>? {
            let address = UInt(bitPattern: keys.baseAddress)
            // Two neighbouring slots per list, so that a list met once (a map with keys
            // of its own) seldom pushes out one that is met all the time.
            let first = slots + Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> Self.hashShift) & ~1
            let slot: UnsafeMutablePointer<Slot>
            if first.pointee.address == address {
                slot = first
            } else if first[1].address == address {
                slot = first + 1
            } else {
                let free = first.pointee.encoded == nil ? first : first + 1
                free.pointee = Slot(address: address, encoded: nil)
                return nil
            }
            if let encoded = slot.pointee.encoded { return encoded }
            slot.pointee.encoded = encode(keys)
            return slot.pointee.encoded
        }

        /// The bytes of one encoded key at `key`: its header and its text.
        @inline(__always)
        static func length(ofKeyAt key: UnsafePointer<UInt8>) -> Int {
            let header = key.pointee
            if header & 0xE0 == 0xA0 { return 1 + Int(header & 0x1F) }
            let raw = UnsafeRawPointer(key + 1)
            switch header {
            case 0xD9: return 2 + Int(key[1])
            case 0xDA: return 3 + Int(UInt16(bigEndian: raw.loadUnaligned(as: UInt16.self)))
            default: return 5 + Int(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
            }
        }

        /// Encodes `keys` as the writer would, into a buffer of their own.
        @inline(never)
        private func encode(_ keys: UnsafeBufferPointer<String>) -> UnsafePointer<UInt8>? {
            guard let base = keys.baseAddress else { return nil }
            var size = 0
            for key in keys { size += 5 + key.utf8.count }
            guard kept + size <= Self.byteLimit else { return nil }
            var writer = MessagePackWriter(options: options, buffer: Buffer(capacity: size, pooled: false))
            do {
                for index in keys.indices { try writer.writeString(at: base + index) }
            } catch {
                // A key too long for MessagePack: the map is written key by key, and fails there.
                writer.buffer.release()
                return nil
            }
            kept += size
            runs.append(writer.buffer)
            return UnsafePointer(writer.buffer.base)
        }
    }
}
