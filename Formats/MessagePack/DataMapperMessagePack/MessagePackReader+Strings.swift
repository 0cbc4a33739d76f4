import DataMapper
import Foundation

extension MessagePackReader {
    /// Reads the `length` bytes of a `str` whose header starts at `start`, as text, or
    /// as binary when they are not UTF-8 and ``MessagePackSerializer/InvalidUTF8Policy/keepAsBinary``
    /// says so.
    @inline(__always)
    mutating func readStr(length: Int, at start: Int) throws(DataMapperError) -> SupportedType.Kind {
        try need(length, for: "str", at: start)
        let run = UnsafeBufferPointer(start: bytes + offset, count: length)
        if let text = Self.makeString(run) {
            offset += length
            return .string(text)
        }
        guard invalidUTF8 == .keepAsBinary else { throw invalidUTF8Error(at: start, run: run) }
        offset += length
        return .binary(Data(buffer: run))
    }

    /// A `String` of the bytes in `run`, or `nil` when they are not valid UTF-8.
    ///
    /// ASCII (checked eight bytes at a time) needs no further validation.
    @inline(__always)
    static func makeString(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        if isASCII(run) { return String(decoding: run, as: UTF8.self) }
        return String(validating: run, as: UTF8.self)
    }

    /// Whether every byte of `run` is below 0x80.
    @inline(__always)
    static func isASCII(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = run.baseAddress else { return true }
        let count = run.count
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= count {
            // In range by the loop condition; raw pointers allow unaligned loads.
            high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(base[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
