import DataMapperCore
import Foundation

// Every value that is not an array or a map, read by the family its header byte
// belongs to. The items of arrays and maps come here only for the scalars that the
// item layers (see the map in `MessagePackReader.swift`) do not read in place.
extension MessagePackReader {
    /// Reads a value that is neither an array nor a map; its header byte is at `offset`.
    ///
    /// The header byte alone says what follows: a value held in the byte itself (a
    /// fixint, nil, a boolean), a number of a fixed width, a `str`, `bin` or `ext`
    /// whose length comes first, or 0xC1, which the specification reserves. Each
    /// family that needs more than a line is read by a piece of its own.
    ///
    /// Relies on its callers never coming here for the header of an array or a map
    /// (``startsContainer(_:)``), which would be refused as the reserved byte is. A call
    /// of its own, so that the loops over items, which fall back on it, stay small.
    @inline(never)
    mutating func readScalar() throws(DataMapperError) -> SupportedType {
        guard offset < count else { throw endOfInput(at: offset) }
        let start = offset
        let position = SourcePosition.byteOffset(origin + start)
        let byte = bytes[offset]
        offset += 1
        // The headers from 0xC0 on are listed one by one, not as ranges: a range is
        // matched by comparisons in turn, a list of single bytes by one jump table.
        switch byte {
        case 0x00...0x7F:
            return SupportedType(.int(Int(byte)), position: position)
        case 0xA0...0xBF:
            return try readStr(length: Int(byte & 0x1F), at: start, position: position)
        case 0xE0...0xFF:
            return SupportedType(.int(Int(Int8(bitPattern: byte))), position: position)
        case 0xC0:
            return SupportedType(.null, position: position)
        case 0xC2, 0xC3:
            return SupportedType(.bool(byte == 0xC3), position: position)
        case 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF, 0xD0, 0xD1, 0xD2, 0xD3:
            return SupportedType(try readFixedWidthNumber(byte, at: start), position: position)
        case 0xD9, 0xDA, 0xDB:
            return try readStr(length: try readStrLength(byte, at: start), at: start, position: position)
        case 0xC4, 0xC5, 0xC6:
            return SupportedType(try readBin(byte, at: start), position: position)
        case 0xC7, 0xC8, 0xC9, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8:
            return SupportedType(try readExtension(byte, at: start), position: position)
        default:
            throw syntaxError(at: start, "the byte 0xC1 is reserved and never starts a MessagePack value")
        }
    }

    /// Reads the number after the header byte `byte` (0xCA–0xD3) at `start`: a float
    /// 32 or 64, or an unsigned or signed integer of 8, 16, 32 or 64 bits.
    ///
    /// The header fixes the width, so the one check ``read(_:for:at:)`` makes, that
    /// the bytes are there, is all that can fail. Every integer fits an `Int` but a
    /// uint 64 above `Int.max`, which stays a `.uint`.
    @inline(__always)
    mutating func readFixedWidthNumber(_ byte: UInt8, at start: Int) throws(DataMapperError) -> SupportedType.Kind {
        switch byte {
        case 0xCA:
            return .double(Double(Float(bitPattern: try read(UInt32.self, for: "float 32", at: start))))
        case 0xCB:
            return .double(Double(bitPattern: try read(UInt64.self, for: "float 64", at: start)))
        case 0xCC:
            return .int(Int(try read(UInt8.self, for: "uint 8", at: start)))
        case 0xCD:
            return .int(Int(try read(UInt16.self, for: "uint 16", at: start)))
        case 0xCE:
            return .int(Int(try read(UInt32.self, for: "uint 32", at: start)))
        case 0xCF:
            let value = try read(UInt64.self, for: "uint 64", at: start)
            return value <= UInt64(Int.max) ? .int(Int(value)) : .uint(value)
        case 0xD0:
            return .int(Int(try read(Int8.self, for: "int 8", at: start)))
        case 0xD1:
            return .int(Int(try read(Int16.self, for: "int 16", at: start)))
        case 0xD2:
            return .int(Int(try read(Int32.self, for: "int 32", at: start)))
        default:
            return .int(Int(try read(Int64.self, for: "int 64", at: start)))
        }
    }

    /// Reads the `bin 8`, `bin 16` or `bin 32` whose header byte `byte` (0xC4–0xC6) is
    /// at `start`: a length of 1, 2 or 4 bytes, then that many bytes of payload.
    ///
    /// The payload is checked to be all there before it is copied, so a length that
    /// claims more than the input holds allocates nothing.
    mutating func readBin(_ byte: UInt8, at start: Int) throws(DataMapperError) -> SupportedType.Kind {
        switch byte {
        case 0xC4:
            return .binary(try readBytes(Int(try read(UInt8.self, for: "bin 8", at: start)), for: "bin 8", at: start))
        case 0xC5:
            return .binary(try readBytes(Int(try read(UInt16.self, for: "bin 16", at: start)), for: "bin 16", at: start))
        default:
            return .binary(try readBytes(Int(try read(UInt32.self, for: "bin 32", at: start)), for: "bin 32", at: start))
        }
    }

    /// Reads the `ext` whose header byte `byte` (0xC7–0xC9 or 0xD4–0xD8) is at `start`:
    /// an ext 8, 16 or 32 gives its payload's length in the 1, 2 or 4 bytes after the
    /// header, a fixext 1, 2, 4, 8 or 16 in the header itself. The type byte and the
    /// payload are read by ``readExt(length:for:at:)``, which checks they are there.
    mutating func readExtension(_ byte: UInt8, at start: Int) throws(DataMapperError) -> SupportedType.Kind {
        switch byte {
        case 0xC7:
            return try readExt(length: Int(try read(UInt8.self, for: "ext 8", at: start)), for: "ext 8", at: start)
        case 0xC8:
            return try readExt(length: Int(try read(UInt16.self, for: "ext 16", at: start)), for: "ext 16", at: start)
        case 0xC9:
            return try readExt(length: Int(try read(UInt32.self, for: "ext 32", at: start)), for: "ext 32", at: start)
        case 0xD4:
            return try readExt(length: 1, for: "fixext 1", at: start)
        case 0xD5:
            return try readExt(length: 2, for: "fixext 2", at: start)
        case 0xD6:
            return try readExt(length: 4, for: "fixext 4", at: start)
        case 0xD7:
            return try readExt(length: 8, for: "fixext 8", at: start)
        default:
            return try readExt(length: 16, for: "fixext 16", at: start)
        }
    }

    /// Copies `length` bytes of a `bin` payload whose header starts at `start`, having
    /// checked that they are there.
    @inline(__always)
    mutating func readBytes(_ length: Int, for what: StaticString, at start: Int) throws(DataMapperError) -> Data {
        try need(length, for: what, at: start)
        let data = Data(bytes: bytes + offset, count: length)
        offset += length
        return data
    }
}
