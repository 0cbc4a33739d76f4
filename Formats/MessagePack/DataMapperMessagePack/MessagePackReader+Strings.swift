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
    /// `String(decoding:as:)` validates once, in a fast non-generic path, and repairs
    /// what is invalid by putting U+FFFD in place of each bad sequence. Its text is
    /// always valid UTF-8, so it holds exactly the input bytes only when they were valid
    /// to begin with: comparing the two (a `memcmp`) stands in for a second validation.
    /// `String(validating:as:)` would be one call, but it goes through generic code
    /// that looks up type metadata for every string, and checking for ASCII before
    /// `String(decoding:as:)` only scanned the bytes twice.
    @inline(__always)
    static func makeString(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: run, as: UTF8.self)
        guard text.utf8.count == run.count else { return nil }
        let same = text.withUTF8 { made in
            guard let left = made.baseAddress, let right = run.baseAddress else { return true }
            return memcmp(left, right, run.count) == 0
        }
        return same ? text : nil
    }
}
