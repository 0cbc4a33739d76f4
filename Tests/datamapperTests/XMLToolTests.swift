import Foundation
import Testing

@Suite struct XMLToolTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    @Test("convert reads an .xml file by its extension and writes JSON")
    func xmlToJSON() throws {
        let scratch = try Scratch()
        try scratch.file("pom.xml", #"<project><dependency scope="test">junit</dependency></project>"#)
        let result = try tool.run(["convert", "pom.xml", "--to", "json"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.output == ##"{"project":{"dependency":{"@scope":"test","#text":"junit"}}}"## + "\n")
        #expect(result.standardError == "")
    }

    @Test("JSON converts to pretty XML")
    func jsonToXML() throws {
        let result = try tool.run(["convert", "--from", "json", "--to", "xml", "--pretty"], input: Data(#"{"a": {"@id": 1, "b": [1, 2]}}"#.utf8))
        #expect(result.status == 0)
        #expect(result.output == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<a id=\"1\">\n  <b>1</b>\n  <b>2</b>\n</a>\n")
    }

    @Test("an encoding conversion failure gives one error line; libxml2 prints nothing")
    func conversionFailure() throws {
        let scratch = try Scratch()
        let bytes = Data(#"<?xml version="1.0" encoding="Shift_JIS"?><a>"#.utf8) + Data([0x82, 0xFF, 0xFF]) + Data("</a>".utf8)
        try bytes.write(to: URL(fileURLWithPath: scratch.path("sjis.xml")))
        let result = try tool.run(["convert", "sjis.xml", "--to", "json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError == "sjis.xml:1:41: the bytes do not fit the declared encoding: input conversion failed due to input error, bytes 0x82 0xFF 0xFF 0x3C\n")
    }

    @Test("malformed XML gives one error line with file, line and column; libxml2 prints nothing")
    func malformed() throws {
        let scratch = try Scratch()
        try scratch.file("bad.xml", "<r>\n  <a>1</b>\n</r>\n")
        let result = try tool.run(["validate", "bad.xml"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError == "bad.xml:2:11: malformed XML: Opening and ending tag mismatch: a line 2 and b\n")
    }

    @Test("an external entity is refused by the tool as well, and nothing is printed by libxml2")
    func externalEntity() throws {
        let scratch = try Scratch()
        try scratch.file("x.xml", "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<r>&x;</r>\n")
        let result = try tool.run(["convert", "x.xml", "--to", "json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError.hasPrefix("x.xml:1:"))
        #expect(!result.standardError.contains("root:"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}
