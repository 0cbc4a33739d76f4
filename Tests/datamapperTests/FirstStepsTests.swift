import Foundation
import Testing

/// What a yq user tries first: --version, media types for --from/--to, and yq's key paths.
@Suite struct FirstStepsTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let result = try tool.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "0.9.0\n")
    }

    @Test("--from and --to accept media types, with parameters and in any case", arguments: [
        (["--from", "application/json", "--to", "application/yaml; charset=utf-8"], "a: 1\n"),
        (["--from", "Text/JSON", "--to", "text/x-yaml"], "a: 1\n"),
        (["--from", "json", "--to", "application/ld+json"], #"{"a":1}"# + "\n"),
        (["--from", ".json", "--to", "application/xml"], "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>1</a>\n"),
    ])
    func mediaTypes(arguments: [String], expected: String) throws {
        let result = try tool.run(["convert"] + arguments, input: Data(#"{"a": 1}"#.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == expected)
    }

    @Test("a MessagePack media type picks MessagePack")
    func messagePackMediaType() throws {
        let result = try tool.run(["convert", "--from", "application/json", "--to", "application/x-msgpack"], input: Data(#"{"a": 1}"#.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == Data([0x81, 0xA1, 0x61, 0x01]))
    }

    @Test("an unknown media type is a usage error listing the formats", arguments: [
        ["convert", "--to", "text/plain"], ["get", ".", "--from", "application/bogus"], ["validate", "-", "--from", "image/png"],
    ])
    func unknownMediaType(arguments: [String]) throws {
        let result = try tool.run(arguments, input: Data("{}".utf8))
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown format"))
        #expect(result.standardError.contains("(known formats: \(standardFormatNames))"))
    }
}

/// `get` with yq's spellings and keys that contain dots.
@Suite struct GetKeyPathSpellingTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    static let document = """
        spec:
          replicas: 3
          ports: [80, 443]
        metadata:
          labels:
            app.kubernetes.io/name: web
            tier: front

        """

    func get(_ path: String) throws -> Tool.Result {
        try tool.run(["get", path, "--from", "yaml"], input: Data(Self.document.utf8))
    }

    @Test("a leading dot, backticks and quoted keys reach the values", arguments: [
        (".spec.replicas", "3\n"),
        ("spec.replicas", "3\n"),
        (".spec.ports[1]", "443\n"),
        ("spec.ports.`1`", "443\n"),
        (#".metadata.labels["app.kubernetes.io/name"]"#, "web\n"),
        ("metadata.labels['app.kubernetes.io/name']", "web\n"),
        (".", #"{"spec":{"replicas":3,"ports":[80,443]},"metadata":{"labels":{"app.kubernetes.io/name":"web","tier":"front"}}}"# + "\n"),
    ])
    func spellings(path: String, expected: String) throws {
        let result = try get(path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == expected)
    }

    @Test("a dotted key written without quotes gets the quoted form suggested")
    func dottedKeySuggestion() throws {
        let result = try get(".metadata.labels.app.kubernetes.io/name")
        #expect(result.status == 1)
        #expect(result.standardError == """
            <stdin>:6:5: metadata.labels.app.kubernetes["io/name"]: no value at this path: metadata.labels has no key "app"; \
            a key containing dots goes in brackets and quotes: metadata.labels["app.kubernetes.io/name"]

            """)
    }

    @Test("the suggestion keeps the steps after the dotted key")
    func suggestionWithRest() throws {
        let result = try tool.run(["get", "a.b.c.d", "--from", "json"], input: Data(#"{"a": {"b.c": {"d": 1}}}"#.utf8))
        #expect(result.status == 1)
        #expect(result.standardError.hasSuffix(#"a has no key "b"; a key containing dots goes in brackets and quotes: a["b.c"].d"# + "\n"))
    }

    @Test("a missing key that no dotted key explains gets no suggestion")
    func noSuggestion() throws {
        let result = try get(".metadata.labels.version")
        #expect(result.status == 1)
        #expect(result.standardError == "<stdin>:6:5: metadata.labels.version: no value at this path: metadata.labels has no key \"version\"\n")
    }

    @Test("help explains keys that contain dots")
    func help() throws {
        let result = try tool.run(["get", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains(#"metadata.labels["app.kubernetes.io/name"]"#))
        #expect(result.output.contains("'.spec.replicas'"))
    }

    @Test("a quoted key after a dot is a usage error that shows the bracket form")
    func quotedAfterDot() throws {
        let result = try get(#".metadata.labels."app.kubernetes.io/name""#)
        #expect(result.status == 64)
        #expect(result.standardError.contains(#"a quoted key goes in brackets, as in a["key.with.dots"]"#))
    }
}
