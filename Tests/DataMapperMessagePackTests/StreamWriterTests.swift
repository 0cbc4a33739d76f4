import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// Writing MessagePack values one at a time, back to back.
@Suite struct StreamWriterTests {
    static let varied: [SupportedType] = [
        1,
        "two",
        ["three": [3.5, SupportedType(.uint(UInt64.max)), .int(-40)], "empty": [:]],
        .binary(Data([4, 0, 255])),
        .timestamp(seconds: 5, nanoseconds: 6),
        .ext(type: 9, data: Data([1, 2, 3, 4])),
        .null,
        [[], [true, false]],
    ]

    /// The bytes of writing `documents` one at a time, then finishing.
    static func written(_ documents: [SupportedType], _ writer: MessagePackStreamWriter = MessagePackStreamWriter()) throws -> [UInt8] {
        var writer = writer
        var output: [UInt8] = []
        for document in documents { try writer.write(document, into: &output) }
        try writer.finish(into: &output)
        return output
    }

    @Test("values one at a time are the bytes of serializeAll", arguments: [[], [1], [[:]], varied] as [[SupportedType]])
    func matchesSerializeAll(documents: [SupportedType]) throws {
        let expected = try MessagePackSerializer().serializeAll(documents)
        #expect(try Self.written(documents) == Array(expected))
    }

    @Test("each write appends exactly its value's bytes")
    func eachWrite() throws {
        var writer = MessagePackStreamWriter()
        var output: [UInt8] = []
        try writer.write(1, into: &output)
        #expect(output == [0x01])
        try writer.write("ab", into: &output)
        // fixstr of 2 bytes, then 'a' 'b'.
        #expect(output == [0x01, 0xA2, 0x61, 0x62])
        try writer.write(["k": .null], into: &output)
        try writer.finish(into: &output)
        // fixmap of 1, fixstr "k", nil; finishing adds nothing.
        #expect(output == [0x01, 0xA2, 0x61, 0x62, 0x81, 0xA1, 0x6B, 0xC0])
        #expect(writer.documentCount == 3)
    }

    @Test("a number MessagePack cannot hold exactly names its document and path, and writes nothing")
    func refusal() throws {
        var writer = MessagePackStreamWriter()
        var output: [UInt8] = []
        try writer.write(1, into: &output)
        try writer.write(2, into: &output)
        let error = try expectError(kind: .unsupported, path: DataPath([.key("big"), .index(0)])) {
            try writer.write(["big": [.bigNumber("123456789012345678901234567890")]], into: &output)
        }
        #expect(error.problem.hasPrefix("document 3: the number 123456789012345678901234567890"))
        #expect(output == [0x01, 0x02])
    }

    @Test("a file written a value at a time reads back the same values", arguments: [0, 3, 64 * 1024])
    func fileRoundTrip(bufferSize: Int) throws {
        let files = try TemporaryFiles()
        let path = try files.write("stream.msgpack", Data())
        let output = try #require(FileHandle(forWritingAtPath: path))
        var writer = FileDocumentWriter(MessagePackStreamWriter(), writingTo: output, bufferSize: bufferSize)
        for document in Self.varied { try writer.write(document) }
        try writer.finish()
        try output.close()
        let input = try #require(FileHandle(forReadingAtPath: path))
        defer { try? input.close() }
        var reader = FileDocumentReader(MessagePackStreamReader(), reading: input, chunkSize: 4)
        var read: [SupportedType] = []
        while let document = try reader.next() { read.append(document) }
        #expect(read == Self.varied)
    }

    @Test("values from an asynchronous sequence are written back to back")
    func asyncSequence() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("stream.msgpack", Data())
        let output = try #require(FileHandle(forWritingAtPath: path))
        let documents = AsyncStream<SupportedType> { continuation in
            for document in Self.varied { continuation.yield(document) }
            continuation.finish()
        }
        var writer = FileDocumentWriter(MessagePackStreamWriter(), writingTo: output)
        try await writer.write(contentsOf: documents)
        try writer.finish()
        try output.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try MessagePackSerializer().deserializeAll(data) == Self.varied)
    }
}
