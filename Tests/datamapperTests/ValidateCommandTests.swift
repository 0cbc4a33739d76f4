import Foundation
import Testing

@Suite struct ValidateCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    @Test("good files print FILE: ok each and exit 0")
    func goodFiles() throws {
        let scratch = try Scratch()
        try scratch.file("a.json", "{}")
        try scratch.file("b.json", "[1, 2.5, \"x\"]\n")
        let result = try tool.run(["validate", "a.json", "b.json"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.output == "a.json: ok (1 document)\nb.json: ok (1 document)\n")
        #expect(result.standardError == "")
    }

    @Test("every file is checked; bad ones are reported on standard error and the status is 1")
    func mixedFiles() throws {
        let scratch = try Scratch()
        try scratch.file("good.json", #"{"a": 1}"#)
        try scratch.file("bad.json", "{\n  \"a\": 1,\n  \"b\": @\n}")
        try scratch.file("also-good.json", "true")
        let result = try tool.run(["validate", "good.json", "bad.json", "absent.json", "also-good.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "good.json: ok (1 document)\nalso-good.json: ok (1 document)\n")
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("bad.json:3:8: ") == true)
        #expect(lines.dropFirst().first == "absent.json: cannot read the file: no such file")
        #expect(lines.last == "")
    }

    @Test("standard input is '-' and prints as <stdin>")
    func standardInput() throws {
        let result = try tool.run(["validate", "-"], input: Data("[null]".utf8))
        #expect(result.status == 0)
        #expect(result.output == "<stdin>: ok (1 document)\n")
    }

    @Test("a file whose format cannot be told is a failure naming it")
    func unknownFormat() throws {
        let scratch = try Scratch()
        try scratch.file("notes.txt", "plain words")
        let result = try tool.run(["validate", "notes.txt"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError == "notes.txt: cannot tell the format from the file name or the content; name it with --from (known formats: \(standardFormatNames))\n")
    }

    @Test("--from reads files with any name as that format")
    func fromOption() throws {
        let scratch = try Scratch()
        try scratch.file("data.txt", "[1]")
        let result = try tool.run(["validate", "--from", "JSON", "data.txt"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.output == "data.txt: ok (1 document)\n")
    }

    @Test("no files at all is a usage error")
    func noFiles() throws {
        let result = try tool.run(["validate"])
        #expect(result.status == 64)
        #expect(result.output == "")
    }
}
