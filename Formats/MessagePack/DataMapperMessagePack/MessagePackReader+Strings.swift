import DataMapperCore
import Foundation

extension MessagePackReader {
    /// Reads the `length` bytes of a `str` whose header starts at `start`, as text, or
    /// as binary when they are not UTF-8 and ``MessagePackSerializer/InvalidUTF8Policy/keepAsBinary``
    /// says so.
    @inline(__always)
    mutating func readStr(length: Int, at start: Int, position: SourcePosition) throws(DataMapperError) -> SupportedType {
        try need(length, for: "str", at: start)
        let run = UnsafeBufferPointer(start: bytes + offset, count: length)
        if let string = UTF8Validation.makeString(run) {
            offset += length
            return SupportedType(.string(string), position: position)
        }
        guard invalidUTF8 == .keepAsBinary else {
            var error = invalidUTF8Error(at: start, run: run)
            error.remedy = DataMapperError.Remedy(
                .invalidUTF8, choices: ["binary"],
                advice: "set MessagePackSerializer.Options.invalidUTF8 to .keepAsBinary to keep its bytes as binary"
            )
            throw error
        }
        offset += length
        return SupportedType(.binary(Data(buffer: run)), position: position)
    }

    /// Reads the length of the `str 8`, `str 16` or `str 32` whose header byte `byte`
    /// (0xD9–0xDB) is at `start`, from the 1, 2 or 4 bytes after it, moving past them;
    /// for values and keys alike. The bytes of the string are not checked here.
    @inline(__always)
    mutating func readStrLength(_ byte: UInt8, at start: Int) throws(DataMapperError) -> Int {
        switch byte {
        case 0xD9: Int(try read(UInt8.self, for: "str 8", at: start))
        case 0xDA: Int(try read(UInt16.self, for: "str 16", at: start))
        default: Int(try read(UInt32.self, for: "str 32", at: start))
        }
    }

    /// Reads a fixstr whose header byte, at `start`, is `byte` (`offset` is past it):
    /// for the items of arrays and maps, which skip ``readScalar()``'s dispatch this
    /// way. A call of its own, so that the loops over items stay small.
    @inline(never)
    mutating func readFixStr(_ byte: UInt8, at start: Int) throws(DataMapperError) -> SupportedType {
        try readStr(length: Int(byte & 0x1F), at: start, position: .byteOffset(origin + start))
    }
}
