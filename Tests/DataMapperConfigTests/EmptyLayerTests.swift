import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Foundation
import Testing

/// A file with no settings in it is an empty layer, in every format.
@Suite struct EmptyLayerTests {
    @Test("a file with no document changes nothing, over defaults and over an earlier file", arguments: [
        ("empty.yaml", ""), ("blank.yaml", "  \n\t\n"), ("comments.yaml", "# nothing here yet\n# still nothing\n"),
        ("marker.yaml", "---\n"), ("bom.yaml", "\u{FEFF}\n"),
        ("empty.json", ""), ("blank.json", " \n\r\n"), ("null.json", "null"),
        ("empty.jsonl", ""), ("blank.jsonl", "\n\n"),
        ("empty.msgpack", ""),
        ("empty.xml", ""), ("declaration.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"),
        ("comments.xml", "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- settings go here -->\n<?app hint?>\n"),
    ])
    func emptyFile(name: String, text: String) throws {
        let files = try TemporaryFiles()
        let base = try files.write("base.yaml", "server:\n  port: 81\n")
        let empty = try files.write(name, text)
        let config = try ConfigLoader([try .defaults(TestConfig()), .file(base), .file(empty)]).load(TestConfig.self)
        var expected = TestConfig()
        expected.server.port = 81
        #expect(config == expected)
        let alone = try ConfigLoader([.file(empty)]).document()
        #expect(alone.value == [:])
    }

    @Test("an XML file with text but no root element is still the parser's error")
    func xmlTextWithoutRoot() throws {
        let files = try TemporaryFiles()
        let path = try files.write("broken.xml", "<!-- settings -->\nport = 80\n")
        let error = try expectError(kind: .syntax) { try ConfigLoader([.file(path)]).document() }
        #expect(error.location?.file == path)
    }

    @Test("an empty settings element in XML is an empty layer too")
    func emptyRootElement() throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.xml", "<config/>")
        let config = try ConfigLoader([try .defaults(TestConfig()), .file(path)]).load(TestConfig.self)
        #expect(config == TestConfig())
    }
}
