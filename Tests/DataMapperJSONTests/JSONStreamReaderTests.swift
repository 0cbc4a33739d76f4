import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Reads `chunks` through a new reader, as a program would.
func streamDocuments(
    _ chunks: [ArraySlice<UInt8>], framing: JSONStreamReader.Framing, options: JSONSerializer.Options = .init()
) throws(DataMapperError) -> [SupportedType] {
    try readDocuments(of: chunks, with: JSONStreamReader(framing: framing, options: options))
}

@Suite struct JSONStreamReaderTests {
    static let texts = "\u{FEFF}{\"a\": [1, \"x\\\"y\\\\\"], \"é\": \"ü€😀\"}\n  [true,null]\t\"tab\\tq\\\"\"[][]{}\r\n"
        + "-12.5e3 7 false\n\"\\u00e9\\ud83d\\ude00\" 0 null\n\n 123"
    static let lines = "{\"id\": 1}\r\n\n  {\"id\": 2, \"tags\": [\"a\", \"é😀\\n\"]}  \n   \n3\r\n\"q\\\"\" \t\r\ntrue"

    @Test("JSON texts cut at every byte read as deserializeAll reads the whole, positions included")
    func textsAtEveryCut() throws {
        let bytes = Array(Self.texts.utf8)
        let whole = try JSONSerializer().deserializeAll(Data(bytes))
        #expect(whole.count == 13)
        for chunks in chunkings(of: bytes) {
            let streamed = try streamDocuments(chunks, framing: .texts)
            #expect(streamed == whole, "cut into \(chunks.map(\.count))")
            #expect(streamed.flatMap(allPositions) == whole.flatMap(allPositions), "cut into \(chunks.map(\.count))")
        }
    }

    @Test("JSON Lines cut at every byte read as JSONLinesSerializer reads the whole, positions included")
    func linesAtEveryCut() throws {
        let bytes = Array(Self.lines.utf8)
        let whole = try JSONLinesSerializer().deserializeAll(Data(bytes))
        #expect(whole == [["id": 1], ["id": 2, "tags": ["a", "é😀\n"]], 3, "q\"", true])
        for chunks in chunkings(of: bytes) {
            let streamed = try streamDocuments(chunks, framing: .lines)
            #expect(streamed == whole, "cut into \(chunks.map(\.count))")
            #expect(streamed.flatMap(allPositions) == whole.flatMap(allPositions), "cut into \(chunks.map(\.count))")
        }
    }

    @Test("a document is returned as soon as it is known whole; a final number only at the end")
    func documentsAsTheyArrive() throws {
        var reader = JSONStreamReader()
        reader.append(Array("[1] \"a\"".utf8))
        #expect(try reader.next() == [1])
        #expect(try reader.next() == "a")
        reader.append(Array(" 42".utf8))
        #expect(try reader.next() == nil)
        #expect(reader.bufferedByteCount == 2)
        try reader.finish()
        #expect(try reader.next() == 42)
        #expect(try reader.next() == nil)
        #expect(reader.documentCount == 3)
        #expect(reader.consumedByteCount == 10)
    }

    /// Checks that the stream's error, at every cut, is the whole input's with the
    /// document's number in front.
    func expectNumberedError(_ text: String, framing: JSONStreamReader.Framing, document: Int) throws {
        let bytes = Array(text.utf8)
        let whole = try expectError {
            framing == .texts ? try JSONSerializer().deserializeAll(Data(bytes)) : try JSONLinesSerializer().deserializeAll(Data(bytes))
        }
        for chunks in chunkings(of: bytes) {
            let error = try expectError(kind: whole.kind, path: whole.path) { try streamDocuments(chunks, framing: framing) }
            #expect(error.problem == "document \(document): " + whole.problem)
            #expect(error.location == whole.location)
        }
    }

    @Test("a bad third document is an error naming it, at its line and column in the stream")
    func badThirdDocument() throws {
        try expectNumberedError("{\"ok\": 1}\n[2]\n{\"bad\": [1,]}\n[4]\n", framing: .texts, document: 3)
        try expectNumberedError("[1] [2] 1true", framing: .texts, document: 3)
        try expectNumberedError("1\n\n{\"a\": 2}\n{\"b\":\n 2}\n", framing: .lines, document: 3)
        try expectNumberedError("1\n2\n[3] [4]\n5\n", framing: .lines, document: 3)
        let error = try expectError(line: 3, column: 12) {
            try streamDocuments([Array("{\"ok\": 1}\n[2]\n{\"bad\": [1,]}\n".utf8)[...]], framing: .texts)
        }
        #expect(error.problem.hasPrefix("document 3: "))
        #expect(error.path.description == "bad[1]")
    }

    @Test("input that ends inside a document is an error naming it")
    func truncated() throws {
        try expectNumberedError("[1] [2, 3", framing: .texts, document: 2)
        try expectNumberedError("[1] \"abc", framing: .texts, document: 2)
        try expectNumberedError("[1]\n tru", framing: .texts, document: 2)
        try expectNumberedError("1\n{\"a\":", framing: .lines, document: 2)
        var reader = JSONStreamReader()
        reader.append(Array("{\"a\": [".utf8))
        #expect(try reader.next() == nil)
        try expectError(kind: .syntax, line: 1, column: 8) { try reader.finish() }
        try expectError(kind: .syntax, line: 1, column: 8) { try reader.next() }
    }

    @Test("a stream of no text is an error for JSON texts and no documents for JSON Lines")
    func empty() throws {
        try expectNumberedError(" \n\t", framing: .texts, document: 1)
        try expectNumberedError("", framing: .texts, document: 1)
        #expect(try streamDocuments([Array(" \n\r\n".utf8)[...]], framing: .lines).isEmpty)
        #expect(try streamDocuments([], framing: .lines).isEmpty)
    }

    @Test("a document past maxInputBytes fails before the stream ends", arguments: [
        ("[1]\n[" + String(repeating: "1,", count: 200), JSONStreamReader.Framing.texts),
        ("[1]\n" + String(repeating: "9", count: 400), .texts),
        ("[1]\n\"" + String(repeating: "x", count: 400), .texts),
        ("[1]\n[" + String(repeating: "1,", count: 200), .lines),
    ])
    func documentTooLarge(text: String, framing: JSONStreamReader.Framing) throws {
        let options = JSONSerializer.Options(limits: ParsingLimits(maxInputBytes: 64))
        var reader = JSONStreamReader(framing: framing, options: options)
        let bytes = Array(text.utf8)
        var appended = 0
        let error = try expectError(kind: .limitExceeded, line: 2, column: 1) {
            while appended < bytes.count {
                reader.append(bytes[appended..<min(appended + 8, bytes.count)])
                appended += 8
                while try reader.next() != nil {}
            }
        }
        #expect(error.problem == "document 2: the document is more than the limit of 64 bytes")
        #expect(appended <= 4 + 64 + 8)
        #expect(reader.documentCount == 1)
    }

    @Test("documents within maxInputBytes pass however long the stream")
    func limitIsPerDocument() throws {
        let options = JSONSerializer.Options(limits: ParsingLimits(maxInputBytes: 8))
        let text = String(repeating: "[1, 2]\n", count: 100)
        let documents = try streamDocuments([Array(text.utf8)[...]], framing: .lines, options: options)
        #expect(documents.count == 100)
    }
}

@Suite struct JSONStreamReaderCostTests {
    @Test("a large document arriving a byte at a time is scanned once, not parsed at every byte",
          .timeLimit(.minutes(1)))
    func byteAtATime() throws {
        let element = "{\"k\": \"v\\\"\", \"n\": [1, 2.5, true]},"
        let text = "[" + String(repeating: element, count: 8_000) + "0] 7"
        var reader = JSONStreamReader()
        var documents: [SupportedType] = []
        for byte in text.utf8 {
            reader.append(CollectionOfOne(byte))
            while let document = try reader.next() { documents.append(document) }
        }
        try reader.finish()
        while let document = try reader.next() { documents.append(document) }
        #expect(documents.count == 2)
        #expect(documents.first?.array?.count == 8_001)
        #expect(documents.last == 7)
    }
}
