import DataMapper
import DataMapperMessagePack
import Foundation
import Testing

/// The writer's output buffer: short runs copied without `memcpy`, growth past many
/// doublings, and the bytes handed over as `Data` or as an array.
@Suite struct WriterBufferTests {
    let msgpack = MessagePackSerializer()

    /// A `str` header for `length` bytes, spelled out by hand from the specification.
    static func strHeader(_ length: Int) -> [UInt8] {
        if length < 32 { return [0xA0 | UInt8(length)] }
        if length < 256 { return [0xD9, UInt8(length)] }
        return [0xDA, UInt8(length >> 8), UInt8(length & 0xFF)]
    }

    /// A text of `length` UTF-8 bytes mixing one- and two-byte characters.
    static func text(ofLength length: Int) -> String {
        var text = ""
        while text.utf8.count < length {
            text += text.utf8.count + 2 <= length && text.utf8.count % 5 == 3 ? "é" : String(UnicodeScalar(UInt8(97 + text.utf8.count % 26)))
        }
        return text
    }

    @Test("strings and keys of every length up to 40 bytes are copied exactly", arguments: 0...40)
    func shortRuns(_ length: Int) throws {
        let text = Self.text(ofLength: length)
        let utf8 = Array(text.utf8)
        #expect(utf8.count == length)
        #expect(try msgpack.serializeToBytes(.string(text)) == Self.strHeader(length) + utf8)
        let inArray = try msgpack.serializeToBytes(.array([.string(text), .null]))
        #expect(inArray == [0x92] + Self.strHeader(length) + utf8 + [0xC0])
        let inMap = try msgpack.serializeToBytes(.dictionary([text: .int(1)]))
        #expect(inMap == [0x81] + Self.strHeader(length) + utf8 + [0x01])
    }

    @Test("output that outgrows the first buffer many times over is exact, as bytes and as Data")
    func longOutput() throws {
        let count = 70_000
        var elements: [SupportedType] = []
        var expected: [UInt8] = [0xDD, 0x00, 0x01, 0x11, 0x70]
        for index in 0..<count {
            if index % 3 == 0 {
                let text = Self.text(ofLength: index % 50)
                elements.append(.string(text))
                expected += Self.strHeader(index % 50) + Array(text.utf8)
            } else {
                elements.append(.int(index % 100))
                expected.append(UInt8(index % 100))
            }
        }
        let bytes = try msgpack.serializeToBytes(.array(elements))
        #expect(bytes == expected)
        #expect(try msgpack.serialize(.array(elements)) == Data(expected))
    }

    @Test("writes after a large one, in turn and at the same time, each give exactly their own bytes")
    func reusedBuffers() async throws {
        let large: SupportedType = .array(Array(repeating: .string(Self.text(ofLength: 40)), count: 5_000))
        let element: [UInt8] = Self.strHeader(40) + Array(Self.text(ofLength: 40).utf8)
        var largeBytes: [UInt8] = [0xDC, 0x13, 0x88]
        for _ in 0..<5_000 { largeBytes += element }
        #expect(try msgpack.serializeToBytes(large) == largeBytes)
        #expect(try msgpack.serializeToBytes(.int(7)) == [0x07])
        #expect(try msgpack.serializeToBytes(large) == largeBytes)
        #expect(try msgpack.serialize(.string("ab")) == Data([0xA2, 0x61, 0x62]))
        let serializer = msgpack
        let results = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let value: SupportedType = index.isMultiple(of: 2) ? large : .array([.int(index)])
                    return (index, try serializer.serializeToBytes(value))
                }
            }
            var results: [Int: [UInt8]] = [:]
            for try await (index, bytes) in group { results[index] = bytes }
            return results
        }
        for (index, bytes) in results {
            #expect(bytes == (index.isMultiple(of: 2) ? largeBytes : [0x91, UInt8(index)]))
        }
        #expect(results.count == 16)
    }
}
