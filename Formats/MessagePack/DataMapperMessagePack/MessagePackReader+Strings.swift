@_spi(Parsing) import DataMapper
import Foundation

extension MessagePackReader {
    /// Reads the `length` bytes of a `str` whose header starts at `start`, as text, or
    /// as binary when they are not UTF-8 and ``MessagePackSerializer/InvalidUTF8Policy/keepAsBinary``
    /// says so.
    @inline(__always)
    mutating func readStr(length: Int, at start: Int, position: SourcePosition) throws(DataMapperError) -> SupportedType {
        try need(length, for: "str", at: start)
        let run = UnsafeBufferPointer(start: bytes + offset, count: length)
        if TextSlabWriter.takes(length), UTF8Validation.validity(of: run) != .invalid, let value = texts.string(run, position: position) {
            offset += length
            return value
        }
        if let text = strings.string(run, make: UTF8Validation.makeString(_:)) {
            offset += length
            return SupportedType(.string(text), position: position)
        }
        guard invalidUTF8 == .keepAsBinary else { throw invalidUTF8Error(at: start, run: run) }
        offset += length
        return SupportedType(.binary(Data(buffer: run)), position: position)
    }
}
