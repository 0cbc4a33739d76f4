import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// Reads `chunks` through a new YAML stream reader.
func streamYAML(_ chunks: [ArraySlice<UInt8>], options: YAMLSerializer.Options = .init()) throws(DataMapperError) -> [SupportedType] {
    try readDocuments(of: chunks, with: YAMLStreamReader(options: options))
}

/// Checks that `bytes`, cut at every byte and fed a byte at a time, read as
/// `deserializeAll` reads the whole: the same documents and positions, or the same
/// error with a document number in front.
func expectStreamMatchesWhole(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    for chunks in chunkings(of: bytes) {
        try expectStreamMatches(bytes, chunks: chunks, sourceLocation: sourceLocation)
    }
}

/// Checks that `chunks` of `bytes` read as `deserializeAll` reads the whole.
func expectStreamMatches(
    _ bytes: [UInt8], chunks: [ArraySlice<UInt8>], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let whole = Result { try YAMLSerializer().deserializeAll(Data(bytes)) }
    let cut = "\(String(decoding: bytes, as: UTF8.self).debugDescription) cut into \(chunks.map(\.count))"
    let streamed = Result { () throws(DataMapperError) in try streamYAML(chunks) }
    switch (whole, streamed) {
    case (.success(let expected), .success(let read)):
        #expect(read == expected, "\(cut)", sourceLocation: sourceLocation)
        #expect(read.flatMap(allPositions) == expected.flatMap(allPositions), "\(cut)", sourceLocation: sourceLocation)
    case (.failure(let expected as DataMapperError), .failure(let error)):
        #expect(error.kind == expected.kind, "\(cut)", sourceLocation: sourceLocation)
        #expect(error.path == expected.path, "\(cut)", sourceLocation: sourceLocation)
        #expect(error.location == expected.location, "\(cut): \(error) vs \(expected)", sourceLocation: sourceLocation)
        let numbered = error.problem.hasPrefix("document ") && error.problem.hasSuffix(": " + expected.problem)
        #expect(numbered, "\(cut): \(error.problem) vs \(expected.problem)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(cut): whole \(whole), streamed \(streamed)", sourceLocation: sourceLocation)
    }
}

@Suite struct YAMLStreamReaderTests {
    static let stream = "\u{FEFF}# a first document with no marker\n"
        + "first: 1\nlist: [a, b,\n  c]\nbase: &x {k: v}\nalias: *x\nmerged:\n  <<: *x\n  z: \"quoted\n    over lines\"\n"
        + "---\ntext: |\n  line\n  --- x\n  ... y\nfolded: >-\n  a\n  b\nplain: one\n  two\n"
        + "--- 'single # q'\n... # done\n"
        + "%YAML 1.2\n%TAG !e! tag:example.com,2000:\n---\n? !e!t key\n: &x [!!str 12, ~]\nagain: *x\n...\n"
        + "# only a comment between documents\n"
        + "---\r\n---\r\nkey: crlf\r\n\"é😀\": [1,\r\n  2]\r\n...\r\n"
        + "--- |\n  top\n  block\n--- >\n  a\n\n  b\n---\n"

    @Test("a YAML stream cut at every byte reads as deserializeAll reads the whole, positions included")
    func everyCut() throws {
        let bytes = Array(Self.stream.utf8)
        let whole = try YAMLSerializer().deserializeAll(Data(bytes))
        let expected: [SupportedType] = [
            ["first": 1, "list": ["a", "b", "c"], "base": ["k": "v"], "alias": ["k": "v"],
             "merged": ["k": "v", "z": "quoted over lines"]],
            ["text": "line\n--- x\n... y\n", "folded": "a b", "plain": "one two"],
            "single # q",
            ["key": ["12", .null], "again": ["12", .null]],
            .null,
            ["key": "crlf", "é😀": [1, 2]],
            "top\nblock\n",
            "a\nb\n",
            .null,
        ]
        #expect(whole == expected)
        #expect(whole.map(\.position) == [
            .text(line: 2, column: 1), .text(line: 12, column: 1), .text(line: 21, column: 5),
            .text(line: 26, column: 1), .text(line: 32, column: 1), .text(line: 33, column: 1),
            .text(line: 37, column: 5), .text(line: 40, column: 5), .text(line: 45, column: 1),
        ])
        try expectStreamMatchesWhole(bytes)
    }

    @Test("streams at the edges of the framing rule read as the whole does, or fail as it does", arguments: [
        "", "# only\n  # comments\n", "\n\n", "---\n---\n", "...\n", "# c\n...\n", "a\n...\nb\n",
        "a\n...\n...\n---\nb\n", "a: 1\n%YAML 1.2\n---\nb: 2\n", "a\n%YAML 1.2\n", "--- a\n%x\n---\nb\n",
        "--- \"a\n--- b\"\n", "--- [a,\n--- b]\n", "a\u{85}---\nb\n", "a\r---\rb\r", "a\n...\n\u{FEFF}---\nb\n",
        "a\n... \"x\n y\"\n", "a\n... x\n---\nb\n", "%YAML 1.2\n---\na\n...\n%YAML 1.2\n---\nb\n", "a\n...\n\t\n---\nb\n",
        "--- |\n  x\n--- y\n  z\n", "k: |\n  text\n---\n", "a\n...\n%YAML 1.2\n...\n", "a\n--- \n...\n",
        "---\n&a x\n---\n*a\n", "--- [1,\n2]\n...\n---\n{a: 1,\n b: 2}\n", "---\u{2028}a\u{2029}---\u{2028}b",
        "a: 1\n  b: 2\n---\nc\n", "...\n---\na\n", "--- x\n...\n---\n...\n", "a\n---\n%TAG ! !x\n---\nb\n",
        "a: 1\n# c\n%TAG !e! tag:e.org,2000:\n---\n!e!t b\n", "a\n%YAML 2.0\n---\nb\n",
    ])
    func edges(text: String) throws {
        try expectStreamMatchesWhole(Array(text.utf8))
    }

    @Test("a document is returned as soon as the next one starts; the last one at the end")
    func documentsAsTheyArrive() throws {
        var reader = YAMLStreamReader()
        reader.append(Array("a: 1\n---\nb: 2\n--".utf8))
        #expect(try reader.next() == ["a": 1])
        #expect(try reader.next() == nil)
        reader.append(Array("- x\n".utf8))
        #expect(try reader.next() == ["b": 2])
        #expect(try reader.next() == nil)
        try reader.finish()
        #expect(try reader.next() == "x")
        #expect(try reader.next() == nil)
        #expect(reader.documentCount == 3)
    }

    @Test("a bad third document is an error naming it, at its line and column in the stream", arguments: [
        "a: 1\n---\n- 2\n---\nk: [1, 2\n---\nok\n",
        "a: 1\n---\n- 2\n---\nk: 1\nk: 2\n---\nok\n",
        "&x a\n--- b\n--- [*x]\n--- d\n",
        "a\n...\n--- b\n...\nc\n",
        "a\n---\nb\n--- \"open\n--- d\n",
    ])
    func badThirdDocument(text: String) throws {
        try expectStreamMatchesWhole(Array(text.utf8))
        let error = try expectError { try streamYAML([Array(text.utf8)[...]]) }
        #expect(error.problem.hasPrefix("document 3: "))
    }

    @Test("the error of a bad document points into the stream")
    func errorPosition() throws {
        let text = "a: 1\n---\n- 2\n---\nouter:\n  k: [1, 2\n---\nok\n"
        let error = try expectError(kind: .syntax, path: ["outer", "k"], line: 7, column: 1) {
            try streamYAML([Array(text.utf8)[...]])
        }
        #expect(error.problem.hasPrefix("document 3: "))
    }

    @Test("input that ends inside a document fails at finish, naming it")
    func truncated() throws {
        var reader = YAMLStreamReader()
        reader.append(Array("a: 1\n---\nk: [1, 2".utf8))
        #expect(try reader.next() == ["a": 1])
        #expect(try reader.next() == nil)
        // libyaml puts the end of input at the start of a line after the last.
        let error = try expectError(kind: .syntax, line: 4, column: 1) { try reader.finish() }
        #expect(error.problem.hasPrefix("document 2: "))
        try expectError(kind: .syntax, line: 4, column: 1) { try reader.next() }
        try expectStreamMatchesWhole(Array("a: 1\n---\nk: \"open\n".utf8))
    }

    @Test("an empty stream and a stream of comments give no documents, as deserializeAll does")
    func empty() throws {
        #expect(try streamYAML([]).isEmpty)
        #expect(try streamYAML([Array("# a\n\n# b\n".utf8)[...]]).isEmpty)
        #expect(try YAMLSerializer().deserializeAll(fromString: "# a\n\n# b\n").isEmpty)
    }

    @Test("a document past maxInputBytes fails before the stream ends")
    func documentTooLarge() throws {
        let options = YAMLSerializer.Options(limits: ParsingLimits(maxInputBytes: 64))
        var reader = YAMLStreamReader(options: options)
        let bytes = Array(("a: 1\n---\n" + String(repeating: "- item\n", count: 100)).utf8)
        var appended = 0
        let error = try expectError(kind: .limitExceeded, line: 2, column: 1) {
            while appended < bytes.count {
                reader.append(bytes[appended..<min(appended + 8, bytes.count)])
                appended += 8
                while try reader.next() != nil {}
            }
        }
        #expect(error.problem == "document 2: the document is more than the limit of 64 bytes")
        #expect(appended <= 9 + 64 + 8)
        #expect(reader.documentCount == 1)
        try expectError(kind: .limitExceeded) { try reader.next() }
    }

    @Test("documents within maxInputBytes pass however long the stream")
    func limitIsPerDocument() throws {
        let options = YAMLSerializer.Options(limits: ParsingLimits(maxInputBytes: 16))
        let text = String(repeating: "---\n[1, 2]\n", count: 100)
        let documents = try streamYAML([Array(text.utf8)[...]], options: options)
        #expect(documents.count == 100)
        #expect(documents.last?.position == .text(line: 200, column: 1))
    }

    @Test("a file is read one document at a time in chunks of any size", arguments: [1, 5, 64 * 1024])
    func file(chunkSize: Int) throws {
        let files = try TemporaryFiles()
        let text = (1...200).map { "---\nid: \($0)\nname: \"rÿcord \($0)\"\n" }.joined()
        let path = try files.write("records.yaml", text)
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        var documents = FileDocumentReader(YAMLStreamReader(), reading: handle, chunkSize: chunkSize)
        var read: [SupportedType] = []
        while let document = try documents.next() { read.append(document) }
        #expect(read == (1...200).map { ["id": .int($0), "name": .string("rÿcord \($0)")] })
        #expect(read.last?.position == .text(line: 599, column: 1))
        #expect(try documents.next() == nil)
    }
}

@Suite struct YAMLStreamReaderCostTests {
    @Test("a large document arriving a byte at a time is scanned once, not parsed at every byte",
          .timeLimit(.minutes(1)))
    func byteAtATime() throws {
        let text = "---\n" + String(repeating: "- {k: \"v\", n: [1, 2.5, true]}\n", count: 8_000) + "--- 7\n"
        var reader = YAMLStreamReader()
        var documents: [SupportedType] = []
        for byte in text.utf8 {
            reader.append(CollectionOfOne(byte))
            while let document = try reader.next() { documents.append(document) }
        }
        try reader.finish()
        while let document = try reader.next() { documents.append(document) }
        #expect(documents.count == 2)
        #expect(documents.first?.array?.count == 8_000)
        #expect(documents.last == 7)
    }
}

/// Streams made of random lines that put markers, directives, comments and scalars
/// open across lines next to one another, valid or not: the stream reader must agree
/// with the whole read on each.
@Suite struct YAMLStreamReaderRandomTests {
    static let lines = [
        "---", "--- ", "---\t# c", "--- a", "--- |", "--- >-", "--- \"q", "--- [1,", "--- {a: 1,", "--- &a x", "--- *a",
        "...", "... # end", "... x", "....", "----", "--", "%YAML 1.2", "%YAML 1.1", "%TAG !e! tag:e.org,2000:",
        "%x", "# comment", "", "  ", "\t", "a: 1", "b: [1, 2]", "c: !e!t x", "  - item", "- item", "  more",
        "  --- indented", "  ... indented", "q\"", "'single", "x'", "]", "}", "k: |", "  text", "? key", ": value",
        "&a [1]", "*a", "<<: {m: 1}", "\u{FEFF}---", "\u{FEFF}a", "é😀: ü", "--- |2", "  two", "k: >", "b]",
        "\"x", "\t# tab comment", "  # indented comment", "%TAG ! tag:x.org,2000:", "!t v", "- ---", "a ---", "--- ...",
        "... ---", "---\u{2028}x", "x: 'a", "  b'", "{a: [",
    ]
    static let breaks = ["\n", "\n", "\n", "\r\n", "\r", "\u{85}", "\u{2029}"]

    @Test("random streams of markers and content read as deserializeAll reads them")
    func randomStreams() throws {
        var random = SplitMix64(seed: 2727)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                text += Self.lines.randomElement(using: &random)! + Self.breaks.randomElement(using: &random)!
            }
            if Bool.random(using: &random) { text.removeLast() }
            let bytes = Array(text.utf8)
            try expectStreamMatches(bytes, chunks: [bytes[...]])
            let cut = Int.random(in: 0...bytes.count, using: &random)
            try expectStreamMatches(bytes, chunks: [bytes[..<cut], bytes[cut...]])
        }
    }
}
