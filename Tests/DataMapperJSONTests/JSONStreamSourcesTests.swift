import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// The stream reader driven by the core's file reader and asynchronous sequence.
@Suite struct JSONStreamSourcesTests {
    static let records = (1...300).map { "{\"id\": \($0), \"name\": \"rÿcord \($0)\"}" }.joined(separator: "\n") + "\n"
    static let expected: [SupportedType] = (1...300).map { ["id": .int($0), "name": .string("rÿcord \($0)")] }

    @Test("a file is read one document at a time in chunks of any size", arguments: [1, 7, 64 * 1024])
    func file(chunkSize: Int) throws {
        let files = try TemporaryFiles()
        let path = try files.write("records.jsonl", Self.records)
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        var documents = FileDocumentReader(JSONStreamReader(framing: .lines), reading: handle, chunkSize: chunkSize)
        var read: [SupportedType] = []
        while let document = try documents.next() { read.append(document) }
        #expect(read == Self.expected)
        #expect(read.last?.position == .text(line: 300, column: 1))
        #expect(try documents.next() == nil)
    }

    @Test("a pipe fed while it is read gives the documents, the last one at its close")
    func pipe() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let bytes = Data((Self.records + "42").utf8)
        let thread = Thread {
            // Pieces of uneven size, larger than a pipe's buffer in all.
            var start = 0
            var size = 1
            while start < bytes.count {
                writer.write(bytes[start..<min(start + size, bytes.count)])
                start += size
                size = size * 3 % 997 + 1
            }
            try? writer.close()
        }
        thread.start()
        var documents = FileDocumentReader(JSONStreamReader(), reading: pipe.fileHandleForReading)
        var read: [SupportedType] = []
        while let document = try documents.next() { read.append(document) }
        #expect(read == Self.expected + [42])
    }

    @Test("a file that ends inside a document is an error naming it")
    func truncatedFile() throws {
        let files = try TemporaryFiles()
        let path = try files.write("cut.json", "[1]\n{\"a\": [2,")
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        var documents = FileDocumentReader(JSONStreamReader(), reading: handle, chunkSize: 3)
        #expect(try documents.next() == [1])
        let error = try expectError(kind: .syntax, line: 2, column: 10) { try documents.next() }
        #expect(error.problem.hasPrefix("document 2: unexpected end of input"))
    }

    @Test("an asynchronous sequence of chunks gives the documents as they complete")
    func asyncSequence() async throws {
        let bytes = Array(Self.records.utf8)
        let chunks = AsyncStream<[UInt8]> { continuation in
            var start = 0
            while start < bytes.count {
                continuation.yield(Array(bytes[start..<min(start + 13, bytes.count)]))
                start += 13
            }
            continuation.finish()
        }
        var read: [SupportedType] = []
        for try await document in chunks.documents(reading: JSONStreamReader(framing: .lines)) {
            read.append(document)
        }
        #expect(read == Self.expected)
    }

    @Test("an asynchronous sequence rethrows a bad document's error, numbered")
    func asyncError() async throws {
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("1 2 [3,".utf8))
            continuation.yield(Data(" }".utf8))
            continuation.finish()
        }
        var read: [SupportedType] = []
        let error = await #expect(throws: DataMapperError.self) {
            for try await document in chunks.documents(reading: JSONStreamReader()) { read.append(document) }
        }
        #expect(read == [1, 2])
        #expect(error?.problem.hasPrefix("document 3: ") == true)
        #expect(error?.location?.position == .text(line: 1, column: 9))
    }
}
