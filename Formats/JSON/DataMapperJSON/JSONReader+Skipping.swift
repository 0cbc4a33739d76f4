import DataMapperCore

// Stepping over a value without reading it, for a piece reader that must know where a
// container's items end (to count them, and to tell a large item from a small one)
// before it reads any. Strings and escapes are respected and brackets counted, as
// `JSONStreamFramer` does; nothing is judged, so on valid JSON a skip ends where a
// read would, and on broken JSON the read made afterwards finds the fault.
extension JSONReader {
    /// How a skip ended.
    enum SkipOutcome {
        /// Past the value's last byte.
        case ended
        /// A container went on past the byte limit; the reader stops somewhere inside it.
        case tooLong
        /// The input ended inside the value.
        case endOfInput
    }

    /// Moves past the value starting at `offset`, counting lines; a container is given
    /// up once it has gone on for more than `limit` bytes without closing.
    mutating func skipValue(within limit: Int) -> SkipOutcome {
        guard offset < count else { return .endOfInput }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return skipString() ? .ended : .endOfInput
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return skipContainer(within: limit)
        default:
            while offset < count, !Self.endsScalar(bytes[offset]) { offset += 1 }
            return offset < count ? .ended : .endOfInput
        }
    }

    /// Moves past the container whose bracket is at `offset`.
    private mutating func skipContainer(within limit: Int) -> SkipOutcome {
        let stop = limit >= count - offset ? count : offset + limit
        var depth = 0
        while offset < stop {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                guard skipString() else { return .endOfInput }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth <= 0 {
                    offset += 1
                    return .ended
                }
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = offset + 1
            default:
                break
            }
            offset += 1
        }
        return stop < count ? .tooLong : .endOfInput
    }

    /// Moves past the string whose quote is at `offset`; `false` when the input ends first.
    private mutating func skipString() -> Bool {
        offset += 1
        while true {
            offset = scanPlainRun(from: offset).end
            guard offset < count else { return false }
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                return true
            case UInt8(ascii: "\\"):
                offset += 2
                guard offset <= count else { return false }
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            default:
                offset += 1
            }
        }
    }

    /// Whether `byte` cannot be part of a number or literal: what follows one in valid JSON.
    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""),
             UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            return true
        default:
            return false
        }
    }
}
