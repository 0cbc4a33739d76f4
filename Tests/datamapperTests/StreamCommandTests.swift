import DataMapper
import DataMapperFormats
import Foundation
import Testing

/// The tool on streams of documents: every document converts, validates and answers `get`.
@Suite struct StreamCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    static let manifest = KubernetesManifest(documents: 35)

    func documents(_ text: String, as format: DataFormat) throws -> [SupportedType] {
        try format.serializer().deserializeAll(Data(text.utf8))
    }

    @Test("a 35-document manifest converts to JSON, one text per line, and back to YAML, value for value")
    func manifestRoundTrip() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        #expect(try documents(Self.manifest.yaml, as: .yaml) == Self.manifest.values)

        let toJSON = try tool.run(["convert", "manifest.yaml", "--to", "json", "-o", "manifest.json"], in: scratch.url)
        #expect(toJSON.status == 0)
        // The one thing JSON cannot keep is the manifest's opening comment.
        #expect(toJSON.standardError.contains("loses 1 thing"))
        #expect(toJSON.standardError.contains(##"manifest.yaml:1:1: comment at apiVersion: the comment "# a manifest of 35 documents" is dropped"##))
        let written = scratch.contents("manifest.json")
        let json = try #require(written)
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 36 && lines.last == "", "35 lines, each ending with a line feed")
        for (line, expected) in zip(lines, Self.manifest.values) {
            #expect(try DataFormat.json.serializer().deserialize(Data(line.utf8)) == expected)
        }

        let back = try tool.run(["convert", "manifest.json", "--to", "yaml"], in: scratch.url)
        #expect(back.status == 0)
        #expect(back.output.components(separatedBy: "\n---\n").count == 35)
        #expect(try documents(back.output, as: .yaml) == Self.manifest.values)

        let again = try tool.run(["convert", "--from", "yaml", "--to", "json"], input: back.standardOutput)
        #expect(again.output == json)
    }

    @Test("--wrap writes one array of every document; --document N picks one")
    func wrapAndPick() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        let wrapped = try tool.run(["convert", "manifest.yaml", "--to", "json", "--wrap"], in: scratch.url)
        #expect(wrapped.status == 0)
        #expect(try documents(wrapped.output, as: .json) == [.array(Self.manifest.values)])
        let picked = try tool.run(["convert", "manifest.yaml", "--to", "json", "--document", "5"], in: scratch.url)
        #expect(picked.status == 0)
        #expect(try documents(picked.output, as: .json) == [Self.manifest.values[4]])
        let single = try tool.run(["convert", "--from", "json", "--to", "json", "--wrap"], input: Data(#"{"a": 1}"#.utf8))
        #expect(single.output == "[{\"a\":1}]\n")
    }

    @Test("--document out of range is exit 1 naming the count")
    func documentOutOfRange() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        let result = try tool.run(["convert", "manifest.yaml", "--to", "json", "--document", "36"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError == "manifest.yaml: --document 36: the input holds 35 documents\n")
    }

    @Test("--document below 1, or with --wrap, is a usage error", arguments: [
        ["--document", "0"], ["--document", "-2"], ["--wrap", "--document", "1"],
    ])
    func documentUsage(arguments: [String]) throws {
        let result = try tool.run(["convert", "--from", "yaml", "--to", "json"] + arguments, input: Data("a: 1\n".utf8))
        #expect(result.status == 64)
        #expect(result.output == "")
    }

    @Test("several documents into XML are exit 1 naming the count and --wrap; --wrap gives <root><item>")
    func severalIntoXML() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        let refused = try tool.run(["convert", "manifest.yaml", "--to", "xml"], in: scratch.url)
        #expect(refused.status == 1)
        #expect(refused.output == "")
        #expect(refused.standardError
            == "manifest.yaml: xml holds one document and the input holds 35 documents; --wrap writes them as one array, --document N picks one\n")

        let wrapped = try tool.run(["convert", "--from", "yaml", "--to", "xml", "--wrap"], input: Data("a: 1\n---\nb: x\n".utf8))
        #expect(wrapped.status == 0)
        #expect(wrapped.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root><item><a>1</a></item><item><b>x</b></item></root>\n")
        let one = try tool.run(["convert", "--from", "yaml", "--to", "xml", "--wrap"], input: Data("a: 1\n".utf8))
        #expect(one.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root><item><a>1</a></item></root>\n")
    }

    @Test("validate checks every document and counts them")
    func validateCounts() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        try scratch.file("one.json", "{\"a\": 1}\n")
        try scratch.file("empty.yaml", "# nothing\n")
        try scratch.file("bad.yaml", "a: 1\n---\nb: [1, 2\n---\nc: 3\n")
        let result = try tool.run(["validate", "manifest.yaml", "one.json", "empty.yaml", "bad.yaml"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "manifest.yaml: ok (35 documents)\none.json: ok (1 document)\nempty.yaml: ok (no documents)\n")
        #expect(result.standardError.hasPrefix("bad.yaml:4:1: "))
    }

    @Test("get prints one line per document")
    func getPerDocument() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        let kinds = try tool.run(["get", "kind", "manifest.yaml"], in: scratch.url)
        #expect(kinds.status == 0)
        let expected = (0..<35).map { ["Deployment", "Service", "ConfigMap"][$0 % 3] }.joined(separator: "\n") + "\n"
        #expect(kinds.output == expected)
        let metadata = try tool.run(["get", "metadata", "--from", "jsonl"], input: Data("{\"metadata\": {\"n\": 1}}\n\n{\"metadata\": [2]}\n".utf8))
        #expect(metadata.output == "{\"n\":1}\n[2]\n")
        let yaml = try tool.run(["get", "a", "--from", "json", "--to", "yaml"], input: Data("{\"a\": [1]} {\"a\": \"x\"}".utf8))
        #expect(yaml.output == "- 1\n--- x\n")
    }

    @Test("get on a document that lacks the path is exit 1 naming the document's number")
    func getMissingInOneDocument() throws {
        let scratch = try Scratch()
        try scratch.file("manifest.yaml", Self.manifest.yaml)
        let result = try tool.run(["get", "spec.replicas", "manifest.yaml"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError
            == "manifest.yaml:39:3: spec.replicas: document 2: no value at this path: spec has no key \"replicas\"\n")
    }

    @Test("JSON Lines in and out: by extension, by name, one compact text per line")
    func jsonLines() throws {
        let scratch = try Scratch()
        try scratch.file("events.jsonl", "{\"id\": 1, \"ok\": true}\n\n{\"id\": 2, \"ok\": false}\n")
        let toYAML = try tool.run(["convert", "events.jsonl", "--to", "yaml"], in: scratch.url)
        #expect(toYAML.status == 0)
        #expect(toYAML.output == "id: 1\nok: true\n---\nid: 2\nok: false\n")
        let toLines = try tool.run(["convert", "--from", "yaml", "-o", "out.ndjson", "--pretty"], input: Data("a: 1\n---\n- b\n".utf8), in: scratch.url)
        #expect(toLines.status == 0)
        #expect(scratch.contents("out.ndjson") == "{\"a\":1}\n[\"b\"]\n")
        let spread = try tool.run(["convert", "--from", "jsonl", "--to", "json"], input: Data("{\"a\":\n1}\n".utf8))
        #expect(spread.status == 1)
        #expect(spread.standardError.hasPrefix("<stdin>:1:6: the line ends inside a JSON text"))
    }

    @Test("several JSON texts on standard input convert text by text")
    func severalJSONTexts() throws {
        let result = try tool.run(["convert", "--to", "yaml"], input: Data("{\"a\": 1} {\"a\": 2}\n[3]".utf8))
        #expect(result.status == 0)
        #expect(result.output == "a: 1\n---\na: 2\n---\n- 3\n")
        let pretty = try tool.run(["convert", "--pretty"], input: Data("{\"a\": 1}{\"b\": 2}".utf8))
        #expect(pretty.output == "{\n  \"a\": 1\n}\n{\n  \"b\": 2\n}\n")
    }

    @Test("a value the target cannot hold is reported with its document's number and place")
    func writeErrorNamesDocument() throws {
        let scratch = try Scratch()
        try scratch.file("in.yaml", "a: 1\n---\nbig: 123456789012345678901234567890\n")
        let result = try tool.run(["convert", "in.yaml", "--to", "msgpack", "--quiet"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("in.yaml:3:6: big: document 2: "))
    }

    @Test("the loss report covers the documents written: each, one picked, or all wrapped")
    func lossReportFollowsSelection() throws {
        let scratch = try Scratch()
        try scratch.file("in.yaml", "a: 1\n---\n# second\nb: 2\n")
        let picked = try tool.run(["convert", "in.yaml", "--to", "json", "--document", "2"], in: scratch.url)
        #expect(picked.output == "{\"b\":2}\n")
        #expect(picked.standardError.contains(##"in.yaml:3:1: comment at b: the comment "# second" is dropped"##))
        let first = try tool.run(["convert", "in.yaml", "--to", "json", "--document", "1"], in: scratch.url)
        #expect(first.status == 0 && first.standardError == "")
        let wrapped = try tool.run(["convert", "in.yaml", "--to", "xml", "--wrap", "--quiet", "--report", "r.json"], in: scratch.url)
        #expect(wrapped.status == 0)
        let report = scratch.contents("r.json") ?? ""
        let losses = try DataFormat.json.serializer().deserialize(fromString: report)["losses"]?.array ?? []
        let paths = losses.compactMap { $0["path"]?.string }
        #expect(paths.contains("b"), "the comment, at its own document's path")
        #expect(paths.contains("[0].a") && paths.contains("[1].b"), "XML typing, inside the wrapping array")
    }

    @Test("an empty YAML file converts to nothing, and get on it is an error")
    func emptyStream() throws {
        let converted = try tool.run(["convert", "--from", "yaml", "--to", "json"], input: Data("# nothing\n".utf8))
        #expect(converted.status == 0)
        #expect(converted.output == "")
        let got = try tool.run(["get", "a", "--from", "yaml"], input: Data("# nothing\n".utf8))
        #expect(got.status == 1)
        #expect(got.standardError == "<stdin>: the input holds no documents, so nothing is at 'a'\n")
    }
}
