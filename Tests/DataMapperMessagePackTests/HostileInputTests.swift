import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct HostileInputTests {
    let msgpack = MessagePackSerializer()

    func read(_ bytes: [UInt8], options: MessagePackSerializer.Options = .init()) throws -> SupportedType {
        try MessagePackSerializer(options: options).deserialize(bytes: bytes)
    }

    @Test("a 5-byte input claiming a 4 GB string is refused at once, naming the offsets")
    func hugeDeclaredString() throws {
        let error = try expectError(kind: .syntax, byteOffset: 0) { try read([0xDB, 0xFF, 0xFF, 0xFF, 0xFF]) }
        #expect(error.problem == "truncated input: the str at byte 0 needs 4294967295 more bytes after byte 4, but the input ends at byte 5 (0 left)")
    }

    @Test("every declared length is checked before anything is allocated", arguments: [
        [0xC6, 0xFF, 0xFF, 0xFF, 0xFF] as [UInt8],       // bin 32
        [0xC9, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],             // ext 32
        [0xDD, 0xFF, 0xFF, 0xFF, 0xFF],                   // array 32
        [0xDF, 0xFF, 0xFF, 0xFF, 0xFF],                   // map 32
        [0xDC, 0xFF, 0xFF, 0xC0],                         // array 16 with one element
        [0xDE, 0x00, 0x02, 0xA1, 0x61, 0xC0],             // map 16 with one entry of two
    ])
    func declaredLengths(_ bytes: [UInt8]) throws {
        let error = try expectError(kind: .syntax, byteOffset: 0) { try read(bytes) }
        #expect(error.message.hasPrefix("truncated input"))
    }

    @Test("an array that claims more elements than bytes left says so")
    func arrayClaim() throws {
        let error = try expectError { try read([0xDD, 0x00, 0x01, 0x00, 0x00, 0xC0]) }
        #expect(error.problem == "truncated input: the array at byte 0 declares 65536 elements, more than the 1 bytes left could hold")
    }

    @Test("truncated input names the byte offset and the path", arguments: [
        ([0xCD, 0x01] as [UInt8], 0, ""),
        ([0x92, 0x01, 0xCB, 0x00], 2, "[1]"),
        ([0x81, 0xA1, 0x61], 3, "a"),
        ([0x81, 0xA3, 0x61], 1, ""),
        ([0x93, 0x01, 0x02], 0, ""),
        ([0x92, 0x01, 0x91], 2, "[1]"),
    ])
    func truncated(_ bytes: [UInt8], _ offset: Int, _ path: String) throws {
        let error = try expectError(kind: .syntax, byteOffset: offset) { try read(bytes) }
        #expect(error.path.description == path)
    }

    @Test("the message of a value cut short inside an array")
    func truncatedMessage() throws {
        let error = try expectError { try read([0x92, 0x01, 0xCB, 0x00]) }
        #expect(error.description == "byte 2: [1]: truncated input: the float 64 at byte 2 needs 8 more bytes after byte 2, but the input ends at byte 4 (1 left)")
    }

    @Test("empty input is an error at byte 0")
    func empty() throws {
        try expectError(kind: .syntax, byteOffset: 0) { try read([]) }
    }

    @Test("bytes after the value are an error pointing at them")
    func trailingBytes() throws {
        try expectError(kind: .syntax, byteOffset: 1) { try read([0xC0, 0xC0]) }
    }

    @Test("the reserved byte 0xC1 is an error")
    func reservedByte() throws {
        try expectError(kind: .syntax, path: DataPath([.index(0)]), byteOffset: 1) { try read([0x91, 0xC1]) }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func deepNesting() throws {
        let deep = [UInt8](repeating: 0x91, count: 100_000) + [0xC0]
        try expectError(kind: .limitExceeded, byteOffset: ParsingLimits.default.maxDepth) { try read(deep) }
        let maps = [UInt8](repeating: 0, count: 0) + Array(repeating: [0x81, 0xA0] as [UInt8], count: 600).flatMap { $0 } + [0xC0]
        try expectError(kind: .limitExceeded) { try read(maps) }
    }

    @Test("nesting up to the limit is read, and the limit can be changed")
    func nestingAtLimit() throws {
        let atLimit = [UInt8](repeating: 0x91, count: ParsingLimits.default.maxDepth) + [0xC0]
        #expect(try msgpack.deserialize(bytes: atLimit).array?.count == 1)
        let shallow = MessagePackSerializer.Options(limits: ParsingLimits(maxDepth: 2))
        try expectError(kind: .limitExceeded) { try read([0x91, 0x91, 0x91, 0xC0], options: shallow) }
    }

    @Test("a short array inside a long one is checked for depth and size like any other")
    func shortArrayInLongArray() throws {
        // [1, 2, 3, 4, [nil]] with a depth limit of 1: the inner array is too deep.
        let shallow = MessagePackSerializer.Options(limits: ParsingLimits(maxDepth: 1))
        try expectError(kind: .limitExceeded, path: DataPath([.index(4)]), byteOffset: 5) {
            try read([0x95, 0x01, 0x02, 0x03, 0x04, 0x91, 0xC0], options: shallow)
        }
        // [1, 2, 3, 4, [1, <missing>]]: the inner array declares more than is left.
        let truncated = try expectError(kind: .syntax, path: DataPath([.index(4)]), byteOffset: 5) {
            try read([0x95, 0x01, 0x02, 0x03, 0x04, 0x92, 0x01])
        }
        #expect(truncated.problem == "truncated input: the array at byte 5 declares 2 elements, more than the 1 bytes left could hold")
        // [1, 2, 3, 4, [1, 0xC1]]: a fault inside it names both indexes.
        try expectError(path: DataPath([.index(4), .index(1)]), byteOffset: 7) { try read([0x95, 0x01, 0x02, 0x03, 0x04, 0x92, 0x01, 0xC1]) }
    }

    @Test("deep nesting is refused on a task's small stack too")
    func deepNestingInTask() async throws {
        let result = await Task.detached {
            try? MessagePackSerializer().deserialize(bytes: [UInt8](repeating: 0x91, count: 50_000) + [0xC0])
        }.value
        #expect(result == nil)
    }

    @Test("input larger than the limit is refused before reading")
    func inputLimit() throws {
        let options = MessagePackSerializer.Options(limits: ParsingLimits(maxInputBytes: 4))
        try expectError(kind: .limitExceeded) { try read([0xA4, 0x61, 0x62, 0x63, 0x64], options: options) }
    }

    @Test("random bytes never crash the reader")
    func randomBytes() {
        var generator = SeededBytes(seed: 7)
        for _ in 0..<5_000 {
            let bytes = generator.bytes(count: Int(generator.next() % 40))
            _ = try? msgpack.deserialize(bytes: bytes)
            _ = try? msgpack.deserializeAll(Data(bytes))
            _ = try? msgpack.decodeNext(from: Data(bytes))
        }
    }

    @Test("every truncation of a valid document is an error, never a crash or a partial value")
    func everyTruncation() throws {
        let document: SupportedType = ["a": [1, 2.5, "x"], "b": .binary(Data([1, 2])), "t": .timestamp(seconds: 1, nanoseconds: 2),
                                       "e": .ext(type: 3, data: Data([1, 2, 3])), "n": -300, "u": .uint64(.max)]
        let bytes = try msgpack.serializeToBytes(document)
        for length in 0..<bytes.count {
            #expect(throws: DataMapperError.self) { try msgpack.deserialize(bytes: Array(bytes[..<length])) }
        }
    }
}

/// A tiny seeded byte source for fuzz-like tests.
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
