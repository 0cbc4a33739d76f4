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

    /// An XML document of about 2 MB whose root is over the 1 MiB at which elements
    /// open, with attributes, repeated and single children, text and comments.
    private static let xmlDocument: String = {
        let records = (0..<8_000).map { index in
            "  <record id=\"\(index)\"><name>r\(index) é &amp; q</name><tag>a</tag><tag>\(index % 5)</tag>"
                + (index % 1000 == 0 ? "<!-- mark \(index) -->" : "") + "<note>n</note>tail</record>\n"
        }
        return "<?xml version=\"1.0\"?>\n<records version=\"2\">\n<!-- start -->\n" + records.joined() + "<end/></records>\n"
    }()

    @Test("a large XML file converts piece by piece to the bytes and report of the whole document", arguments: [
        ["--to", "json"], ["--to", "msgpack"], ["--to", "yaml"], ["--to", "xml"], ["--to", "json", "--strict"],
    ])
    func xmlSameBytes(arguments: [String]) throws {
        let scratch = try Scratch()
        let input = try scratch.file("big.xml", Self.xmlDocument)
        let piecewise = try tool.run(["convert", input] + arguments, in: scratch.url)
        let whole = try tool.run(["convert", "--from", "xml"] + arguments, input: Data(Self.xmlDocument.utf8), in: scratch.url)
        #expect(piecewise.status == whole.status, "\(piecewise.standardError)")
        #expect(piecewise.standardOutput == whole.standardOutput)
        #expect(piecewise.standardError.replacingOccurrences(of: input, with: "<stdin>") == whole.standardError)
        #expect(whole.standardError.contains("records.record[3000]"), "\(whole.standardError)")
    }

    @Test("a malformed large XML file fails as the whole document does, and nothing is written")
    func xmlError() throws {
        let scratch = try Scratch()
        let text = Self.xmlDocument.replacingOccurrences(of: "<tag>4</tag>", with: "<tag>4</tga>")
        let input = try scratch.file("bad.xml", text)
        let result = try tool.run(["convert", input, "--to", "json", "-o", scratch.path("out.json")], in: scratch.url)
        let whole = try tool.run(["convert", "--from", "xml", "--to", "json"], input: Data(text.utf8), in: scratch.url)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.json")))
        #expect(result.standardError.replacingOccurrences(of: input, with: "<stdin>") == whole.standardError,
                "\(result.standardError) vs \(whole.standardError)")
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
