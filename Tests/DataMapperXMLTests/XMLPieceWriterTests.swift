import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// Writing the XML document told piece by piece: gathered, then the bytes of writing it whole.
@Suite struct XMLPieceWriterTests {
    static let documents: [SupportedType] = [
        ["root": ["@id": "1", "item": [1, 2, [:]], "#text": "t"]],
        ["records": [["id": 1], ["id": 2, "tags": []]]],
        [[1, 2], ["a": .null]],
        ["bad key": "<&>", "empty": [:]],
        "a lone string",
    ]

    @Test("pieces at every depth give the bytes and errors of the whole document")
    func piecesMatchWholeDocument() {
        for document in Self.documents {
            expectPiecesWriteLikeDocuments([document], "\(document)") { XMLStreamWriter() }
        }
        expectPiecesWriteLikeDocuments([["a": "\u{1}"]]) { XMLStreamWriter() }
        expectPiecesWriteLikeDocuments([1, 2]) { XMLStreamWriter() }
        for seed in UInt64(1)...20 {
            var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .string, .binary, .timestamp])
            expectPiecesWriteLikeDocuments([random.value(depth: 5)], "seed \(seed)") { XMLStreamWriter() }
        }
    }

    @Test("a stream ending inside the document is refused")
    func finishInsideDocument() throws {
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(.beginDictionary(count: 1, position: .unknown), into: &output)
        _ = try expectError(kind: .invalidValue) { try writer.finish(into: &output) }
    }
}
