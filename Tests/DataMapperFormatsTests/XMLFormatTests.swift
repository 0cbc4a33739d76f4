import DataMapper
import DataMapperFormats
import Foundation
import Testing

@Suite struct XMLFormatTests {
    @Test("the standard registry finds XML by name, extension and media type")
    func lookups() throws {
        let registry = FormatRegistry.standard
        #expect(try registry.format(named: "XML").name == "xml")
        #expect(try registry.format(forExtension: ".xml").name == "xml")
        #expect(try registry.format(forMediaType: "application/xml").name == "xml")
        #expect(try registry.format(forMediaType: "text/xml; charset=utf-8").name == "xml")
        #expect(try registry.format(forMediaType: "application/rss+xml").name == "xml")
        #expect(try registry.format(forMediaType: "image/svg+xml").name == "xml")
        #expect(registry.names.contains("xml"))
    }

    @Test("XML is sniffed from its declaration or a leading tag", arguments: [
        ("<?xml version=\"1.0\"?><r/>", DataFormat.SniffConfidence.certain),
        ("\u{FEFF}  \n<?xml version=\"1.0\"?><r/>", .certain),
        ("<project>", .likely),
        ("<!-- c --><r/>", .likely),
        ("<日本/>", .likely),
        ("{\"a\": 1}", .none),
        ("a: b", .none),
        ("< r>", .none),
        ("", .none),
    ])
    func sniffing(text: String, expected: DataFormat.SniffConfidence) throws {
        #expect(DataFormat.xml.sniff(Data(text.utf8)) == expected)
    }

    @Test("a document starting with a tag is taken for XML by the standard registry")
    func sniffedByRegistry() throws {
        #expect(try FormatRegistry.standard.format(sniffing: Data("<?xml version=\"1.0\"?><r/>".utf8)).name == "xml")
        #expect(try FormatRegistry.standard.format(sniffing: Data("\n<project><a/></project>".utf8)).name == "xml")
    }

    @Test("the XML format reads by the xmltodict convention and writes compact or pretty")
    func readsAndWrites() throws {
        let serializer = DataFormat.xml.serializer()
        let value = try serializer.deserialize(Data(#"<svc id="1"><port>80</port><port>443</port></svc>"#.utf8))
        #expect(value == ["svc": ["@id": "1", "port": ["80", "443"]]])
        let compact = try serializer.serialize(toString: value)
        #expect(compact == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<svc id="1"><port>80</port><port>443</port></svc>"#)
        let pretty = try DataFormat.xml.serializer(options: FormatWriteOptions(style: .pretty, sortKeys: true))
            .serialize(toString: ["svc": ["b": "2", "a": "1"]])
        #expect(pretty == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<svc>\n  <a>1</a>\n  <b>2</b>\n</svc>\n")
    }

    @Test("converting XML to JSON keeps attributes, text and repeated elements")
    func convertsToJSON() throws {
        let output = try FormatRegistry.standard.convert(
            Data(#"<a x="1"><b>t</b><b/>hi</a>"#.utf8), from: .xml, to: .json, options: .default, terminateText: false
        )
        #expect(String(decoding: output, as: UTF8.self) == ##"{"a":{"@x":"1","b":["t",null],"#text":"hi"}}"##)
    }
}
