import DataMapper
import DataMapperConfig
import Testing

@Suite struct LayeringTests {
    @Test("later sources win over earlier ones: defaults, then files in order, then the environment")
    func layeringOrder() throws {
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", """
            server:
              host: example.org
              port: 80
            debug: true
            """)
        let overlay = try files.write("config.production.json", #"{"server": {"port": 443}}"#)
        let loader = ConfigLoader([
            try .defaults(TestConfig()),
            .file(base),
            .file(overlay),
            .environment(prefix: "APP", variables: ["APP_DEBUG": "false", "OTHER_DEBUG": "true"]),
        ])
        let config = try loader.load(TestConfig.self)
        #expect(config.server.host == "example.org")
        #expect(config.server.port == 443)
        #expect(config.server.maxConnections == 100)
        #expect(config.database == TestConfig.Database())
        #expect(config.debug == false)
    }

    @Test("dictionaries merge key by key; arrays, scalars and nulls replace")
    func deepMergeRules() throws {
        let loader = ConfigLoader([
            .defaultValues(["a": ["x": 1, "y": 2], "list": [1, 2, 3], "s": "text", "n": 5, "m": ["k": 1]]),
            .values(["a": ["y": 20, "z": 30], "list": [9], "s": ["now": "a map"], "n": nil, "m": "scalar"], named: "overrides"),
        ])
        let document = try loader.document()
        let expected: SupportedType = [
            "a": ["x": 1, "y": 20, "z": 30], "list": [9], "s": ["now": "a map"], "n": nil, "m": "scalar",
        ]
        #expect(document.value == expected)
        guard case .dictionary(let merged)? = document.value["a"]?.kind else {
            Issue.record("a is not a dictionary")
            return
        }
        #expect(merged.keys == ["x", "y", "z"])
        #expect(document.origin(of: ["a", "x"]) == .defaults)
        #expect(document.origin(of: ["a", "y"]) == .named("overrides"))
        #expect(document.origin(of: DataPath([.key("list"), .index(0)])) == .named("overrides"))
        #expect(document.origin(of: ["s", "now"]) == .named("overrides"))
    }

    @Test("a missing optional file is skipped; a missing required file is an error naming it")
    func optionalAndRequiredFiles() throws {
        let files = try TemporaryFiles()
        let missing = files.path("absent.yaml")
        let optional = ConfigLoader([try .defaults(TestConfig()), .defaultValues(["debug": true]), .file(missing, optional: true)])
        #expect(try optional.load(TestConfig.self).debug == true)

        let required = ConfigLoader([.defaultValues(["debug": true]), .file(missing)])
        let error = try expectError(kind: .io) { try required.document() }
        #expect(error.description == "\(missing): the configuration file does not exist")
    }

    @Test("an optional file that exists but is malformed is still an error, with file, line and column")
    func malformedOptionalFile() throws {
        let files = try TemporaryFiles()
        let path = try files.write("broken.json", "{\"server\": {\"port\": 80,}}")
        let loader = ConfigLoader([.file(path, optional: true)])
        let error = try expectError(kind: .syntax) { try loader.document() }
        #expect(error.location?.file == path)
        #expect(error.location?.line == 1)
        #expect(error.description.hasPrefix("\(path):1:"))
    }

    @Test("a file whose extension names no format is an error naming it")
    func unknownExtension() throws {
        let files = try TemporaryFiles()
        let path = try files.write("settings.conf", "\u{1}\u{2}")
        let error = try expectError(kind: .unsupported) { try ConfigLoader([.file(path)]).document() }
        #expect(error.location?.file == path)
    }

    @Test("the format argument overrides the extension")
    func explicitFormat() throws {
        let files = try TemporaryFiles()
        let path = try files.write("settings.conf", "debug: true\n")
        let config = try ConfigLoader([try .defaults(TestConfig()), .file(path, format: .yaml)]).load(TestConfig.self)
        #expect(config.debug == true)
    }

    @Test("every format loads: JSON, YAML, XML (root element unwrapped, text read as numbers) and MessagePack")
    func everyFormat() throws {
        let files = try TemporaryFiles()
        let json = try files.write("c.json", #"{"server": {"port": 1}, "tags": ["a"]}"#)
        let yaml = try files.write("c.yml", "server:\n  port: 2\ntags: [a, b]\n")
        let xml = try files.write("c.xml", "<config><server><port>3</port></server><debug>true</debug><tags>x</tags></config>")
        let msgpack = try files.write("c.msgpack", Data([0x81, 0xA6] + Array("server".utf8) + [0x81, 0xA4] + Array("port".utf8) + [0x04]))
        #expect(try ConfigLoader([try .defaults(TestConfig()), .file(json)]).load(TestConfig.self).server.port == 1)
        #expect(try ConfigLoader([try .defaults(TestConfig()), .file(yaml)]).load(TestConfig.self).tags == ["a", "b"])
        let fromXML = try ConfigLoader([try .defaults(TestConfig()), .file(xml)]).load(TestConfig.self)
        #expect(fromXML.server.port == 3)
        #expect(fromXML.debug == true)
        #expect(fromXML.tags == ["x"])
        #expect(try ConfigLoader([try .defaults(TestConfig()), .file(msgpack)]).load(TestConfig.self).server.port == 4)
    }

    @Test("missing keys fall back to the defaults given in code")
    func defaultsFillGaps() throws {
        let config = try ConfigLoader([try .defaults(TestConfig()), .values(["ratio": 0.5], named: "test")]).load(TestConfig.self)
        var expected = TestConfig()
        expected.ratio = 0.5
        #expect(config == expected)
    }
}

import DataMapperTestSupport
import Foundation
