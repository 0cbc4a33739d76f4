import DataMapper
import DataMapperTestSupport
@testable import DataMapperYAML
import Foundation
import Testing

/// The documents the pieces of `bytes` assemble into, and how many containers were opened.
private func assembledYAML(
    _ bytes: [UInt8], options: YAMLSerializer.Options, threshold: Int
) -> (documents: [SupportedType], opened: Int, error: DataMapperError?) {
    var reader = YAMLPieceReader(bytes: bytes, options: options, openingAbove: threshold)
    var assembler = DocumentPieceAssembler()
    var documents: [SupportedType] = []
    var opened = 0
    do {
        while let piece = try reader.nextPiece() {
            switch piece {
            case .beginArray, .beginDictionary: opened += 1
            default: break
            }
            if let document = try assembler.add(piece) { documents.append(document) }
        }
        #expect(assembler.isBetweenDocuments)
        return (documents, opened, nil)
    } catch {
        return (documents, opened, error)
    }
}

/// Checks that the pieces of `bytes`, at each threshold, assemble into the documents
/// and errors of ``YAMLStreamReader`` over the same bytes; returns the containers
/// opened at threshold 0.
@discardableResult
private func expectPiecesMatchStream(
    _ text: String, options: YAMLSerializer.Options = .init(), thresholds: [Int] = [0, 1, 12, 40, .max],
    failing: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Int {
    let bytes = Array(text.utf8)
    var stream = YAMLStreamReader(options: options)
    var expected: [SupportedType] = []
    var expectedError: DataMapperError?
    do {
        stream.append(bytes)
        try stream.finish()
        while let document = try stream.next() { expected.append(document) }
    } catch {
        expectedError = error
    }
    #expect((expectedError != nil) == failing, "\(text.debugDescription): \(String(describing: expectedError))", sourceLocation: sourceLocation)
    var openedAtZero = 0
    for threshold in thresholds {
        let (documents, opened, error) = assembledYAML(bytes, options: options, threshold: threshold)
        if threshold == 0 { openedAtZero = opened }
        if threshold == .max { #expect(opened == 0, sourceLocation: sourceLocation) }
        let label = "\(text.debugDescription) at \(threshold)"
        #expect(documents == expected, "\(label)", sourceLocation: sourceLocation)
        #expect(documents.flatMap(allPositions) == expected.flatMap(allPositions), "\(label)", sourceLocation: sourceLocation)
        #expect(error?.kind == expectedError?.kind, "\(label): \(String(describing: error)) vs \(String(describing: expectedError))", sourceLocation: sourceLocation)
        #expect(error?.problem == expectedError?.problem, "\(label)", sourceLocation: sourceLocation)
        #expect(error?.path == expectedError?.path, "\(label)", sourceLocation: sourceLocation)
        #expect(error?.location == expectedError?.location, "\(label)", sourceLocation: sourceLocation)
    }
    return openedAtZero
}

@Suite struct YAMLPieceReaderTests {
    static func options(_ policy: DuplicateKeyPolicy) -> YAMLSerializer.Options {
        var options = YAMLSerializer.Options()
        options.duplicateKeys = policy
        return options
    }

    @Test("a document of records opens to its records, each told whole")
    func records() throws {
        let text = "records:\n  - {id: 1, name: a}\n  - id: 2\n    name: b\n"
        var reader = YAMLPieceReader(bytes: Array(text.utf8), openingAbove: 20)
        var pieces: [DocumentPiece] = []
        while let piece = try reader.nextPiece() { pieces.append(piece) }
        guard pieces.count == 7 else { Issue.record("pieces: \(pieces)"); return }
        guard case .beginDictionary(1, let rootPosition) = pieces[0], case .key("records", let keyPosition) = pieces[1],
              case .beginArray(2, let arrayPosition) = pieces[2], case .value(let first) = pieces[3],
              case .value(let second) = pieces[4], case .end = pieces[5], case .end = pieces[6] else {
            Issue.record("pieces: \(pieces)")
            return
        }
        #expect(rootPosition == .text(line: 1, column: 1))
        #expect(keyPosition == .text(line: 1, column: 1))
        #expect(arrayPosition == .text(line: 2, column: 3))
        #expect(first == ["id": 1, "name": "a"])
        #expect(first.position == .text(line: 2, column: 5))
        #expect(second == ["id": 2, "name": "b"])
        #expect(try reader.nextPiece() == nil)
    }

    @Test("hand-picked documents assemble as the stream reader reads them, at every threshold")
    func handPicked() {
        let opens = [
            "a: 1\nb: [1, 2, {c: d}]\n# a comment\ne:\n  - x\n  - y: z\n",
            "records:\n  - &first {id: 1, tags: [a, b]}\n  - {id: 2}\n  - *first\n  - {id: 5, same: *first}\n",
            "- &k key\n- {*k : v}\n- [1, 2]\n",
            "defaults: &d {x: 1}\nitems:\n  - <<: *d\n    y: 2\n  - {<<: *d, x: 3}\n",
            "tagged:\n  s: !!set {a, b}\n  o: !!omap [{a: 1}, {b: 2}]\n  c: !custom [1, 2]\nplain: [!!str 1, !!int '2']\n",
            "anchored: &a [1, 2, 3]\nagain: *a\n",
            "--- [1, 2]\n--- {a: b}\n...\n# between\n--- scalar\n---\n- - deep\n  - - deeper\n",
            "%YAML 1.1\n---\n{a: [1, 2]}\n...\n%YAML 1.1\n---\n[3]\n",
            "[]\n---\n{}\n---\n- []\n- {}\n",
            "é: [ü, ñ]\n\"x\\ty\": 'z'\n", "\u{FEFF}a: [1]\n",
            "? complex\n: value\nlist: [a, b]\n",
            "ts: 2001-12-14t21:59:43.10-05:00\nn: [1.5, .inf, 0x1F, ~, yes]\n",
        ]
        for text in opens { #expect(expectPiecesMatchStream(text) > 0, "\(text.debugDescription)") }
        for text in ["", "# only a comment\n", "plain\n", "--- 1\n--- 2\n"] {
            #expect(expectPiecesMatchStream(text) == 0)
        }
    }

    @Test("what opening would change is handed over whole")
    func notOpened() throws {
        let whole = [
            "!!set {a, b}\n", "!!omap [{a: 1}]\n", "!custom [1]\n", "&root [1, 2]\n",
            "<<: {a: 1}\nb: 2\n",
        ]
        for text in whole {
            #expect(expectPiecesMatchStream(text) == 0, "\(text.debugDescription)")
        }
        // A collection as a key is refused, by the tree builder reading its mapping whole.
        for text in ["? [1, 2]\n: v\n", "? {a: 1}\n: v\n", "list: [1]\n? [1, 2]\n: v\n"] {
            #expect(expectPiecesMatchStream(text, failing: true) == 0, "\(text.debugDescription)")
        }
    }

    @Test("duplicate keys in an opened mapping follow each policy")
    func duplicateKeys() throws {
        let texts = [
            "a: [1]\nb: 2\na: [3]\n", "x:\n  a: 1\n  a: &n 2\n  b: *n\n", "- {k: 1, k: 2, j: 3}\n",
            "a: 1\na: {deep: [x]}\n",
        ]
        for text in texts {
            #expect(expectPiecesMatchStream(text, options: Self.options(.error), failing: true) > 0)
            #expect(expectPiecesMatchStream(text, options: Self.options(.firstWins)) > 0)
            expectPiecesMatchStream(text, options: Self.options(.lastWins))
        }
        // The count leaves out the entry that loses.
        var reader = YAMLPieceReader(bytes: Array("a: 1\nb: 2\na: 3\n".utf8), options: Self.options(.firstWins), openingAbove: 0)
        guard case .beginDictionary(2, _) = try reader.nextPiece() else { Issue.record("not opened with 2 entries"); return }
        // Under the error policy the error names the key, its path and where it was repeated.
        var failing = YAMLPieceReader(bytes: Array("x:\n  a: 1\n  a: 2\n".utf8), options: Self.options(.error), openingAbove: 0)
        do {
            while try failing.nextPiece() != nil {}
            Issue.record("no error")
        } catch {
            #expect(error.path == ["x", "a"])
            #expect(error.location == SourceLocation(position: .text(line: 3, column: 3)))
            #expect(error.problem.hasPrefix("document 1: duplicate key \"a\""))
        }
    }

    @Test("errors come where the stream reader's do, at every threshold")
    func errors() {
        let texts = [
            "a: [1, 2\n", "a: 1\n b: 2\n", "records:\n  - {id: 1}\n  - {id: 2\n", "- *nowhere\n",
            "--- [1]\n--- {a: [2, }\n", "a: !!int notanumber\n", "x: [1]\n]\n", "- [1]\n- <<: [1]\n",
            "- 1\n- ? [a]\n  : b\n", "a: [1]\n...\n--- :\n  - ]\n",
        ]
        for text in texts { expectPiecesMatchStream(text, failing: true) }
    }

    @Test("limits count across opened levels and across children")
    func limits() {
        var shallow = YAMLSerializer.Options()
        shallow.limits.maxDepth = 2
        expectPiecesMatchStream("a: [[1]]\n", options: shallow, failing: true)
        expectPiecesMatchStream("a: [1]\n", options: shallow)
        var budget = YAMLSerializer.Options()
        budget.limits.maxExpandedValues = 5
        expectPiecesMatchStream("- &a [1, 2]\n- *a\n- *a\n", options: budget, failing: true)
        var small = YAMLSerializer.Options()
        small.limits.maxInputBytes = 20
        expectPiecesMatchStream("--- [1]\n--- [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n", options: small, thresholds: [0, .max], failing: true)
    }

    @Test("documents written by the YAML writer assemble as the stream reader reads them")
    func randomDocuments() throws {
        var flow = YAMLSerializer.Options()
        flow.outputStyle = .flow
        for seed in UInt64(1)...30 {
            var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .uint, .double, .string, .binary, .timestamp])
            let documents = (0..<Int(seed % 3) + 1).map { _ in random.value(depth: 4) }
            for options in [YAMLSerializer.Options(), flow] {
                let text = String(decoding: try YAMLSerializer(options: options).serializeAll(documents), as: UTF8.self)
                expectPiecesMatchStream(text, thresholds: [0, 30, 200, .max])
            }
        }
    }

    @Test("each document's losses are those the stream reader lists")
    func losses() throws {
        let texts = [
            "# head\na: 1 # tail\nb: !tag [x]\n",
            "--- # one\n- &x 1\n- *x\n...\n# after\n--- !!map\nk: v # two\n",
            "a: [1]\n---\n# c\nb: [2]\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            var stream = YAMLStreamReader()
            stream.append(bytes)
            try stream.finish()
            var expected: [ConversionLoss] = []
            while try stream.next() != nil { expected += try stream.lastDocumentReadingLosses() }
            for threshold in [0, Int.max] {
                var reader = YAMLPieceReader(bytes: bytes, openingAbove: threshold)
                var cursor = DocumentPieceCursor()
                var losses: [ConversionLoss] = []
                while let piece = try reader.nextPiece() {
                    try cursor.accept(piece)
                    if cursor.isBetweenDocuments { losses += try reader.documentReadingLosses() }
                }
                #expect(losses == expected, "\(text.debugDescription) at \(threshold)")
            }
            #expect(!expected.isEmpty)
        }
    }
}

/// Bytes lent by a class, as a mapped file lends them: read in place.
private final class LentBytes: ContiguousBytes, Sendable {
    let storage: [UInt8]
    init(_ text: String) { storage = Array(text.utf8) }
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes(body)
    }
}

@Suite struct YAMLPieceReaderInputTests {
    /// Every piece of `reader`, assembled.
    private func documents(_ reader: YAMLPieceReader) throws -> [SupportedType] {
        var reader = reader
        var assembler = DocumentPieceAssembler()
        var documents: [SupportedType] = []
        while let piece = try reader.nextPiece() {
            if let document = try assembler.add(piece) { documents.append(document) }
        }
        return documents
    }

    @Test("small Data, an array and bytes a class lends read alike")
    func inputs() throws {
        let text = "a: [1, {b: c}]\n--- x\n"
        let expected: [SupportedType] = [["a": [1, ["b": "c"]]], "x"]
        #expect(try documents(YAMLPieceReader(bytes: Data("[1]".utf8), openingAbove: 0)) == [[1]])
        #expect(try documents(YAMLPieceReader(bytes: Data(text.utf8), openingAbove: 0)) == expected)
        #expect(try documents(YAMLPieceReader(bytes: Array(text.utf8), openingAbove: 0)) == expected)
        #expect(try documents(YAMLPieceReader(bytes: LentBytes(text), openingAbove: 0)) == expected)
        #expect(try documents(YAMLPieceReader(bytes: [UInt8](), openingAbove: 0)).isEmpty)
    }
}
