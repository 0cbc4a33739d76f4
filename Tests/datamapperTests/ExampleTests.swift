import DataMapperTestSupport
import Foundation
import Testing

/// The README's demo, run on the shipped example.
@Suite struct ExampleTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    /// The package root, three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the README demo turns the compose file into JSON with anchors and merge keys resolved")
    func readmeDemo() throws {
        // The expected text is PyYAML's reading of the file, written by json.dumps(indent=2), with
        // the keys of three merged mappings put in DataMapper's documented order (merged entries
        // take the place of "<<", earlier merged maps first; keys written in the mapping stay put).
        let result = try tool.run(["convert", "Examples/compose.yaml", "--to", "json", "--pretty"], in: Self.packageRoot)
        #expect(result.status == 0)
        expectMatchesGolden(result.output, named: "compose.json", in: "Fixtures")
        // The loss report: the heading, the comment on line 1, three anchors and six aliases.
        let report = result.standardError.split(separator: "\n").map(String.init)
        #expect(report.count == 11)
        #expect(report.first?.hasPrefix("Examples/compose.yaml: converting yaml to json loses 10 things") == true)
        #expect(report.contains { $0.hasPrefix("Examples/compose.yaml:1:1: comment at x-logging: ") })
        #expect(report.contains { $0.hasPrefix("Examples/compose.yaml:2:12: anchor at x-logging: the anchor &logging") })
        #expect(report.contains { $0.hasPrefix("Examples/compose.yaml:42:54: anchor at services.db: the alias *service-defaults") })
        #expect(report.filter { $0.contains(": anchor at ") }.count == 9)
    }

    @Test("the JSON example pretty-prints with sorted keys")
    func jsonExample() throws {
        let result = try tool.run(
            ["convert", "Examples/service-config.json", "--pretty", "--sort-keys"],
            in: Self.packageRoot
        )
        #expect(result.status == 0)
        #expect(result.standardError == "")
        expectMatchesGolden(result.output, named: "service-config.pretty-sorted.json", in: "Fixtures")
    }

    @Test("the example validates and answers key-path queries", arguments: [
        ("database.pool.max", "20\n"),
        ("upstreams[1].name", "payments\n"),
        ("upstreams[0].timeoutSeconds", "2.5\n"),
        ("features", #"{"newCheckout":true,"giftCards":false,"recommendations":null}"# + "\n"),
    ])
    func queries(path: String, expected: String) throws {
        let result = try tool.run(["get", path, "Examples/service-config.json"], in: Self.packageRoot)
        #expect(result.status == 0)
        #expect(result.output == expected)
        let validation = try tool.run(["validate", "Examples/service-config.json"], in: Self.packageRoot)
        #expect(validation.output == "Examples/service-config.json: ok (1 document)\n")
    }
}
