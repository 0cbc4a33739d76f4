import Foundation
import Testing

/// `convert`'s loss report: on standard error by default, refused with --strict,
/// silenced with --quiet, written as JSON with --report.
@Suite struct LossReportCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    static let heading = "<stdin>: converting json to xml loses 1 thing (--strict refuses such a conversion, --quiet hides this report):\n"

    @Test("by default the report goes to standard error and the conversion goes on with exit 0")
    func reportOnStandardError() throws {
        let result = try tool.run(["convert", "--from", "json", "--to", "xml"], input: Data(#"{"port": 8080}"#.utf8))
        #expect(result.status == 0)
        #expect(result.output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<port>8080</port>\n")
        #expect(result.standardError == Self.heading + "<stdin>:1:10: typed scalar at port: the integer 8080 becomes the text \"8080\"\n")
    }

    @Test("a YAML comment is reported with its file, line, column and the path of the next value")
    func yamlComment() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.yaml", "name: api\n  # the port\nport: 80\n")
        let result = try tool.run(["convert", input, "--to", "json"])
        #expect(result.status == 0)
        #expect(result.output == #"{"name":"api","port":80}"# + "\n")
        #expect(result.standardError.hasSuffix("\(input):2:3: comment at port: the comment \"# the port\" is dropped\n"))
    }

    @Test("over 20 entries the report lists 20, then counts the rest per kind with indices as [*]")
    func summary() throws {
        let items = (0..<25).map { #"{"price": \#($0)}"# }.joined(separator: ",")
        let result = try tool.run(["convert", "--from", "json", "--to", "xml"], input: Data(#"{"shop": {"items": [\#(items)]}}"#.utf8))
        #expect(result.status == 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 20 + 2)
        #expect(lines[0].contains("loses 25 things"))
        #expect(lines[1].hasPrefix("<stdin>:1:"))
        #expect(lines[1].contains("typed scalar at shop.items[0].price: the integer 0 becomes"))
        #expect(lines[20].contains("typed scalar at shop.items[19].price: the integer 19 becomes"))
        #expect(lines[21] == "... and 5 more:")
        #expect(lines[22] == "  typed scalar: 5 (shop.items[*].price: 5)")
    }

    @Test("--strict refuses a lossy conversion with exit 1 and the report; an -o file is left untouched")
    func strictLeavesFileUntouched() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.json", #"{"a": [1]}"#)
        let output = try scratch.file("out.xml", "old content\n")
        let result = try tool.run(["convert", input, "-o", output, "--strict"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(scratch.contents("out.xml") == "old content\n")
        #expect(try scratch.listing() == ["in.json", "out.xml"])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(input): converting json to xml would lose 3 things; refused by --strict, nothing written:")
        #expect(lines.dropFirst().map { $0.replacingOccurrences(of: input, with: "IN") } == [
            "IN:1:1: wrapped root at the root: xml needs a root of another shape, so the document is written inside one it adds",
            "IN:1:7: one-element array at a: an array of one element reads back from xml as the element alone",
            "IN:1:8: typed scalar at a[0]: the integer 1 becomes the text \"1\"",
        ])
    }

    @Test("--strict to standard output prints nothing; --strict with nothing lost converts")
    func strictStandardOutput() throws {
        let refused = try tool.run(["convert", "--from", "json", "--to", "xml", "--strict"], input: Data(#"{"a": 1}"#.utf8))
        #expect(refused.status == 1)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("refused by --strict"))
        let clean = try tool.run(["convert", "--from", "json", "--to", "yaml", "--strict"], input: Data(#"{"a": [1, "", []]}"#.utf8))
        #expect(clean.status == 0)
        #expect(clean.output == "a:\n- 1\n- ''\n- []\n")
        #expect(clean.standardError == "")
    }

    @Test("--quiet silences the report")
    func quiet() throws {
        let result = try tool.run(["convert", "--from", "json", "--to", "xml", "--quiet"], input: Data(#"{"port": 8080}"#.utf8))
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.output.contains("<port>8080</port>"))
    }

    @Test("--report FILE writes the report as JSON, also with --quiet")
    func reportFile() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.yaml", "# note\nbase: &b {x: 1}\n1: *b\n")
        let reportPath = scratch.path("losses.json")
        let result = try tool.run(["convert", input, "--to", "json", "--quiet", "--report", reportPath])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let data = try #require(FileManager.default.contents(atPath: reportPath))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(report["file"] as? String == input)
        #expect(report["count"] as? Int == 4)
        let losses = try #require(report["losses"] as? [[String: Any]])
        #expect(losses.map { $0["kind"] as? String } == ["comment", "anchor", "nonStringKey", "anchor"])
        #expect(losses.map { $0["path"] as? String } == ["base", "base", #"["1"]"#, #"["1"]"#])
        #expect(losses.map { $0["line"] as? Int } == [1, 2, 3, 3])
        #expect(losses.map { $0["column"] as? Int } == [1, 7, 1, 4])
        #expect(losses.allSatisfy { $0["document"] as? Int == 1 })
    }

    @Test("control characters in keys are escaped in the report")
    func escapesKeys() throws {
        let result = try tool.run(["convert", "--from", "json", "--to", "xml"], input: Data(#"{"d": {"k\u001b[2J": 1}}"#.utf8))
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardError.contains(#"d["k\u{1B}[2J"]"#))
    }
}
