import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// JSON Lines: one whole text per line.
@Suite struct JSONLinesTests {
    let lines = JSONLinesSerializer()

    @Test("each non-empty line is one document, positioned in the whole file")
    func readsLines() throws {
        let text = "{\"id\": 1}\r\n\n  {\"id\": 2, \"tags\": [\"a\"]}  \n   \n3\n"
        let documents = try lines.deserializeAll(fromString: text)
        #expect(documents == [["id": 1], ["id": 2, "tags": ["a"]], 3])
        #expect(documents.map(\.position) == [.text(line: 1, column: 1), .text(line: 3, column: 3), .text(line: 5, column: 1)])
        #expect(try lines.deserializeAll(fromString: "[1]") == [[1]])
    }

    @Test("an empty file, or one of blank lines, holds no documents")
    func empty() throws {
        #expect(try lines.deserializeAll(Data()).isEmpty)
        #expect(try lines.deserializeAll(fromString: "\n \n\r\n").isEmpty)
    }

    @Test("a text that goes on past its line is an error at that line's end")
    func textSpanningLines() throws {
        for text in ["{\"a\": 1}\n{\"b\":\n 2}\n", "{\"a\": 1}\n{\"b\": 2\n{\"c\": 3}\n"] {
            let error = try expectError(kind: .syntax) { try lines.deserializeAll(fromString: text) }
            #expect(error.location?.position == .text(line: 2, column: text.contains("\"b\":\n") ? 6 : 8))
            #expect(error.message.hasPrefix("the line ends inside a JSON text"))
        }
    }

    @Test("two texts on one line are an error at the second")
    func twoTextsOnALine() throws {
        let error = try expectError(line: 2, column: 5) { try lines.deserializeAll(fromString: "1\n[2] [3]\n") }
        #expect(error.message == "unexpected '[' after the line's value; a JSON Lines line holds exactly one value")
    }

    @Test("a syntax error inside a line keeps its line and column")
    func errorInsideLine() throws {
        let error = try expectError(line: 2, column: 7) { try lines.deserializeAll(fromString: "{}\n{\"a\": tru}\n") }
        #expect(error.path.description == "a")
    }

    @Test("deserialize takes a file of one line and refuses a second, naming deserializeAll")
    func singleDocument() throws {
        #expect(try lines.deserialize(fromString: "{\"a\": 1}\n") == ["a": 1])
        let error = try expectError(kind: .syntax, line: 2, column: 1) { try lines.deserialize(fromString: "1\n2\n3\n") }
        #expect(error.message == "a second document starts here (2 lines from here to the end); "
            + "this reads exactly one document: read a stream of several with deserializeAll(_:)")
        #expect(throws: DataMapperError.self) { try lines.deserialize(Data()) }
    }

    @Test("writing puts each document on its own compact line, pretty style or not")
    func writes() throws {
        let documents: [SupportedType] = [["b": 1, "a": [1, 2]], "x", nil]
        let expected = "{\"b\":1,\"a\":[1,2]}\n\"x\"\nnull\n"
        #expect(String(decoding: try lines.serializeAll(documents), as: UTF8.self) == expected)
        let pretty = JSONLinesSerializer(options: .init(outputStyle: .pretty, sortKeys: true))
        #expect(String(decoding: try pretty.serializeAll(documents), as: UTF8.self) == "{\"a\":[1,2],\"b\":1}\n\"x\"\nnull\n")
        #expect(String(decoding: try lines.serialize(["k": "v"]), as: UTF8.self) == "{\"k\":\"v\"}\n")
        #expect(try lines.serializeAll([]).isEmpty)
        #expect(try lines.deserializeAll(lines.serializeAll(documents)) == documents)
    }
}
