import DataMapperCore
import Foundation

/// The timestamp extension (type −1) of the MessagePack specification: its three
/// layouts, and which of them holds a given time.
///
/// - 32-bit: seconds since 1970 as a `UInt32`; no nanoseconds.
/// - 64-bit: nanoseconds in the top 30 bits, seconds (up to 2³⁴ − 1) in the low 34.
/// - 96-bit: nanoseconds as a `UInt32`, then seconds as an `Int64`, so times before
///   1970 and after year 2514 fit.
///
/// All fields are big-endian. Nanoseconds must be below one billion.
enum MessagePackTimestamp {
    /// The extension type of timestamps.
    static let extensionType: Int8 = -1

    /// The largest valid nanoseconds value.
    static let maxNanoseconds: UInt32 = 999_999_999

    /// The time held by the payload of an ext −1, or `nil` when the payload has none of
    /// the three layouts or its nanoseconds are out of range (such a value is kept as
    /// a plain ``SupportedType/Kind/ext(type:data:)``, so nothing is lost).
    static func decode(_ payload: UnsafeBufferPointer<UInt8>) -> (seconds: Int64, nanoseconds: UInt32)? {
        guard let base = payload.baseAddress else { return nil }
        // Each load lies inside the payload, whose size the switch checks.
        let raw = UnsafeRawPointer(base)
        switch payload.count {
        case 4:
            return (Int64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self))), 0)
        case 8:
            let word = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
            let nanoseconds = UInt32(truncatingIfNeeded: word >> 34)
            guard nanoseconds <= maxNanoseconds else { return nil }
            return (Int64(word & 0x3_FFFF_FFFF), nanoseconds)
        case 12:
            let nanoseconds = UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self))
            guard nanoseconds <= maxNanoseconds else { return nil }
            return (Int64(bigEndian: raw.loadUnaligned(fromByteOffset: 4, as: Int64.self)), nanoseconds)
        default:
            return nil
        }
    }

    /// The smallest layout's payload for a time: 32-bit when there are no nanoseconds
    /// and the seconds fit a `UInt32`, 64-bit when the seconds fit 34 bits, else 96-bit.
    /// `nanoseconds` must be at most ``maxNanoseconds``.
    static func encode(seconds: Int64, nanoseconds: UInt32, into buffer: GrowableBuffer<UInt8>) {
        if seconds >> 34 == 0 {
            if nanoseconds == 0, seconds <= Int64(UInt32.max) {
                buffer.append(0xD6)
                buffer.append(UInt8(bitPattern: extensionType))
                buffer.append(bigEndian: UInt32(truncatingIfNeeded: seconds))
            } else {
                buffer.append(0xD7)
                buffer.append(UInt8(bitPattern: extensionType))
                buffer.append(bigEndian: UInt64(nanoseconds) << 34 | UInt64(seconds))
            }
        } else {
            buffer.append(0xC7)
            buffer.append(12)
            buffer.append(UInt8(bitPattern: extensionType))
            buffer.append(bigEndian: nanoseconds)
            buffer.append(bigEndian: seconds)
        }
    }
}

extension MessagePackReader {
    /// Reads the type byte and `length` payload bytes of an `ext` whose header starts at
    /// `start`; a valid timestamp becomes ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``.
    mutating func readExt(length: Int, for what: StaticString, at start: Int) throws(DataMapperError) -> SupportedType.Kind {
        try need(length + 1, for: what, at: start)
        let type = Int8(bitPattern: bytes[offset])
        offset += 1
        let payload = UnsafeBufferPointer(start: bytes + offset, count: length)
        offset += length
        if type == MessagePackTimestamp.extensionType, let time = MessagePackTimestamp.decode(payload) {
            return .timestamp(seconds: time.seconds, nanoseconds: time.nanoseconds)
        }
        return .ext(type: type, data: Data(buffer: payload))
    }
}
