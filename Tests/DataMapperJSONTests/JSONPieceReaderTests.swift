import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct JSONPieceReaderTests {
    /// Opens every container, those of more than 16 or 64 bytes, none.
    static let thresholds = [0, 16, 64, Int.max]

    func expectSameAsStream(
        _ bytes: [UInt8], framing: JSONStreamReader.Framing = .texts, options: JSONSerializer.Options = .init(),
        thresholds: [Int] = thresholds, _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for threshold in thresholds {
            expectSameReading(
                pieces: { () throws(DataMapperError) in
                    try assembledDocuments(from: JSONPieceReader(bytes: bytes, framing: framing, options: options, openingAbove: threshold))
                },
                stream: { () throws(DataMapperError) in
                    try readDocuments(of: [bytes[...]], with: JSONStreamReader(framing: framing, options: options))
                },
                "\(comment), opening above \(threshold)", sourceLocation: sourceLocation
            )
        }
    }

    func pieces(_ text: String, openingAbove threshold: Int = 0, options: JSONSerializer.Options = .init()) throws -> [DocumentPiece] {
        var reader = JSONPieceReader(bytes: Array(text.utf8), options: options, openingAbove: threshold)
        var pieces: [DocumentPiece] = []
        while let piece = try reader.nextPiece() { pieces.append(piece) }
        return pieces
    }

    @Test("random documents read as the stream reader reads them, at every threshold")
    func randomDocuments() throws {
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomValues(seed: seed, leaves: .json)
            let documents = (0..<3).map { _ in random.value(depth: 5) }
            let pretty = JSONSerializer(options: .init(outputStyle: .pretty))
            let text = try documents.map { try pretty.serialize(toString: $0) }.joined(separator: "\n")
            expectSameAsStream(Array(text.utf8), "seed \(seed), pretty")
            let compact = try documents.map { try JSONSerializer().serialize(toString: $0) }.joined(separator: " ")
            expectSameAsStream(Array(compact.utf8), "seed \(seed), compact")
            expectSameAsStream(Array(compact.utf8), framing: .lines, "seed \(seed), lines")
        }
    }

    @Test("hand-picked documents read as the stream reader reads them")
    func handPicked() {
        let texts = [
            "[]", "{}", "[[]]", "[{}]", "{\"a\":{}}", "  \n[1, [2, [3, []]], {\"k\": [ ]}]  \n",
            "\u{FEFF}{\"a\\u00e9\\n\\\"\": [1, \"x\"], \"b\": {\"c\": null}}",
            "[1][2] 3 {\"a\":[]}\"s\"[\n]", "{\"records\": [{\"id\": 1, \"tags\": [\"a\", \"b\"]}, {\"id\": 2, \"tags\": []}]}",
            "[12345678901234567890123, 1.5e400, -0, 1E2, \"\\ud83d\\ude00\"]", "[\"\\\\\", \"]\", \"[\", \"}\", \"{\"]",
        ]
        for text in texts { expectSameAsStream(Array(text.utf8), text) }
    }

    @Test("containers open with their exact counts; small ones come whole")
    func counts() throws {
        let text = #"{"a": [1, 2, 3], "b": {"c": "]}\"", "d": []}, "e": 5}"#
        let read = try pieces(text, openingAbove: 20)
        guard case .beginDictionary(3, .text(line: 1, column: 1)) = read.first else { Issue.record("\(read)"); return }
        guard case .key("a", .text(line: 1, column: 2)) = read[1], case .value(let a) = read[2] else { Issue.record("\(read)"); return }
        #expect(a == [1, 2, 3])
        #expect(a.position == .text(line: 1, column: 7))
        guard case .key("b", _) = read[3], case .beginDictionary(2, .text(line: 1, column: 23)) = read[4] else { Issue.record("\(read)"); return }
        #expect(read.count == 13)
        let all = try pieces("[[1], [[2]]]")
        #expect(all.count == 10)
        guard case .beginArray(2, _) = all[0], case .beginArray(1, _) = all[1] else { Issue.record("\(all)"); return }
    }

    @Test("repeated keys in opened objects follow each policy", arguments: [DuplicateKeyPolicy.lastWins, .firstWins, .error])
    func repeatedKeys(policy: DuplicateKeyPolicy) throws {
        let options = JSONSerializer.Options(duplicateKeys: policy)
        let texts = [
            #"{"a": 1, "b": [2], "a": {"x": [3, 4]}, "c": 5, "a": [6, 7, 8]}"#,
            #"{"a": {"k": [1, 2, 3, 4, 5, 6]}, "a": {"k": [7]}}"#,
            #"[{"a": 1, "a": 2}, {"b": [1, 2], "c": 0, "b": [3, 4, 5, 6, 7, 8, 9]}]"#,
            #"{"a": 1, "b": 2, "a": [tru]}"#, #"{"a": [1, 2], "b": [x], "a": 3}"#,
        ]
        for text in texts { expectSameAsStream(Array(text.utf8), options: options, text) }
        if policy == .lastWins {
            let read = try pieces(#"{"a": 1, "b": 2, "a": 3}"#, options: options)
            guard case .beginDictionary(2, _) = read[0], case .key("a", _) = read[1], case .value(let a) = read[2], a == 3 else {
                Issue.record("\(read)")
                return
            }
        }
    }

    @Test("maxDepth counts the opened levels and the values inside them")
    func depth() {
        let deep = String(repeating: "[", count: 6) + "1" + String(repeating: "]", count: 6)
        for maxDepth in 0...7 {
            let options = JSONSerializer.Options(limits: ParsingLimits(maxDepth: maxDepth))
            expectSameAsStream(Array(("[" + deep + ", {\"a\": " + deep + "}]").utf8), options: options, thresholds: [0, 4, 10, 40], "limit \(maxDepth)")
        }
    }

    @Test("maxInputBytes bounds each document")
    func inputLimit() {
        let options = JSONSerializer.Options(limits: ParsingLimits(maxInputBytes: 12))
        expectSameAsStream(Array("[1, 2] [1, 2, 3, 4, 5, 6]".utf8), options: options, "second too large")
    }

    @Test("broken input gives the stream reader's error, cut or spoiled at every byte")
    func brokenInput() {
        let text = "{\"list\": [1, -2.5e3, \"a\\\"b\\u00e9\", true, null, [], {}],\n  \"obj\": {\"k\": [false, {\"deep\": [\"x\"]}]},\n \"s\": \"end\"}\n[7, 8]"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            expectSameAsStream(Array(bytes[..<cut]), "cut at \(cut)")
        }
        for index in bytes.indices {
            for junk in [UInt8(ascii: "x"), UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\\"), 0xFF, UInt8(ascii: "\n")] {
                var spoiled = bytes
                spoiled[index] = junk
                expectSameAsStream(spoiled, thresholds: [0, 16], "byte \(index) spoiled with \(junk)")
            }
        }
    }

    @Test("empty input is the stream reader's error for texts, no documents for lines")
    func emptyInput() {
        expectSameAsStream([], "empty texts")
        expectSameAsStream(Array("  \n".utf8), framing: .lines, "blank lines")
    }

    @Test("a mapped file reads as the same bytes in memory")
    func mappedFile() throws {
        let text = #"{"records": [{"id": 1}, {"id": 2}], "n": "é"}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MappedFile(path: url.path)
        let fromFile = try assembledDocuments(from: JSONPieceReader(bytes: file, openingAbove: 0))
        #expect(fromFile == [try JSONSerializer().deserialize(fromString: text)])
        let empty = url.appendingPathExtension("empty")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try MappedFile(path: empty.path).count == 0)
        try expectError(kind: .io) { _ = try MappedFile(path: url.path + ".missing") }
    }
}
