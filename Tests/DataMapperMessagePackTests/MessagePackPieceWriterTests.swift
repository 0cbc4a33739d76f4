import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// Writing MessagePack values told piece by piece: the bytes of writing them whole.
@Suite struct MessagePackPieceWriterTests {
    static let edges: [SupportedType] = [
        [:],
        [],
        [[], [:], [[]], ["": [:]]],
        ["": "", "1": [1, 2], "true": .null, "a\"b": "\u{1}😀"],
        .array((0..<20).map { .int($0) }),
        .dictionary(OrderedMap((0..<17).map { ("k\($0)", SupportedType.int($0)) })),
        [.bigNumber("123456789012345678901234567890"), SupportedType(.uint(UInt64.max)), .int(Int.min), .double(0.1)],
        ["bytes": .binary(Data(repeating: 7, count: 300)), "when": .timestamp(seconds: -1, nanoseconds: 5_000_000)],
        ["ext": .ext(type: 5, data: Data([1, 2, 3, 4]))],
        "a lone string",
    ]

    @Test("pieces at every depth give the bytes of whole values")
    func piecesMatchWholeValues() {
        expectPiecesWriteLikeDocuments(Self.edges, maxDepth: 4) { MessagePackStreamWriter() }
        for document in Self.edges {
            expectPiecesWriteLikeDocuments([document], maxDepth: 3, "\(document)") { MessagePackStreamWriter() }
        }
        var options = MessagePackSerializer.Options()
        options.floatEncoding = .float64
        for seed in UInt64(1)...40 {
            var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .uint, .double, .string, .binary, .ext, .timestamp])
            let documents = (0..<(Int(seed % 4) + 1)).map { _ in random.value(depth: 5) }
            expectPiecesWriteLikeDocuments(documents, "seed \(seed)") { MessagePackStreamWriter() }
            expectPiecesWriteLikeDocuments(documents, "float64, seed \(seed)") { MessagePackStreamWriter(options: options) }
        }
    }

    @Test("refusals name the full path and the value's number, as whole values do")
    func refusals() throws {
        var shallow = MessagePackSerializer.Options()
        shallow.limits.maxDepth = 2
        let deep: SupportedType = ["a": [[1]], "b": 2]
        expectPiecesWriteLikeDocuments([1, deep]) { MessagePackStreamWriter(options: shallow) }
        let bad: SupportedType = ["ok": 1, "list": [1, ["when": .timestamp(seconds: 0, nanoseconds: 2_000_000_000)]]]
        expectPiecesWriteLikeDocuments([bad]) { MessagePackStreamWriter() }
        let error = try #require(writtenInPieces([bad], openingTo: 2, with: MessagePackStreamWriter()).failureValue)
        #expect(error.path == DataPath([.key("list"), .index(1), .key("when")]))
        #expect(error.problem.hasPrefix("document 1: "))
    }
}
