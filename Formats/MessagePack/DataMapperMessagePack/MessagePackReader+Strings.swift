@_spi(Parsing) import DataMapper
import Foundation

extension MessagePackReader {
    /// Reads the `length` bytes of a `str` whose header starts at `start`, as text, or
    /// as binary when they are not UTF-8 and ``MessagePackSerializer/InvalidUTF8Policy/keepAsBinary``
    /// says so.
    @inline(__always)
    mutating func readStr(length: Int, at start: Int) throws(DataMapperError) -> SupportedType.Kind {
        try need(length, for: "str", at: start)
        let run = UnsafeBufferPointer(start: bytes + offset, count: length)
        if let text = strings.string(run, make: UTF8Validation.makeString(_:)) {
            offset += length
            return .string(text)
        }
        guard invalidUTF8 == .keepAsBinary else { throw invalidUTF8Error(at: start, run: run) }
        offset += length
        return .binary(Data(buffer: run))
    }
}
