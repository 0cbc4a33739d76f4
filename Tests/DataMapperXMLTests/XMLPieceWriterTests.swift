import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// Writing the XML document told piece by piece: the bytes and errors of writing it
/// whole, written as the pieces come.
@Suite struct XMLPieceWriterTests {
    static let documents: [SupportedType] = [
        ["root": ["@id": "1", "item": [1, 2, [:]], "#text": "t"]],
        ["records": [["id": 1], ["id": 2, "tags": []]]],
        [[1, 2], ["a": .null]],
        ["bad key": "<&>", "empty": [:]],
        "a lone string",
        // The root's only entry, a dictionary, is the root element.
        ["data": ["meta": ["n": 2, "@v": "1"], "records": [["id": 1, "tags": ["a", "b"]], ["id": 2]]]],
        ["data": ["records": [["id": 1], [["x": 1]], [[1], []]]]],
        ["data": []],
        ["data": [:]],
        ["data": "text"],
        ["@only": "attribute"],
        ["#text": "only text"],
        // The last key is an attribute or the text: written around gathered children.
        ["a": ["b": ["c": 1], "d": [[1, 2], ["e": "f"]], "@last": "x"]],
        ["a": ["b": ["c": 1], "d": [1, 2], "#text": "last"]],
        ["a": ["#text": "first", "b": ["c": [1, 2]]]],
        // Namespaces declared on an element whose children stream.
        ["x:doc": ["@xmlns:x": "urn:x", "x:meta": ["x:n": 1], "x:items": [["x:id": 1], ["y:id": 2]]]],
        ["doc": ["@xmlns:p": "urn:p", "@p:attr": "v", "p:list": [["p:i": 1], ["q:i": 2]]]],
        // Empty containers wherever they can stand.
        ["a": ["b": [], "c": [:], "d": [[]], "e": [[:]]]],
        ["a": ["b": 1, "c": []]],
        ["a": ["b": [], "c": []]],
        [[], [:], [[]]],
        [:],
        [],
    ]

    /// Documents each option set refuses, or that fail partway.
    static let refused: [SupportedType] = [
        ["a": ["b": ["c": [1, "\u{1}"]]]],
        ["a": ["@bad": [1], "b": [[1, 2]]]],
        ["a": ["b": [1, 2], "#text": [1]]],
        ["a": ["b": [1, 2], "@late": ["x": 1]]],
        ["a": ["ok": 1, "b": [["c": .ext(type: 1, data: Data([2]))]]]],
        ["records": [["id": 1], ["id": "\u{FFFE}"]]],
        ["records": [["deep": ["deeper": ["deepest": ["x": 1]]]]]],
        [[[[[["x": 1]]]]]],
    ]

    static let optionSets: [XMLSerializer.Options] = [
        XMLSerializer.Options(),
        XMLSerializer.Options(outputStyle: .pretty),
        XMLSerializer.Options(outputStyle: .pretty, indent: 3, writesDeclaration: false),
        XMLSerializer.Options(rootName: "doc"),
        XMLSerializer.Options(rootName: "doc", outputStyle: .pretty, sortKeys: true),
        XMLSerializer.Options(attributePrefix: "_", textKey: "_text", outputStyle: .pretty),
        XMLSerializer.Options(attributePrefix: "", textKey: "text"),
        XMLSerializer.Options(limits: ParsingLimits(maxDepth: 4), outputStyle: .pretty),
    ]

    @Test("pieces at every depth give the bytes and errors of the whole document, under every option set")
    func piecesMatchWholeDocument() {
        for (number, options) in Self.optionSets.enumerated() {
            for document in Self.documents + Self.refused {
                expectPiecesWriteLikeDocuments([document], "options \(number): \(document)") { XMLStreamWriter(options: options) }
            }
        }
        expectPiecesWriteLikeDocuments([["a": "\u{1}"]]) { XMLStreamWriter() }
        expectPiecesWriteLikeDocuments([1, 2]) { XMLStreamWriter() }
        expectPiecesWriteLikeDocuments([["a": [1]], ["b": [2]]]) { XMLStreamWriter() }
        for seed in UInt64(1)...20 {
            var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .string, .binary, .timestamp])
            let document = random.value(depth: 5)
            expectPiecesWriteLikeDocuments([document], "seed \(seed)") { XMLStreamWriter() }
            expectPiecesWriteLikeDocuments([document], "seed \(seed), pretty") {
                XMLStreamWriter(options: XMLSerializer.Options(outputStyle: .pretty))
            }
        }
    }

    @Test("an error names the position writing the whole document names")
    func errorPositions() throws {
        func at(_ line: Int, _ value: SupportedType) -> SupportedType { value.withPosition(.text(line: line, column: 1)) }
        let documents: [SupportedType] = [
            at(1, ["data": at(2, ["meta": at(3, ["n": at(4, 1)]), "records": at(5, [at(6, ["id": at(7, "\u{1}")])])])]),
            at(1, ["data": at(2, ["records": at(5, [at(6, ["id": "\u{1}"])])])]),
            at(1, ["data": at(2, ["@bad": at(3, [1]), "records": at(5, [at(6, ["id": 1])])])]),
            at(1, ["a": 1, "records": at(5, [["x": ["y": "\u{1}"]]])]),
            at(1, ["records": at(5, [at(6, ["x": ["y": ["z": .ext(type: 1, data: Data([2]))]]])])]),
        ]
        for document in documents {
            let whole = writtenWhole([document], with: XMLStreamWriter())
            #expect(whole.failureValue?.location != nil, "\(document)")
            expectPiecesWriteLikeDocuments([document], "\(document)") { XMLStreamWriter() }
            expectPiecesWriteLikeDocuments([document], "\(document), pretty") {
                XMLStreamWriter(options: XMLSerializer.Options(outputStyle: .pretty))
            }
        }
    }

    @Test("records are handed over as they arrive, before the document ends")
    func recordsStream() throws {
        for wrapsInData in [false, true] {
            var writer = XMLStreamWriter(options: XMLSerializer.Options(outputStyle: .pretty))
            var output: [UInt8] = []
            if wrapsInData {
                try writer.write(.beginDictionary(count: 1, position: .unknown), into: &output)
                try writer.write(.key("data", position: .unknown), into: &output)
            }
            try writer.write(.beginDictionary(count: 2, position: .unknown), into: &output)
            try writer.write(.key("meta", position: .unknown), into: &output)
            try writer.write(.value(["count": 1000]), into: &output)
            try writer.write(.key("records", position: .unknown), into: &output)
            try writer.write(.beginArray(count: 1000, position: .unknown), into: &output)
            var record = 0
            func nextRecord() throws {
                let piece = DocumentPiece.value(["id": .int(record), "name": .string("record \(record)")])
                try writer.write(piece, into: &output)
                record += 1
            }
            try nextRecord()
            try nextRecord()
            let text = String(decoding: output, as: UTF8.self)
            let root = wrapsInData ? "data" : "root"
            #expect(text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <\(root)>
                  <meta>
                    <count>1000</count>
                  </meta>
                  <records>
                    <id>0</id>
                    <name>record 0</name>
                  </records>
                  <records>
                    <id>1</id>
                    <name>record 1</name>
                  </records>

                """)
            // Each record's bytes come with it: the output never waits for the end.
            while record < 1000 {
                let before = output.count
                try nextRecord()
                #expect(output.count > before)
            }
            try writer.write(.end, into: &output)
            try writer.write(.end, into: &output)
            if wrapsInData { try writer.write(.end, into: &output) }
            try writer.finish(into: &output)
            #expect(String(decoding: output, as: UTF8.self).hasSuffix("<name>record 999</name>\n  </records>\n</\(root)>\n"))
        }
    }

    @Test("a dictionary opened inside a record streams its last entry too")
    func nestedStreaming() throws {
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        let pieces: [DocumentPiece] = [
            .beginArray(count: 1, position: .unknown),
            .beginDictionary(count: 2, position: .unknown),
            .key("@id", position: .unknown), .value("7"),
            .key("rows", position: .unknown),
            .beginArray(count: 2, position: .unknown),
            .value(1),
        ]
        for piece in pieces { try writer.write(piece, into: &output) }
        #expect(String(decoding: output, as: UTF8.self) == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<root><item id=\"7\"><rows>1</rows>")
    }

    @Test("a second document opened piece by piece is refused, naming it")
    func secondOpened() throws {
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(["a": "1"], into: &output)
        let before = output
        let error = try expectError(kind: .unsupported) {
            try writer.write(.beginArray(count: 0, position: .unknown), into: &output)
        }
        #expect(error.problem.hasPrefix("document 2: "))
        #expect(output == before)
    }

    @Test("a stream ending inside the document is refused")
    func finishInsideDocument() throws {
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(.beginDictionary(count: 1, position: .unknown), into: &output)
        _ = try expectError(kind: .invalidValue) { try writer.finish(into: &output) }
    }
}
