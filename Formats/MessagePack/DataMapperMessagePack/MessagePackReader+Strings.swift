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
        if let value = strings.value(run, at: position, context: &texts, make: Self.makeString) {
            offset += length
            return value
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

    /// Reads a fixstr whose header byte, at `start`, is `byte` (`offset` is past it):
    /// for the items of arrays and maps, which skip ``readScalar()``'s dispatch this
    /// way. A call of its own, so that the loops over items stay small.
    @inline(never)
    mutating func readFixStr(_ byte: UInt8, at start: Int) throws(DataMapperError) -> SupportedType {
        try readStr(length: Int(byte & 0x1F), at: start, position: .byteOffset(origin + start))
    }

    /// A string value of `run` after checking that it is UTF-8 (`nil` when it is not):
    /// its text in a text slab when it is long enough for one. Its position is set by
    /// the cache.
    @inline(__always)
    static func makeString(_ run: UnsafeBufferPointer<UInt8>, texts: inout TextSlabWriter) -> SupportedType? {
        guard TextSlabWriter.takes(run.count) else {
            return UTF8Validation.makeString(run).map { SupportedType(.string($0)) }
        }
        guard UTF8Validation.validity(of: run) != .invalid else { return nil }
        return texts.string(run, position: .unknown)
    }
}
