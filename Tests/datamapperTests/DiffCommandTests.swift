import DataMapper
import Foundation
import Testing
@testable import datamapper

/// `datamapper diff`: documents compared by value across formats, diff(1)'s exit codes.
@Suite struct DiffCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    @Test("equal documents in different formats and key orders are the same: exit 0, no output")
    func same() throws {
        let scratch = try Scratch()
        try scratch.file("a.json", #"{"spec": {"replicas": 3, "ports": [80, 443]}, "name": "web"}"#)
        try scratch.file("b.yaml", "# comment\nname: web\nspec:\n  ports:\n  - 80\n  - 443\n  replicas: 3\n")
        let result = try tool.run(["diff", "a.json", "b.yaml"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.standardError == "")
    }

    @Test("different documents print each differing path in document order: exit 1")
    func different() throws {
        let scratch = try Scratch()
        try scratch.file("a.yaml", """
            metadata:
              labels: {tier: front, app.kubernetes.io/name: web}
            spec:
              replicas: 3
              ports: [80, 443, 8080]
              port: 80

            """)
        try scratch.file("b.json", """
            {"metadata": {"labels": {"app.kubernetes.io/name": "api"}, "annotations": {}},
             "spec": {"replicas": 4, "ports": [80, 443], "port": "80"}}
            """)
        let result = try tool.run(["diff", "a.yaml", "b.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == """
            only in A: metadata.labels.tier
            metadata.labels["app.kubernetes.io/name"]: "web" != "api"
            only in B: metadata.annotations
            spec.replicas: 3 != 4
            only in A: spec.ports[2]
            spec.port: 80 != "80" (an integer vs a string)

            """)
    }

    @Test("streams are compared document by document, each line naming its document")
    func streams() throws {
        let scratch = try Scratch()
        try scratch.file("a.yaml", "kind: Service\n---\nkind: Deployment\nreplicas: 3\n---\nkind: ConfigMap\n")
        try scratch.file("b.jsonl", #"{"kind": "Service"}"# + "\n" + #"{"kind": "Deployment", "replicas": 4}"# + "\n")
        let result = try tool.run(["diff", "a.yaml", "b.jsonl"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == """
            document 2: replicas: 3 != 4
            only in A: document 3

            """)
        let same = try tool.run(["diff", "a.yaml", "a.yaml"], in: scratch.url)
        #expect(same.status == 0)
    }

    @Test("an integer and a floating-point number differ, as they do for ==")
    func integerAndDouble() throws {
        let scratch = try Scratch()
        try scratch.file("b.json", #"{"x": 1.0}"#)
        let result = try tool.run(["diff", "-", "b.json"], input: Data("x: 1\n".utf8), in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "x: 1 != 1.0 (an integer vs a floating-point number)\n")
    }

    @Test("different roots are reported at '.'")
    func roots() throws {
        let scratch = try Scratch()
        try scratch.file("a.json", "{}")
        let result = try tool.run(["diff", "a.json", "-", "--from-b", "yaml"], input: Data("[1]\n".utf8), in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == ".: [:] != [1] (a dictionary vs an array)\n")
    }

    @Test("--quiet prints nothing and keeps the status")
    func quiet() throws {
        let scratch = try Scratch()
        try scratch.file("a.json", "[1]")
        let result = try tool.run(["diff", "--quiet", "-", "a.json", "--from", "json"], input: Data("[2]".utf8), in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "")
    }

    @Test("errors exit 2: unreadable input, bad data, a wrong command line", arguments: [
        (["diff", "a.json", "missing.json"], "missing.json: cannot read the file: no such file\n"),
        (["diff", "a.json", "bad.json"], nil),
        (["diff", "-", "-"], nil),
        (["diff", "a.json"], nil),
        (["diff", "a.json", "a.json", "--from-a", "text/bogus"], nil),
        (["diff", "a.json", "a.json", "--no-such-option"], nil),
    ] as [([String], String?)])
    func errors(arguments: [String], expectedError: String?) throws {
        let scratch = try Scratch()
        try scratch.file("a.json", "{}")
        try scratch.file("bad.json", "{\n  \"a\": tru\n}")
        let result = try tool.run(arguments, in: scratch.url)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.output == "")
        #expect(!result.standardError.isEmpty)
        if let expectedError { #expect(result.standardError == expectedError) }
    }

    @Test("bad data names the file, line and column")
    func badData() throws {
        let scratch = try Scratch()
        try scratch.file("a.json", "{}")
        let result = try tool.run(["diff", "a.json", "-"], input: Data("{\n  \"a\": tru\n}".utf8), in: scratch.url)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("<stdin>:2:8: "))
    }

    @Test("--help exits 0; other commands keep usage status 64")
    func helpAndOtherCommands() throws {
        #expect(try tool.run(["diff", "--help"]).status == 0)
        #expect(try tool.run(["get"]).status == 64)
    }
}

/// The comparison walk behind `diff`, on values built in code.
@Suite struct DocumentDifferenceTests {
    @Test("equal values, whatever their key order or integer kind, have no differences")
    func equal() {
        let a: SupportedType = ["a": 1, "b": [true, nil], "c": .uint64(UInt64.max)]
        let b: SupportedType = ["c": .uint64(UInt64.max), "b": [true, nil], "a": .init(.intOrDouble(1))]
        #expect(DocumentDifference.between(a, and: b).isEmpty)
    }

    @Test("arrays differ element by element, extra elements by index")
    func arrays() {
        let differences = DocumentDifference.between([1, 2, 3], and: [1, 5])
        #expect(differences == [.changed(DataPath([.index(1)]), 2, 5), .onlyInA(DataPath([.index(2)]))])
        #expect(DocumentDifference.between([1], and: [1, [2]]) == [.onlyInB(DataPath([.index(1)]))])
    }

    @Test("a dictionary against an array is one change at that path, not a walk into either")
    func kindChange() {
        let differences = DocumentDifference.between(["x": ["a": 1]], and: ["x": [1]])
        #expect(differences.map(\.line) == [#"x: ["a": 1] != [1] (a dictionary vs an array)"#])
    }

    @Test("keys with control characters are escaped in the printed paths")
    func escapedPaths() {
        let differences = DocumentDifference.between(["a\u{1B}[2J": 1], and: [:])
        #expect(differences.map(\.line) == [#"only in A: ["a\u{1B}[2J"]"#])
    }

    @Test("a very deep pair of documents is compared without deep recursion in the walk")
    func deep() {
        var a: SupportedType = 1
        var b: SupportedType = 2
        for _ in 0..<100 {
            a = ["k": [a]]
            b = ["k": [b]]
        }
        let differences = DocumentDifference.between(a, and: b)
        #expect(differences.count == 1)
        #expect(differences.first?.line.hasSuffix("k[0]: 1 != 2") == true)
    }
}
