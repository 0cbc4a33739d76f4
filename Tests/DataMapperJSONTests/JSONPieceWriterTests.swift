import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Writing JSON documents told piece by piece: the bytes of writing them whole.
@Suite struct JSONPieceWriterTests {
    /// Edge cases: empty containers opened, nested empty ones, escapes, big numbers,
    /// binary, timestamps, keys that look like other things.
    static let edges: [SupportedType] = [
        [:],
        [],
        [[], [:], [[]], ["": [:]]],
        ["": "", "1": [1, 2], "true": .null, "a\"b\\c\n": "\u{1}\u{7F}😀\u{2028}", "日本": [["x": []]]],
        [.bigNumber("123456789012345678901234567890"), SupportedType(.uint(UInt64.max)), .int(Int.min), .double(-0.0), .double(1e300)],
        ["bytes": .binary(Data([0, 1, 254, 255])), "when": .timestamp(seconds: -1, nanoseconds: 5_000_000)],
        "a lone string",
        7,
    ]

    static func randomDocuments(seed: UInt64, count: Int) -> [SupportedType] {
        var random = RandomValues(seed: seed, leaves: RandomValues.Leaves.json.union([.binary, .timestamp]))
        return (0..<count).map { _ in random.value(depth: 5) }
    }

    static let options: [(String, JSONStreamReader.Framing, JSONSerializer.Options)] = {
        var pretty = JSONSerializer.Options()
        pretty.outputStyle = .pretty
        var wide = pretty
        wide.indentWidth = 4
        return [("compact", .texts, JSONSerializer.Options()), ("pretty", .texts, pretty), ("pretty 4", .texts, wide),
                ("lines", .lines, JSONSerializer.Options()), ("lines pretty asked", .lines, pretty)]
    }()

    @Test("pieces at every depth give the bytes of whole documents, in every layout")
    func piecesMatchWholeDocuments() {
        for (name, framing, options) in Self.options {
            expectPiecesWriteLikeDocuments(Self.edges, "\(name) edges") { JSONStreamWriter(framing: framing, options: options) }
            for document in Self.edges {
                expectPiecesWriteLikeDocuments([document], "\(name) \(document)") { JSONStreamWriter(framing: framing, options: options) }
            }
            for seed in UInt64(1)...40 {
                let documents = Self.randomDocuments(seed: seed, count: Int(seed % 4) + 1)
                expectPiecesWriteLikeDocuments(documents, "\(name) seed \(seed)") { JSONStreamWriter(framing: framing, options: options) }
            }
        }
    }

    @Test("a value JSON cannot hold is refused with its full path and document number")
    func refusalsNameFullPath() throws {
        let document: SupportedType = ["ok": [1, 2], "bad": ["deeper": [0, .double(.nan)]]]
        expectPiecesWriteLikeDocuments([1, document]) { JSONStreamWriter() }
        let error = try #require(writtenInPieces([1, document], openingTo: 2, with: JSONStreamWriter()).failureValue)
        #expect(error.path == DataPath([.key("bad"), .key("deeper"), .index(1)]))
        #expect(error.problem.hasPrefix("document 2: "))
    }

    @Test("nesting past the depth limit is refused whether it is opened or inside a value")
    func depthLimit() {
        var options = JSONSerializer.Options()
        options.limits.maxDepth = 3
        let document: SupportedType = ["a": [["b": [1]]], "c": [[]]]
        expectPiecesWriteLikeDocuments([document]) { JSONStreamWriter(options: options) }
    }

    @Test("sorted keys: values are sorted, a dictionary opened as pieces is refused")
    func sortedKeys() throws {
        var options = JSONSerializer.Options()
        options.sortKeys = true
        let document: SupportedType = ["list": [["b": 1, "a": 2], ["d": 3, "c": 4]]]
        // Opening only the root's array... the root is a dictionary, so it is refused.
        let refusal = try #require(writtenInPieces([document], openingTo: 1, with: JSONStreamWriter(options: options)).failureValue)
        #expect(refusal.kind == .unsupported)
        #expect(refusal.problem.contains("sorted keys"))
        // An array opened, its dictionaries given whole, is written sorted.
        let array: SupportedType = [["b": 1, "a": 2], ["d": 3, "c": 4]]
        #expect(try writtenInPieces([array], openingTo: 1, with: JSONStreamWriter(options: options)).get()
            == Array(#"[{"a":2,"b":1},{"c":4,"d":3}]"#.utf8))
        #expect(try writtenInPieces([document], openingTo: 0, with: JSONStreamWriter(options: options)).get()
            == writtenWhole([document], with: JSONStreamWriter(options: options)).get())
    }

    @Test("pieces out of order are refused")
    func outOfOrder() throws {
        var writer = JSONStreamWriter()
        var output: [UInt8] = []
        try writer.write(.beginArray(count: 1, position: .unknown), into: &output)
        let error = try expectError(kind: .invalidValue) { try writer.write(.key("a", position: .unknown), into: &output) }
        #expect(error.problem.hasPrefix("document 1: "))
        #expect(output == Array("[".utf8))
    }

    @Test("a hand-written pretty document opened to the records")
    func prettyByHand() throws {
        var options = JSONSerializer.Options()
        options.outputStyle = .pretty
        let document: SupportedType = ["records": [["id": 1], [:]], "n": []]
        let bytes = try writtenInPieces([document], openingTo: 2, with: JSONStreamWriter(options: options)).get()
        #expect(String(decoding: bytes, as: UTF8.self) == """
        {
          "records": [
            {
              "id": 1
            },
            {}
          ],
          "n": []
        }
        """)
    }
}
