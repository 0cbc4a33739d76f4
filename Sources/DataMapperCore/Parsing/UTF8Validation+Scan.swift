// MARK: - The validating loop

extension UTF8Validation {
    /// Walks `count` bytes from `base` while they are well-formed UTF-8.
    ///
    /// - Returns: `validEnd`, the offset where the first ill-formed sequence starts
    ///   (`count` when there is none), and `isASCII`, whether every byte is ASCII
    ///   (`false` whenever `validEnd` is less than `count`).
    ///
    /// ASCII is skipped eight bytes at a time (the last few bytes with an overlapping
    /// load of the last eight). A run of non-ASCII characters is checked a character
    /// at a time, except that three-byte characters (most of Chinese, Japanese and
    /// Korean text) are checked two per eight-byte load while the run lasts.
    @usableFromInline
    static func scan(_ base: UnsafePointer<UInt8>, count: Int) -> (validEnd: Int, isASCII: Bool) {
        let raw = UnsafeRawPointer(base)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        var isASCII = true
        while index < count {
            // Indices stay within 0...count, so their sums and differences cannot overflow.
            let remaining = count &- index
            if remaining >= 8 {
                // In range by the condition; raw pointers allow unaligned loads.
                let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & highBits
                if high == 0 {
                    index &+= 8
                    continue
                }
                // The lowest flagged byte is the first that is not ASCII.
                index &+= high.trailingZeroBitCount &>> 3
            } else if count >= 8 {
                // The last eight bytes, of which the first 8 - remaining were already
                // checked and are shifted out.
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                let high = (word & highBits) &>> UInt64((8 &- remaining) &* 8)
                if high == 0 { break }
                index &+= high.trailingZeroBitCount &>> 3
            } else if base[index] < 0x80 {
                index &+= 1
                continue
            }
            isASCII = false
            // A run of non-ASCII characters, until ASCII or the end.
            repeat {
                index = threeByteRun(raw, from: index, count: count)
                guard index < count, base[index] >= 0x80 else { break }
                let length = sequenceLength(base, at: index, count: count)
                if length == 0 { return (index, false) }
                index &+= length
            } while index < count && base[index] >= 0x80
        }
        return (count, isASCII)
    }

    /// Steps over well-formed three-byte characters from `start` while four bytes can
    /// be loaded, and returns where the first other byte is (or the last up to three
    /// bytes, which the caller checks one character at a time).
    @inline(__always)
    static func threeByteRun(_ raw: UnsafeRawPointer, from start: Int, count: Int) -> Int {
        var index = start
        // Two characters per load while eight bytes can be loaded (the last two are
        // not looked at). Only the lead bytes E0 and ED can start an overlong form or
        // a surrogate, so a pair with neither is well formed by its bit pattern alone;
        // a pair with one is left to the one-at-a-time loop below.
        let leadNibbles: UInt64 = 0x0F00_000F
        let edNibbles: UInt64 = 0x0D00_000D
        let carries: UInt64 = 0x1000_0010
        while count &- index >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // 1110xxxx 10xxxxxx 10xxxxxx twice, first byte lowest.
            guard word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 else { break }
            // Adding 0xF to a lead's low four bits carries into bit 4 unless they are
            // zero (E0); likewise after XOR with 0xD unless they were 0xD (ED).
            let nibbles = word & leadNibbles
            let notE0 = nibbles &+ leadNibbles
            let notED = (nibbles ^ edNibbles) &+ leadNibbles
            guard notE0 & notED & carries == carries else { break }
            index &+= 6
        }
        while count &- index >= 4 {
            // In range by the condition; the fourth byte is not looked at.
            let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            // 1110xxxx 10xxxxxx 10xxxxxx, first byte lowest.
            guard word & 0x00C0_C0F0 == 0x0080_80E0 else { break }
            // The code point without its last six bits: at least 0x800 >> 6 (not
            // overlong) and outside 0xD800 >> 6 ... 0xDFFF >> 6 (not a surrogate).
            let top = (word & 0x0F) << 6 | (word >> 8) & 0x3F
            guard top >= 0x20, top & 0x3E0 != 0x360 else { break }
            index &+= 3
        }
        return index
    }

    /// The length of the well-formed sequence whose first byte, at `index`, is not
    /// ASCII, or 0 when the sequence there is ill-formed or cut off by the end.
    @inline(__always)
    static func sequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int {
        let lead = base[index]
        let remaining = count - index
        if lead < 0xE0 {
            // 110xxxxx 10xxxxxx; C0 and C1 could only start overlong forms, and 80 to BF
            // are continuation bytes with nothing to continue.
            guard lead >= 0xC2, remaining >= 2, base[index + 1] & 0xC0 == 0x80 else { return 0 }
            return 2
        }
        if lead < 0xF0 {
            // 1110xxxx 10xxxxxx 10xxxxxx, from U+0800, without the surrogates.
            guard remaining >= 3 else { return 0 }
            let second = base[index + 1]
            guard second & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80 else { return 0 }
            let top = UInt32(lead & 0x0F) << 6 | UInt32(second & 0x3F)
            guard top >= 0x20, top & 0x3E0 != 0x360 else { return 0 }
            return 3
        }
        // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx, from U+10000 to U+10FFFF; F5 to FF
        // could only start code points past U+10FFFF (or are no lead byte at all).
        guard lead <= 0xF4, remaining >= 4 else { return 0 }
        let second = base[index + 1]
        guard second & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80, base[index + 3] & 0xC0 == 0x80 else {
            return 0
        }
        let top = UInt32(lead & 0x07) << 6 | UInt32(second & 0x3F)
        guard top >= 0x10, top <= 0x10F else { return 0 }
        return 4
    }
}
