import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// Streams of documents through the registry: `convertAll`, `DocumentSelection`, the
/// single-document `convert`, and the JSON Lines format.
@Suite struct StreamConversionTests {
    let registry = FormatRegistry.standard
    static let stream = "name: a\nport: 1\n---\nname: b\ntags: [x, z]\n---\n- 3\n- null\n"

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test("each document stays a document: JSON one text per line, YAML ---, MessagePack back to back")
    func eachDocument() throws {
        let data = Data(Self.stream.utf8)
        let json = try registry.convertAll(data, from: .yaml, to: .json)
        #expect(text(json) == "{\"name\":\"a\",\"port\":1}\n{\"name\":\"b\",\"tags\":[\"x\",\"z\"]}\n[3,null]\n")
        let lines = try registry.convertAll(data, from: .yaml, to: .jsonl)
        #expect(lines == json)
        let yaml = try registry.convertAll(json, from: .json, to: .yaml)
        #expect(text(yaml) == "name: a\nport: 1\n---\nname: b\ntags:\n- x\n- z\n---\n- 3\n- null\n")
        let msgpack = try registry.convertAll(data, from: .yaml, to: .msgpack)
        #expect(try registry.convertAll(msgpack, from: .msgpack, to: .json) == json)
    }

    @Test("pretty JSON texts each start on a line of their own")
    func prettyTexts() throws {
        let output = try registry.convertAll(Data("a: 1\n---\nb: 2\n".utf8), from: .yaml, to: .json, options: .init(style: .pretty))
        #expect(text(output) == "{\n  \"a\": 1\n}\n{\n  \"b\": 2\n}\n")
    }

    @Test("several documents into XML are an error naming the count and the wrap choice")
    func severalIntoXML() throws {
        let error = try expectError {
            try registry.convertAll(Data(Self.stream.utf8), from: .yaml, to: .xml)
        }
        #expect(error.kind == .unsupported)
        #expect(error.message == "xml holds one document and the input holds 3 documents; "
            + "wrap them in one array with DocumentSelection.wrapped, or pick one with .only(n)")
        #expect(try registry.convertAll(Data("a: x\n".utf8), from: .yaml, to: .xml, options: .init()).isEmpty == false)
    }

    @Test("wrapped makes one array of every document; into XML <root><item>…</item></root>")
    func wrapped() throws {
        let data = Data("a: 1\n---\nb: 2\n".utf8)
        #expect(text(try registry.convertAll(data, from: .yaml, to: .json, documents: .wrapped)) == "[{\"a\":1},{\"b\":2}]\n")
        let one = try registry.convertAll(Data("a: 1\n".utf8), from: .yaml, to: .json, documents: .wrapped)
        #expect(text(one) == "[{\"a\":1}]\n")
        let xml = try registry.convertAll(data, from: .yaml, to: .xml, documents: .wrapped)
        #expect(text(xml) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root><item><a>1</a></item><item><b>2</b></item></root>\n")
        let single = try registry.convertAll(Data("a: 1\n".utf8), from: .yaml, to: .xml, documents: .wrapped)
        #expect(text(single) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root><item><a>1</a></item></root>\n")
    }

    @Test("only(n) picks document n counted from 1; out of range names the count")
    func onlyOne() throws {
        let data = Data(Self.stream.utf8)
        #expect(text(try registry.convertAll(data, from: .yaml, to: .json, documents: .only(2))) == "{\"name\":\"b\",\"tags\":[\"x\",\"z\"]}\n")
        #expect(text(try registry.convertAll(data, from: .yaml, to: .xml, documents: .only(1)))
            == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root><name>a</name><port>1</port></root>\n")
        for number in [0, 4] {
            let error = try expectError {
                try registry.convertAll(data, from: .yaml, to: .json, documents: .only(number))
            }
            #expect(error.message == "there is no document \(number): the input holds 3 documents (numbered from 1)")
        }
    }

    @Test("no documents give no output, except into XML, which needs one")
    func noDocuments() throws {
        #expect(try registry.convertAll(Data("# empty\n".utf8), from: .yaml, to: .json).isEmpty)
        #expect(try registry.convertAll(Data(), from: .jsonl, to: .yaml).isEmpty)
        #expect(text(try registry.convertAll(Data(), from: .jsonl, to: .json, documents: .wrapped)) == "[]\n")
        #expect(throws: DataMapperError.self) { try registry.convertAll(Data(), from: .jsonl, to: .xml) }
    }

    @Test("convert of several documents is an error naming convertAll; none reads as before")
    func singleDocumentConvert() throws {
        let error = try expectError {
            try registry.convert(Data(Self.stream.utf8), from: .yaml, to: .json)
        }
        #expect(error.message == "the input holds 3 documents; convert converts one: use convertAll(_:from:to:documents:) to convert a stream")
        #expect(error.location?.position == .text(line: 4, column: 1))
        #expect(text(try registry.convert(Data("".utf8), from: .yaml, to: .json)) == "null\n")
        #expect(throws: DataMapperError.self) { try registry.convert(Data(), from: .json, to: .yaml) }
        #expect(text(try registry.convert(Data("{\"a\": 1}".utf8), from: .json, to: .yaml)) == "a: 1\n")
    }

    @Test("sorted keys apply to every document of a MessagePack stream")
    func sortedMessagePackStream() throws {
        let data = Data("b: 1\na: 2\n---\nd: 3\nc: 4\n".utf8)
        let packed = try registry.convertAll(data, from: .yaml, to: .msgpack, options: .init(sortKeys: true))
        #expect(try MessagePackStreamCheck.keys(of: packed) == [["a", "b"], ["c", "d"]])
    }

    @Test("a write error names the document's index first in its path")
    func writeErrorPath() throws {
        let data = Data("- 1\n---\nbig: 123456789012345678901234567890\n".utf8)
        let error = try expectError { try registry.convertAll(data, from: .yaml, to: .msgpack) }
        #expect(error.path.description == "[1].big")
        #expect(error.location?.position == .text(line: 3, column: 6))
    }

    @Test("every standard format reads a stream through the protocol, and says whether it writes one")
    func protocolDispatch() throws {
        let documents: [SupportedType] = [["a": "1"], ["b": "2"]]
        let formats = registry.formats.flatMap { format in [(format, FormatWriteOptions()), (format, FormatWriteOptions(style: .pretty, sortKeys: true))] }
        for (format, options) in formats {
            let serializer = format.serializer(options: options)
            #expect(serializer.writesStreams == format.writesStreams, "\(format.name)")
            #expect(format.writesStreams == (format.name != "xml"), "\(format.name)")
            guard format.writesStreams else { continue }
            #expect(try serializer.deserializeAll(serializer.serializeAll(documents)) == documents, "\(format.name)")
            #expect(throws: DataMapperError.self, "\(format.name)") { try serializer.deserialize(serializer.serializeAll(documents)) }
        }
    }
}

@Suite struct JSONLinesFormatTests {
    let registry = FormatRegistry.standard

    @Test("jsonl is found by name, alias, extension and media type")
    func lookups() throws {
        #expect(try registry.format(named: "ndjson").name == "jsonl")
        #expect(try registry.format(forPath: "events.jsonl").name == "jsonl")
        #expect(try registry.format(forPath: "events.NDJSON").name == "jsonl")
        #expect(try registry.format(forMediaType: "application/jsonl").name == "jsonl")
        #expect(try registry.format(forMediaType: "application/x-ndjson; charset=utf-8").name == "jsonl")
    }

    @Test("*/* still answers JSON, and JSON content still sniffs as JSON")
    func jsonStaysTheDefault() throws {
        #expect(try registry.negotiate(accept: "*/*").format.name == "json")
        #expect(try registry.negotiate(accept: "application/x-ndjson, */*;q=0.5").format.name == "jsonl")
        #expect(try registry.format(sniffing: Data("{\"a\":1}\n{\"a\":2}\n".utf8)).name == "json")
        #expect(DataFormat.jsonl.sniff(Data("{}".utf8)) == .none)
    }
}

/// Reads back a MessagePack stream through the registry to look at key order.
enum MessagePackStreamCheck {
    static func keys(of data: Data) throws -> [[String]] {
        try DataFormat.msgpack.serializer().deserializeAll(data).map { document in
            guard case .dictionary(let map) = document.kind else { return [] }
            return Array(map.keys)
        }
    }
}
