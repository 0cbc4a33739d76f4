// Lines and markers as libyaml's scanner sees them, told from as few bytes as needed;
// `nil` whenever the bytes so far cannot tell and more may come.
extension YAMLStreamFramer {
    /// What a line starts with.
    enum Marker {
        /// `---` followed by a space, a tab, a line break or the end.
        case documentStart
        /// `...` followed by the same.
        case documentEnd
        case other
    }

    /// The marker the line starting at `offset` begins with, or `nil` when more bytes
    /// are needed to tell.
    static func marker(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, base: Int, ended: Bool) -> Marker? {
        let end = base + bytes.count
        let first = bytes[offset - base]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return .other }
        for next in offset + 1..<offset + 3 {
            guard next < end else { return ended ? .other : nil }
            guard bytes[next - base] == first else { return .other }
        }
        let found: Marker = first == UInt8(ascii: "-") ? .documentStart : .documentEnd
        let after = offset + 3
        guard after < end else { return ended ? found : nil }
        let byte = bytes[after - base]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return found }
        guard let breakLength = breakLength(at: after, in: bytes, base: base, ended: ended) else { return nil }
        return breakLength > 0 ? found : .other
    }

    /// How many bytes the line break at `offset` takes (0 when there is none there), or
    /// `nil` when more bytes are needed to tell. A carriage return and line feed make
    /// one break, as do U+0085, U+2028 and U+2029, as in libyaml.
    @inline(__always)
    static func breakLength(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, base: Int, ended: Bool) -> Int? {
        let byte = bytes[offset - base]
        switch byte {
        case UInt8(ascii: "\n"):
            return 1
        case UInt8(ascii: "\r"):
            guard offset + 1 < base + bytes.count else { return ended ? 1 : nil }
            return bytes[offset + 1 - base] == UInt8(ascii: "\n") ? 2 : 1
        case 0xC2:
            guard offset + 1 < base + bytes.count else { return ended ? 0 : nil }
            return bytes[offset + 1 - base] == 0x85 ? 2 : 0
        case 0xE2:
            guard offset + 2 < base + bytes.count else { return ended ? 0 : nil }
            let second = bytes[offset + 1 - base]
            let third = bytes[offset + 2 - base]
            return second == 0x80 && (third == 0xA8 || third == 0xA9) ? 3 : 0
        default:
            return 0
        }
    }

    /// The offset, within `bytes`, of the start of its `lines`-th line after the first
    /// (0 gives 0), or `nil` when `bytes` has fewer lines.
    static func offset(ofLine lines: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        var remaining = lines
        while remaining > 0 {
            guard offset < bytes.count else { return nil }
            let length = breakLength(at: offset, in: bytes, base: 0, ended: true) ?? 0
            offset += max(length, 1)
            if length > 0 { remaining -= 1 }
        }
        return offset
    }
}
