import Foundation
import Testing

/// `convert` of a named file large enough that its containers open and convert piece
/// by piece: the bytes of the same input read from standard input, where nothing opens.
@Suite struct PieceConvertTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    /// A document of about 2.5 MB whose root, `records` and `more.rows` are over the
    /// 1 MiB at which containers open, with small values around them.
    private static let document: String = {
        let records = (0..<6_000).map { index in
            #"{"id":\#(index),"name":"r\#(index) é\n\"q\"","tags":["a",\#(index % 5)],"ok":\#(index % 2 == 0),"x":\#(Double(index) / 8)}"#
        }
        let rows = (0..<6_000).map { "[\($0), \"row \($0)\"]" }
        return #"{"meta":{"n":1,"s":"start"},"records":["# + records.joined(separator: ",")
            + #"],"more":{"rows":["# + rows.joined(separator: ",") + #"],"end":true}}"#
    }()

    @Test("pieces write the bytes of the whole document", arguments: [
        ["--to", "json"], ["--to", "json", "--pretty"], ["--to", "msgpack"], ["--to", "yaml"], ["--to", "xml"],
    ])
    func sameBytes(arguments: [String]) throws {
        let scratch = try Scratch()
        let input = try scratch.file("big.json", Self.document)
        let piecewise = try tool.run(["convert", input] + arguments, in: scratch.url)
        let whole = try tool.run(["convert", "--from", "json"] + arguments, input: Data(Self.document.utf8), in: scratch.url)
        #expect(piecewise.status == 0, "\(piecewise.standardError)")
        #expect(whole.status == 0, "\(whole.standardError)")
        #expect(piecewise.standardOutput == whole.standardOutput)
        #expect(piecewise.standardError.replacingOccurrences(of: input, with: "<stdin>") == whole.standardError)
    }

    @Test("a large MessagePack file converts back to the JSON it came from, piece by piece")
    func messagePackBack() throws {
        let scratch = try Scratch()
        let input = try scratch.file("big.json", Self.document)
        let packed = try tool.run(["convert", input, "--to", "msgpack", "-o", scratch.path("big.msgpack")], in: scratch.url)
        #expect(packed.status == 0, "\(packed.standardError)")
        let back = try tool.run(["convert", scratch.path("big.msgpack"), "--to", "json"], in: scratch.url)
        let direct = try tool.run(["convert", input, "--to", "json"], in: scratch.url)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.output == direct.output)
    }

    @Test("a bad byte deep in an opened container names its line and column, and nothing is written")
    func errorInsideOpenedContainer() throws {
        let scratch = try Scratch()
        var text = Self.document
        let at = text.range(of: #""r5000 "#)!
        text.replaceSubrange(at, with: #""r5000 "# + "\u{1}")
        let input = try scratch.file("bad.json", text)
        let result = try tool.run(["convert", input, "--to", "msgpack", "-o", scratch.path("out.msgpack")], in: scratch.url)
        let whole = try tool.run(["convert", "--from", "json", "--to", "msgpack"], input: Data(text.utf8), in: scratch.url)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.msgpack")))
        // The same message as the whole-input path, but for the input's name.
        #expect(result.standardError.replacingOccurrences(of: input, with: "<stdin>") == whole.standardError,
                "\(result.standardError) vs \(whole.standardError)")
        #expect(result.standardError.contains("records[5000].name"), "\(result.standardError)")
    }
}
