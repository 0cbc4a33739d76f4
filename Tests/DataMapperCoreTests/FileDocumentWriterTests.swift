import DataMapperCore
import DataMapperTestSupport
import Foundation
import Testing

/// A writer of integers as decimal text, each followed by `;`, and `end` to close the
/// stream: simple enough that every expected output is plain to read.
private struct TallyWriter: DocumentStreamWriter {
    var finished = 0

    mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        guard case .int(let number) = document.kind else {
            throw DataMapperError(.unsupported, message: "not an integer")
        }
        output.append(contentsOf: "\(number);".utf8)
    }

    mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        finished += 1
        output.append(contentsOf: "end".utf8)
    }
}

/// The core's file writer, driving any stream writer in a plain loop or from an
/// asynchronous sequence.
@Suite struct FileDocumentWriterTests {
    /// The text of the file at `path`.
    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test("documents written in a loop reach the file in order, closed by finish", arguments: [0, 1, 5, 64 * 1024])
    func loop(bufferSize: Int) throws {
        let files = try TemporaryFiles()
        let path = try files.write("out.txt", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        var output = FileDocumentWriter(TallyWriter(), writingTo: handle, bufferSize: bufferSize)
        for number in [3, -14, 159] { try output.write(.int(number)) }
        try output.finish()
        #expect(try contents(path) == "3;-14;159;end")
        #expect(output.writer.finished == 1)
    }

    @Test("a stream of no documents holds only what closes it")
    func noDocuments() throws {
        let files = try TemporaryFiles()
        let path = try files.write("out.txt", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        var output = FileDocumentWriter(TallyWriter(), writingTo: handle)
        try output.finish()
        #expect(try contents(path) == "end")
    }

    @Test("with no buffer each document is in the file when write returns; with one, at flush")
    func whenBytesArrive() throws {
        let files = try TemporaryFiles()
        let unbuffered = try files.write("unbuffered.txt", "")
        let buffered = try files.write("buffered.txt", "")
        let first = try #require(FileHandle(forWritingAtPath: unbuffered))
        let second = try #require(FileHandle(forWritingAtPath: buffered))
        defer { try? first.close(); try? second.close() }
        var now = FileDocumentWriter(TallyWriter(), writingTo: first, bufferSize: 0)
        var later = FileDocumentWriter(TallyWriter(), writingTo: second)
        try now.write(1)
        try later.write(1)
        #expect(try contents(unbuffered) == "1;")
        #expect(try contents(buffered) == "")
        try later.flush()
        #expect(try contents(buffered) == "1;")
        try later.write(2)
        try later.finish()
        #expect(try contents(buffered) == "1;2;end")
    }

    @Test("output larger than a pipe's buffer reaches a reader on another thread whole")
    func pipe() throws {
        let pipe = Pipe()
        let reading = pipe.fileHandleForReading
        let received = ReceivedBytes()
        let thread = Thread {
            received.bytes = reading.readDataToEndOfFile()
            received.done.signal()
        }
        thread.start()
        var output = FileDocumentWriter(TallyWriter(), writingTo: pipe.fileHandleForWriting, bufferSize: 1000)
        var expected = ""
        for number in 0..<50_000 {
            try output.write(.int(number))
            expected += "\(number);"
        }
        try output.finish()
        try pipe.fileHandleForWriting.close()
        received.done.wait()
        #expect(expected.utf8.count > 256 * 1024)
        #expect(String(decoding: received.bytes, as: UTF8.self) == expected + "end")
    }

    @Test("documents from an asynchronous sequence are written as they arrive")
    func asyncSequence() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("out.txt", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let documents = AsyncStream<SupportedType> { continuation in
            for number in 1...4 { continuation.yield(.int(number * number)) }
            continuation.finish()
        }
        var output = FileDocumentWriter(TallyWriter(), writingTo: handle, bufferSize: 0)
        try await output.write(contentsOf: documents)
        #expect(try contents(path) == "1;4;9;16;")
        try output.finish()
        #expect(try contents(path) == "1;4;9;16;end")
    }

    @Test("an asynchronous sequence's own error and the writer's come out of the call")
    func asyncErrors() async throws {
        struct Broken: Error {}
        let files = try TemporaryFiles()
        let path = try files.write("out.txt", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let failing = AsyncThrowingStream<SupportedType, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: Broken())
        }
        var output = FileDocumentWriter(TallyWriter(), writingTo: handle, bufferSize: 0)
        await #expect(throws: Broken.self) { try await output.write(contentsOf: failing) }
        #expect(try contents(path) == "1;")
        let refused = AsyncStream<SupportedType> { continuation in
            continuation.yield("text")
            continuation.finish()
        }
        let error = await #expect(throws: DataMapperError.self) { try await output.write(contentsOf: refused) }
        #expect(error?.problem == "not an integer")
    }

    @Test("a descriptor that cannot be written is an input/output error")
    func unwritable() throws {
        let files = try TemporaryFiles()
        let path = try files.write("in.txt", "read only here")
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        var output = FileDocumentWriter(TallyWriter(), writingTo: handle, bufferSize: 0)
        let error = try expectError(kind: .io) { try output.write(7) }
        #expect(error.problem.hasPrefix("cannot write the file: "))
        #expect(try contents(path) == "read only here")
    }
}

/// What the reading thread of ``FileDocumentWriterTests/pipe()`` received; written by
/// that thread before `done` is signalled and read after it is waited for.
private final class ReceivedBytes: @unchecked Sendable {
    var bytes = Data()
    let done = DispatchSemaphore(value: 0)
}
