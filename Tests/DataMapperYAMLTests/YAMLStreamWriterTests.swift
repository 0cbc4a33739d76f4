import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// Writing a YAML stream one document at a time.
@Suite struct YAMLStreamWriterTests {
    static let varied: [SupportedType] = [
        ["name": "web", "ports": [80, 443], "env": ["DEBUG": false, "EMPTY": [:]]],
        "kept trailing lines\n\n\n",
        "emoji 😀 and ÿ",
        [[1, 2], [], .null, .double(0.5), .binary(Data([0, 255]))],
        .timestamp(seconds: 1_709_214_307, nanoseconds: 500_000_000),
        "",
        "ends with a line\n",
    ]

    /// The bytes of writing `documents` one at a time, then finishing.
    static func written(_ documents: [SupportedType], _ writer: YAMLStreamWriter = YAMLStreamWriter()) throws -> [UInt8] {
        var writer = writer
        var output: [UInt8] = []
        for document in documents { try writer.write(document, into: &output) }
        try writer.finish(into: &output)
        return output
    }

    static let documentSets: [[SupportedType]] = [
        [], [1], [["a": 1]], ["text\n\n"], [["a": 1], ["b": 2]], varied, varied.reversed(),
        Array(varied.prefix(2)), Array(varied.suffix(2)),
    ]

    @Test("documents one at a time are the bytes of serializeAll", arguments: documentSets)
    func matchesSerializeAll(documents: [SupportedType]) throws {
        let expected = try YAMLSerializer().serializeAll(documents)
        #expect(try Self.written(documents) == Array(expected))
        var fourSpaces = YAMLSerializer.Options()
        fourSpaces.indent = 4
        let indented = try YAMLSerializer(options: fourSpaces).serializeAll(documents)
        #expect(try Self.written(documents, YAMLStreamWriter(options: fourSpaces)) == Array(indented))
    }

    @Test("the first document has no ---; from the second on, each has its own")
    func markers() throws {
        #expect(String(decoding: try Self.written([["a": 1]]), as: UTF8.self) == "a: 1\n")
        #expect(String(decoding: try Self.written([["a": 1], ["b": [2]]]), as: UTF8.self) == "a: 1\n---\nb:\n- 2\n")
        #expect(try Self.written([]).isEmpty)
    }

    @Test("every document's bytes are out when its write returns, the first's too")
    func whenBytesCome() throws {
        var writer = YAMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(["a": 1], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a: 1\n")
        try writer.write("b", into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a: 1\n--- b\n")
        try writer.write(3, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a: 1\n--- b\n--- 3\n")
        try writer.finish(into: &output)
        #expect(try YAMLSerializer().deserializeAll(Data(output)) == [["a": 1], "b", 3])
        #expect(writer.documentCount == 3)
    }

    @Test("a value YAML cannot hold names its document and path, whichever document it is in", arguments: [1, 2, 3])
    func refusal(badDocument: Int) throws {
        var writer = YAMLStreamWriter()
        var output: [UInt8] = []
        for number in 1..<badDocument { try writer.write(.int(number), into: &output) }
        let before = output
        let error = try expectError(kind: .unsupported, path: DataPath([.key("data"), .index(1)])) {
            try writer.write(["data": [1, .ext(type: 4, data: Data([1]))]], into: &output)
        }
        #expect(error.problem.hasPrefix("document \(badDocument): "))
        #expect(output == before)
    }

    @Test("documents written to a file through FileDocumentWriter read back as a stream")
    func fileRoundTrip() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("stream.yaml", "")
        let output = try #require(FileHandle(forWritingAtPath: path))
        let documents = AsyncStream<SupportedType> { continuation in
            for document in Self.varied { continuation.yield(document) }
            continuation.finish()
        }
        var writer = FileDocumentWriter(YAMLStreamWriter(), writingTo: output, bufferSize: 0)
        try await writer.write(contentsOf: documents)
        try writer.finish()
        try output.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data == (try YAMLSerializer().serializeAll(Self.varied)))
        #expect(try YAMLSerializer().deserializeAll(data) == Self.varied)
    }
}
