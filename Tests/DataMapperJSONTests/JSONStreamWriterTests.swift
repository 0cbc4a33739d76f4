import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Writing JSON texts and JSON Lines one document at a time.
@Suite struct JSONStreamWriterTests {
    static let varied: [SupportedType] = [
        ["id": 1, "tags": ["a", "b"], "nested": ["deep": [[], [:], .null]]],
        42,
        "line\nbreak \"quoted\" ÿ 😀",
        [true, false, .double(0.1), .double(-2.5e300), SupportedType(.uint(UInt64.max)), .int(Int.min)],
        .binary(Data([0, 1, 2, 255])),
        .timestamp(seconds: 1_709_214_307, nanoseconds: 0),
        [:],
        -7,
    ]

    /// The bytes of writing `documents` one at a time, then finishing.
    static func written(_ documents: [SupportedType], _ writer: JSONStreamWriter) throws -> [UInt8] {
        var writer = writer
        var output: [UInt8] = []
        for document in documents { try writer.write(document, into: &output) }
        try writer.finish(into: &output)
        return output
    }

    static let documentSets: [[SupportedType]] = [[], [1], [[:]], varied]

    @Test("JSON texts one at a time are the bytes of serializeAll", arguments: documentSets)
    func textsMatchSerializeAll(documents: [SupportedType]) throws {
        for style in [JSONSerializer.OutputStyle.compact, .pretty] {
            var options = JSONSerializer.Options()
            options.outputStyle = style
            let expected = try JSONSerializer(options: options).serializeAll(documents)
            #expect(try Self.written(documents, JSONStreamWriter(options: options)) == Array(expected))
        }
    }

    @Test("JSON Lines one at a time are the bytes of serializeAll, pretty or not", arguments: documentSets)
    func linesMatchSerializeAll(documents: [SupportedType]) throws {
        var pretty = JSONSerializer.Options()
        pretty.outputStyle = .pretty
        let expected = try JSONLinesSerializer().serializeAll(documents)
        #expect(try Self.written(documents, JSONStreamWriter(framing: .lines)) == Array(expected))
        #expect(try Self.written(documents, JSONStreamWriter(framing: .lines, options: pretty)) == Array(expected))
    }

    @Test("each write appends its document, after a line feed for texts or ending with one for lines")
    func eachWrite() throws {
        var texts = JSONStreamWriter()
        var lines = JSONStreamWriter(framing: .lines)
        var textBytes: [UInt8] = []
        var lineBytes: [UInt8] = []
        try texts.write(["a": [1, .null]], into: &textBytes)
        try lines.write(["a": [1, .null]], into: &lineBytes)
        #expect(String(decoding: textBytes, as: UTF8.self) == "{\"a\":[1,null]}")
        #expect(String(decoding: lineBytes, as: UTF8.self) == "{\"a\":[1,null]}\n")
        try texts.write("x", into: &textBytes)
        try lines.write("x", into: &lineBytes)
        try texts.write(2, into: &textBytes)
        try lines.write(2, into: &lineBytes)
        try texts.finish(into: &textBytes)
        try lines.finish(into: &lineBytes)
        #expect(String(decoding: textBytes, as: UTF8.self) == "{\"a\":[1,null]}\n\"x\"\n2")
        #expect(String(decoding: lineBytes, as: UTF8.self) == "{\"a\":[1,null]}\n\"x\"\n2\n")
        #expect(texts.documentCount == 3)
    }

    @Test("a value JSON cannot hold names its document and its path, and writes nothing")
    func refusal() throws {
        var writer = JSONStreamWriter(framing: .lines)
        var output: [UInt8] = []
        try writer.write(["ok": true], into: &output)
        let error = try expectError(kind: .unsupported, path: DataPath([.key("values"), .index(1)])) {
            try writer.write(["values": [1, .double(.nan)]], into: &output)
        }
        #expect(error.problem.hasPrefix("document 2: "))
        #expect(error.problem.contains("no number nan"))
        #expect(error.remedy != nil)
        #expect(String(decoding: output, as: UTF8.self) == "{\"ok\":true}\n")
    }

    @Test("a file written a document at a time reads back the same documents", arguments: [
        JSONStreamReader.Framing.texts, .lines,
    ])
    func fileRoundTrip(framing: JSONStreamReader.Framing) throws {
        let files = try TemporaryFiles()
        let path = try files.write("stream.json", "")
        let output = try #require(FileHandle(forWritingAtPath: path))
        var writer = FileDocumentWriter(JSONStreamWriter(framing: framing), writingTo: output, bufferSize: 10)
        for document in Self.varied { try writer.write(document) }
        try writer.finish()
        try output.close()
        let input = try #require(FileHandle(forReadingAtPath: path))
        defer { try? input.close() }
        var reader = FileDocumentReader(JSONStreamReader(framing: framing), reading: input, chunkSize: 5)
        var read: [SupportedType] = []
        while let document = try reader.next() { read.append(document) }
        // Binary and timestamps come back as the strings JSON writes for them.
        let expected = try JSONSerializer().deserializeAll(JSONSerializer().serializeAll(Self.varied))
        #expect(read == expected)
        #expect(read.count == Self.varied.count)
        #expect(read[0] == Self.varied[0])
    }

    @Test("documents written to a pipe on one thread are read on another")
    func pipe() throws {
        let pipe = Pipe()
        let records: [SupportedType] = (1...2000).map { ["id": .int($0), "name": .string("rÿcord \($0)")] }
        let outcome = WriterOutcome()
        let writing = pipe.fileHandleForWriting
        let thread = Thread {
            var writer = FileDocumentWriter(JSONStreamWriter(framing: .lines), writingTo: writing, bufferSize: 0)
            do {
                for record in records { try writer.write(record) }
                try writer.finish()
            } catch {
                outcome.error = error
            }
            try? writing.close()
            outcome.done.signal()
        }
        thread.start()
        var reader = FileDocumentReader(JSONStreamReader(framing: .lines), reading: pipe.fileHandleForReading)
        var read: [SupportedType] = []
        while let document = try reader.next() { read.append(document) }
        outcome.done.wait()
        #expect(read == records)
        #expect(outcome.error == nil)
    }

    @Test("documents from an asynchronous sequence are written and read back")
    func asyncSequence() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("stream.jsonl", "")
        let output = try #require(FileHandle(forWritingAtPath: path))
        let documents = AsyncStream<SupportedType> { continuation in
            for number in 1...100 { continuation.yield(["n": .int(number), "square": .int(number * number)]) }
            continuation.finish()
        }
        var writer = FileDocumentWriter(JSONStreamWriter(framing: .lines), writingTo: output)
        try await writer.write(contentsOf: documents)
        try writer.finish()
        try output.close()
        let read = try JSONLinesSerializer().deserializeAll(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(read == (1...100).map { ["n": .int($0), "square": .int($0 * $0)] })
    }

    @Test("a bad document in a file stream names its number")
    func fileRefusal() throws {
        let files = try TemporaryFiles()
        let path = try files.write("stream.json", "")
        let output = try #require(FileHandle(forWritingAtPath: path))
        defer { try? output.close() }
        var writer = FileDocumentWriter(JSONStreamWriter(), writingTo: output)
        try writer.write(1)
        try writer.write(2)
        let error = try expectError(kind: .unsupported, path: DataPath([.index(0)])) {
            try writer.write([.double(.infinity)])
        }
        #expect(error.problem.hasPrefix("document 3: "))
    }
}

/// How the writing thread of ``JSONStreamWriterTests/pipe()`` ended; set by that thread
/// before `done` is signalled and read after it is waited for.
private final class WriterOutcome: @unchecked Sendable {
    var error: (any Error)?
    let done = DispatchSemaphore(value: 0)
}
