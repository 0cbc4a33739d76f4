import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// Writing YAML documents told piece by piece: the bytes of writing them whole.
@Suite struct YAMLPieceWriterTests {
    /// U+FDD0, a noncharacter the astral coding writes as a pair of its own.
    static let nonCharacter = String(decoding: [0xEF, 0xB7, 0x90] as [UInt8], as: UTF8.self)

    static let edges: [SupportedType] = [
        [:],
        [],
        [[], [:], [[]], ["": [:]]],
        ["": "", "1": [1, 2], "true": .null, "null": "null", "- x": "a: b", "multi\nline key": "kept trailing lines\n\n\n"],
        [.bigNumber("123456789012345678901234567890"), SupportedType(.uint(UInt64.max)), .int(Int.min), .double(.nan), .double(-.infinity)],
        ["bytes": .binary(Data([0, 1, 254, 255])), "when": .timestamp(seconds: -1, nanoseconds: 5_000_000)],
        ["emoji 😀 ÿ": [.string("😀😀 " + nonCharacter), "\u{10FFFD}"]],
        "a lone string",
        "ends with a line\n",
        7,
    ]

    static let optionSets: [(String, YAMLSerializer.Options)] = {
        var flow = YAMLSerializer.Options()
        flow.outputStyle = .flow
        var narrowFlow = flow
        narrowFlow.lineWidth = 20
        var narrowBlock = YAMLSerializer.Options()
        narrowBlock.lineWidth = 20
        var wide = YAMLSerializer.Options()
        wide.indent = 4
        return [("block", YAMLSerializer.Options()), ("flow", flow), ("flow, 20 columns", narrowFlow),
                ("block, 20 columns", narrowBlock), ("indent 4", wide)]
    }()

    static func randomDocuments(seed: UInt64, count: Int) -> [SupportedType] {
        var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .uint, .double, .string, .binary, .timestamp])
        return (0..<count).map { _ in random.value(depth: 5) }
    }

    @Test("pieces at every depth give the bytes of whole documents, one or several, in every style")
    func piecesMatchWholeDocuments() {
        for (name, options) in Self.optionSets {
            expectPiecesWriteLikeDocuments(Self.edges, maxDepth: 4, "\(name) edges") { YAMLStreamWriter(options: options) }
            expectPiecesWriteLikeDocuments(Self.edges.reversed(), maxDepth: 4, "\(name) edges reversed") { YAMLStreamWriter(options: options) }
            for document in Self.edges {
                expectPiecesWriteLikeDocuments([document], maxDepth: 4, "\(name) \(document)") { YAMLStreamWriter(options: options) }
            }
            for seed in UInt64(1)...25 {
                let documents = Self.randomDocuments(seed: seed, count: Int(seed % 4) + 1)
                expectPiecesWriteLikeDocuments(documents, "\(name) seed \(seed)") { YAMLStreamWriter(options: options) }
            }
        }
        expectPiecesWriteLikeDocuments([]) { YAMLStreamWriter() }
    }

    @Test("a large document goes out as libyaml hands it over, characters above U+FFFF whole")
    func largeDocumentIsWrittenAsItComes() throws {
        let records: SupportedType = .array((0..<3000).map { ["name": .string("record \($0) 😀" + Self.nonCharacter), "n": .int($0)] })
        let documents: [SupportedType] = [["first": 1], ["records": records]]
        expectPiecesWriteLikeDocuments(documents, maxDepth: 3) { YAMLStreamWriter() }
        // Bytes are out before the document ends, the first document's as any other's.
        for leading in [[], [["first": 1] as SupportedType]] {
            var writer = YAMLStreamWriter()
            var output: [UInt8] = []
            for document in leading { try writer.write(document, into: &output) }
            let large: SupportedType = ["records": records]
            for piece in large.pieces(openingTo: 2).dropLast(2) { try writer.write(piece, into: &output) }
            #expect(output.count > 50_000)
            #expect(String(validating: output, as: UTF8.self) != nil)
        }
    }

    @Test("sorted keys: values are sorted, a mapping opened as pieces is refused")
    func sortedKeys() throws {
        var options = YAMLSerializer.Options()
        options.sortKeys = true
        let array: SupportedType = [["b": 1, "a": 2]]
        #expect(try writtenInPieces([array], openingTo: 1, with: YAMLStreamWriter(options: options)).get()
            == writtenWhole([array], with: YAMLStreamWriter(options: options)).get())
        let refusal = try #require(writtenInPieces([["b": 1]], openingTo: 1, with: YAMLStreamWriter(options: options)).failureValue)
        #expect(refusal.kind == .unsupported)
        #expect(refusal.problem.contains("sorted keys"))
    }

    @Test("refusals name the full path and document number; depth limits hold across pieces")
    func refusals() throws {
        let bad: SupportedType = ["ok": 1, "list": [1, ["when": .ext(type: 3, data: Data([1]))]]]
        expectPiecesWriteLikeDocuments([1, bad]) { YAMLStreamWriter() }
        let error = try #require(writtenInPieces([1, bad], openingTo: 2, with: YAMLStreamWriter()).failureValue)
        #expect(error.path == DataPath([.key("list"), .index(1), .key("when")]))
        #expect(error.problem.hasPrefix("document 2: "))
        var shallow = YAMLSerializer.Options()
        shallow.limits.maxDepth = 2
        expectPiecesWriteLikeDocuments([["a": [[1]], "b": 2]]) { YAMLStreamWriter(options: shallow) }
    }

    @Test("finishing inside a document is refused")
    func finishInsideDocument() throws {
        var writer = YAMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(.beginArray(count: 2, position: .unknown), into: &output)
        try writer.write(.value(1), into: &output)
        _ = try expectError(kind: .invalidValue) { try writer.finish(into: &output) }
    }
}
