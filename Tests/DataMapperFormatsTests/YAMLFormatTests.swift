import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct YAMLFormatTests {
    @Test("YAML is found by its name, alias, extensions and media types")
    func lookups() throws {
        let registry = FormatRegistry.standard
        #expect(try registry.format(named: "yaml").name == "yaml")
        #expect(try registry.format(named: "YML").name == "yaml")
        #expect(try registry.format(forExtension: ".yml").name == "yaml")
        #expect(try registry.format(forPath: "deploy/compose.YAML").name == "yaml")
        #expect(try registry.format(forMediaType: "application/yaml; charset=utf-8").name == "yaml")
        #expect(try registry.format(forMediaType: "text/x-yaml").name == "yaml")
        #expect(try registry.format(forMediaType: "application/openapi+yaml").name == "yaml")
        #expect(DataFormat.yaml.isText)
    }

    @Test("YAML documents are recognised by their typical starts", arguments: [
        ("%YAML 1.2\n---\na: 1\n", DataFormat.SniffConfidence.certain),
        ("---\nname: app\n", .likely),
        ("# settings\nport: 80\n", .likely),
        ("name: app\n", .likely),
        ("\"quoted key\": 1\n", .likely),
        ("services:\n  web:\n", .likely),
        ("- a\n- b\n", .likely),
        ("[a, b]", .possible),
        ("{a: 1}", .possible),
    ])
    func sniffing(text: String, expected: DataFormat.SniffConfidence) throws {
        #expect(DataFormat.yaml.sniff(Data(text.utf8)) == expected)
        #expect(try FormatRegistry.standard.format(sniffing: Data(text.utf8)).name == (expected == .possible ? "json" : "yaml"))
    }

    @Test("prose, empty input and binary bytes are not taken for YAML", arguments: [
        "", "  \n", "plain words", "hello", "a sentence: with spaces in the key", "key:value", "<root/>", "-1", "\u{0}a: 1",
    ])
    func notYAML(text: String) {
        #expect(DataFormat.yaml.sniff(Data(text.utf8)) == .none)
    }

    @Test("the YAML format writes block style, honouring sorted keys")
    func writing() throws {
        let value: SupportedType = ["name": "api", "ports": [80, 443], "debug": false]
        let block = try DataFormat.yaml.serializer().serialize(value)
        #expect(String(decoding: block, as: UTF8.self) == "name: api\nports:\n- 80\n- 443\ndebug: false\n")
        let sorted = try DataFormat.yaml.serializer(options: .init(style: .pretty, sortKeys: true)).serialize(value)
        #expect(String(decoding: sorted, as: UTF8.self) == "debug: false\nname: api\nports:\n- 80\n- 443\n")
    }

    @Test("convert turns YAML into JSON and back, keeping order and types")
    func convert() throws {
        let registry = FormatRegistry.standard
        let yaml = Data("name: api\nport: 8080\nratio: 0.5\nenabled: yes\ntags: [a, 'on']\n".utf8)
        let json = try registry.convert(yaml, from: .yaml, to: .json, options: .default, terminateText: false)
        #expect(String(decoding: json, as: UTF8.self) == #"{"name":"api","port":8080,"ratio":0.5,"enabled":"yes","tags":["a","on"]}"#)
        let back = try registry.convert(json, from: .json, to: .yaml, options: .default, terminateText: false)
        #expect(String(decoding: back, as: UTF8.self) == "name: api\nport: 8080\nratio: 0.5\nenabled: 'yes'\ntags:\n- a\n- 'on'\n")
    }

    @Test("a YAML syntax error keeps its line and column through the registry")
    func errors() throws {
        let error = try expectError {
            try FormatRegistry.standard.convert(Data("a: 1\nb: [1\n".utf8), from: .yaml, to: .json)
        }
        #expect(error.kind == .syntax)
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 1)
    }
}
