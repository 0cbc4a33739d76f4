import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Several JSON texts in one input: read with `deserializeAll`, refused by `deserialize`.
@Suite struct JSONStreamTests {
    let json = JSONSerializer()

    @Test("deserializeAll reads whitespace-separated texts with positions in the whole input")
    func readsTexts() throws {
        let text = "{\"a\": 1}\n  [2, 3]\t\"four\"\n\n5 null\n"
        let documents = try json.deserializeAll(fromString: text)
        #expect(documents == [["a": 1], [2, 3], "four", 5, nil])
        #expect(documents.map(\.position) == [
            .text(line: 1, column: 1), .text(line: 2, column: 3), .text(line: 2, column: 10),
            .text(line: 4, column: 1), .text(line: 4, column: 3),
        ])
        #expect(try json.deserializeAll(fromString: "[1]") == [[1]])
    }

    @Test("texts ending in ], } or a quote may touch the next; numbers and literals may not")
    func separation() throws {
        #expect(try json.deserializeAll(fromString: "[][]{}\"x\"[1]") == [[], [], [:], "x", [1]])
        #expect(try json.deserializeAll(fromString: "12") == [12])
        let error = try expectError(kind: .syntax, line: 1, column: 6) { try json.deserializeAll(fromString: "[1] 1true") }
        #expect(error.message == "unexpected 't' right after a value; separate JSON texts with whitespace")
    }

    @Test("an error in a later text points at its line and column in the whole input")
    func laterTextError() throws {
        let error = try expectError {
            try json.deserializeAll(fromString: "{\"ok\": 1}\n{\"ok\": 2}\n{\"bad\": [1,]}\n")
        }
        #expect(error.kind == .syntax)
        #expect(error.location?.position == .text(line: 3, column: 12))
        #expect(error.path.description == "bad[1]")
    }

    @Test("input with no text is an error, as for one document")
    func noText() throws {
        for text in ["", " \n\t"] {
            let error = try expectError { try json.deserializeAll(fromString: text) }
            #expect(error.message == "unexpected end of input; the document holds no value")
        }
    }

    @Test("deserialize still refuses [][] (JSONTestSuite), naming the stream API")
    func singleDocumentRefusesSeveral() throws {
        let error = try expectError(kind: .syntax, line: 1, column: 3) { try json.deserialize(fromString: "[][]") }
        #expect(error.message.contains("deserializeAll(_:)"))
        #expect(try json.deserializeAll(fromString: "[][]") == [[], []])
    }

    @Test("decode of several texts is an error whose cause names the stream API")
    func decodeRefusesSeveral() throws {
        let error = try #require(throws: DecodingError.self) { try json.decode([Int].self, fromString: "[1]\n[2]\n") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        let cause = try #require(context.underlyingError as? DataMapperError)
        #expect(cause.location?.position == .text(line: 2, column: 1))
        #expect(cause.message.contains("deserializeAll(_:)"))
    }

    @Test("serializeAll writes compact texts one per line and pretty texts each on a new line")
    func writes() throws {
        let documents: [SupportedType] = [["a": 1], [true, nil], "x"]
        #expect(String(decoding: try json.serializeAll(documents), as: UTF8.self) == "{\"a\":1}\n[true,null]\n\"x\"")
        let pretty = JSONSerializer(options: .init(outputStyle: .pretty))
        #expect(String(decoding: try pretty.serializeAll(documents), as: UTF8.self) == """
            {
              "a": 1
            }
            [
              true,
              null
            ]
            "x"
            """)
        #expect(try json.serializeAll([]).isEmpty)
        #expect(try json.deserializeAll(json.serializeAll(documents)) == documents)
        #expect(json.writesStreams)
    }

    @Test("a value JSON cannot hold is refused with the document's index first in the path")
    func writeErrorPath() throws {
        let error = try expectError(kind: .unsupported) { try json.serializeAll([["a": 1], ["b": [.double(.nan)]]]) }
        #expect(error.path.description == "[1].b[0]")
    }
}
