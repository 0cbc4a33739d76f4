import Foundation
import Testing

@Suite struct GetCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    /// Positions used below: `servers`' array opens at 2:14, its first dictionary at 3:5.
    static let document = """
        {
          "servers": [
            {"host": "a.example", "port": 80, "note": "say \\"hi\\"\\ttab"}
          ],
          "ratio": 0.5,
          "enabled": true,
          "nothing": null
        }

        """

    func get(_ arguments: [String]) throws -> Tool.Result {
        let scratch = try Scratch()
        try scratch.file("cfg.json", Self.document)
        return try tool.run(["get"] + arguments, in: scratch.url)
    }

    @Test("a string prints raw, without quotes or escapes", arguments: [
        ("servers[0].host", "a.example\n"),
        ("servers[0].note", "say \"hi\"\ttab\n"),
    ])
    func rawString(path: String, expected: String) throws {
        let result = try get([path, "cfg.json"])
        #expect(result.status == 0)
        #expect(result.output == expected)
        #expect(result.standardError == "")
    }

    @Test("other values print as compact JSON", arguments: [
        ("servers[0].port", "80\n"),
        ("ratio", "0.5\n"),
        ("enabled", "true\n"),
        ("nothing", "null\n"),
        ("servers", #"[{"host":"a.example","port":80,"note":"say \"hi\"\ttab"}]"# + "\n"),
        (#"["servers"][0]["port"]"#, "80\n"),
    ])
    func otherValues(path: String, expected: String) throws {
        let result = try get([path, "cfg.json"])
        #expect(result.status == 0)
        #expect(result.output == expected)
    }

    @Test("--to json prints a string quoted")
    func quotedWithTo() throws {
        let result = try get(["servers[0].note", "cfg.json", "--to", "json"])
        #expect(result.status == 0)
        #expect(result.output == #""say \"hi\"\ttab""# + "\n")
    }

    @Test("--pretty lays out a nested value")
    func pretty() throws {
        let result = try get(["servers[0]", "cfg.json", "--pretty"])
        #expect(result.status == 0)
        #expect(result.output == """
            {
              "host": "a.example",
              "port": 80,
              "note": "say \\"hi\\"\\ttab"
            }

            """)
    }

    @Test("an empty key path is the whole document")
    func root() throws {
        let result = try get(["", "cfg.json"])
        #expect(result.status == 0)
        #expect(result.output == #"{"servers":[{"host":"a.example","port":80,"note":"say \"hi\"\ttab"}],"ratio":0.5,"enabled":true,"nothing":null}"# + "\n")
    }

    @Test("a path that leads nowhere is exit status 1 naming the path and where it stopped", arguments: [
        ("servers[3].port", "cfg.json:2:14: servers[3].port: no value at this path: servers has 1 element\n"),
        ("servers[0].tls", "cfg.json:3:5: servers[0].tls: no value at this path: servers[0] has no key \"tls\"\n"),
        ("ratio.value", "cfg.json:5:12: ratio.value: no value at this path: ratio is a floating-point number, not a dictionary\n"),
        ("missing", "cfg.json:1:1: missing: no value at this path: the document has no key \"missing\"\n"),
        ("enabled[0]", "cfg.json:6:14: enabled[0]: no value at this path: enabled is a boolean, not an array\n"),
    ])
    func missingPath(path: String, expected: String) throws {
        let result = try get([path, "cfg.json"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError == expected)
    }

    @Test("the input can come from standard input", arguments: [["ratio"], ["ratio", "-"]])
    func standardInput(arguments: [String]) throws {
        let result = try tool.run(["get"] + arguments, input: Data(Self.document.utf8))
        #expect(result.status == 0)
        #expect(result.output == "0.5\n")
    }

    @Test("a missing path on standard input names <stdin>")
    func missingOnStandardInput() throws {
        let result = try tool.run(["get", "absent"], input: Data("{}".utf8))
        #expect(result.status == 1)
        #expect(result.standardError == "<stdin>:1:1: absent: no value at this path: the document has no key \"absent\"\n")
    }

    @Test("a malformed key path is a usage error")
    func malformedKeyPath() throws {
        let result = try get(["servers[x", "cfg.json"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("KEYPATH 'servers[x': invalid key path"))
    }

    @Test("bad input data is exit status 1 with file:line:column")
    func badInput() throws {
        let scratch = try Scratch()
        try scratch.file("bad.json", "[1,\n 2,,\n]")
        let result = try tool.run(["get", "[0]", "bad.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("bad.json:2:4: "))
    }
}
