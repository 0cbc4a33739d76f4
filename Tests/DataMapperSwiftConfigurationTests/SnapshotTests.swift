import Configuration
import DataMapper
import DataMapperSwiftConfiguration
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import SystemPackage
import Testing

/// swift-configuration needs macOS 15 or later; each test returns early on older systems.
@Suite struct SnapshotTests {
    /// The same settings in each format.
    static let documents: [(name: String, bytes: Data)] = [
        ("config.yaml", Data("""
            server:
              host: example.org
              port: 8080
              ratio: 0.5
            debug: true
            hosts: [a, b]
            ports: [1, 2]
            """.utf8)),
        ("config.json", Data("""
            {"server": {"host": "example.org", "port": 8080, "ratio": 0.5}, "debug": true, "hosts": ["a", "b"], "ports": [1, 2]}
            """.utf8)),
        ("config.xml", Data("""
            <config><server><host>example.org</host><port>8080</port><ratio>0.5</ratio></server>\
            <debug>true</debug><hosts>a</hosts><hosts>b</hosts><ports>1</ports><ports>2</ports></config>
            """.utf8)),
        ("config.msgpack", messagePackDocument()),
    ]

    /// `{"server": {"host": "example.org", "port": 8080, "ratio": 0.5}, "debug": true,
    /// "hosts": ["a", "b"], "ports": [1, 2]}` in MessagePack, written byte by byte.
    static func messagePackDocument() -> Data {
        func text(_ string: String) -> [UInt8] { [0xA0 | UInt8(string.utf8.count)] + Array(string.utf8) }
        var bytes: [UInt8] = [0x84]
        bytes += text("server") + [0x83]
        bytes += text("host") + text("example.org")
        bytes += text("port") + [0xCD, 0x1F, 0x90]
        bytes += text("ratio") + [0xCB, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0]
        bytes += text("debug") + [0xC3]
        bytes += text("hosts") + [0x92] + text("a") + text("b")
        bytes += text("ports") + [0x92, 0x01, 0x02]
        return Data(bytes)
    }

    /// The files written by one test, removed after it.
    let files: TemporaryFiles

    init() throws {
        files = try TemporaryFiles()
    }

    @Test("FileProvider reads every format through ConfigReader", arguments: documents.map(\.name))
    func readsEveryFormat(name: String) async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let bytes = try #require(Self.documents.first { $0.name == name }).bytes
        let path = try files.write(name, bytes)
        let config = ConfigReader(provider: try await FileProvider(dataMapperFile: path))
        #expect(config.string(forKey: "server.host") == "example.org")
        #expect(config.int(forKey: "server.port") == 8080)
        #expect(config.double(forKey: "server.ratio") == 0.5)
        #expect(config.bool(forKey: "debug") == true)
        #expect(config.stringArray(forKey: "hosts") == ["a", "b"])
        #expect(config.intArray(forKey: "ports") == [1, 2])
        #expect(config.string(forKey: "server.missing") == nil)
        #expect(config.scoped(to: "server").int(forKey: "port") == 8080)
    }

    @Test("the plain FileProvider initializer works with explicit options, or sniffs the format")
    func plainInitializer() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let path = try files.write("settings.conf", Self.messagePackDocument())
        let explicit = try await FileProvider<DataMapperSnapshot>(
            parsingOptions: .init(format: .msgpack), filePath: FilePath(path))
        #expect(ConfigReader(provider: explicit).int(forKey: "server.port") == 8080)
        let yamlPath = try files.write("other.conf", Data("server:\n  port: 9\n".utf8))
        let sniffed = try await FileProvider<DataMapperSnapshot>(filePath: FilePath(yamlPath))
        #expect(ConfigReader(provider: sniffed).int(forKey: "server.port") == 9)
    }

    @Test("an array of dictionaries is reached by index")
    func arraysOfDictionaries() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let path = try files.write("c.yaml", Data("servers:\n  - port: 1\n  - port: 2\n".utf8))
        let config = ConfigReader(provider: try await FileProvider(dataMapperFile: path))
        #expect(config.int(forKey: "servers.1.port") == 2)
    }

    @Test("a value of the wrong type fails a required lookup, and the snapshot's error names file, line and column")
    func wrongType() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let path = try files.write("c.yaml", Data("server:\n  port: 80a\n".utf8))
        let config = ConfigReader(provider: try await FileProvider(dataMapperFile: path))
        #expect(throws: (any Error).self) { try config.requiredInt(forKey: "server.port") }
        #expect(config.int(forKey: "server.port", default: 1) == 1)

        let document = Data("server:\n  port: 80a\n".utf8)
        let snapshot = try DataMapperSnapshot(
            data: document.bytes, providerName: "test",
            parsingOptions: .init(format: .yaml, fileName: "c.yaml"))
        let error = try expectError {
            try snapshot.value(forKey: AbsoluteConfigKey(["server", "port"]), type: .int)
        }
        #expect(error.description == "c.yaml:2:9: server.port: expected an integer, found \"80a\"")
    }

    @Test("a malformed file is an error naming the file, line and column")
    func malformedFile() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let path = try files.write("c.json", Data("{\n  \"a\": [1,,2]\n}".utf8))
        let error = try await #require(throws: DataMapperError.self) { try await FileProvider(dataMapperFile: path) }
        #expect(error.kind == .syntax)
        #expect(error.location?.file == path)
        #expect(error.location?.line == 2)
    }

    @Test("a top level that is not a dictionary is refused")
    func topLevelArray() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let path = try files.write("c.json", Data("[1, 2]".utf8))
        let error = try await #require(throws: DataMapperError.self) { try await FileProvider(dataMapperFile: path) }
        #expect(error.description == "\(path):1:1: expected a dictionary of settings at the top level, found an array")
    }

    @Test("a missing file is empty when allowed")
    func missingFile() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let provider = try await FileProvider(dataMapperFile: "/nonexistent/c.yaml", allowMissing: true)
        #expect(ConfigReader(provider: provider).int(forKey: "a") == nil)
    }

    @Test("secrets are redacted in the debug description")
    func secrets() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let document = Data("db:\n  password: hunter2\n  user: app\n".utf8)
        let snapshot = try DataMapperSnapshot(
            data: document.bytes, providerName: "test",
            parsingOptions: .init(format: .yaml, secretsSpecifier: .specific(["db.password"])))
        #expect(snapshot.debugDescription == "test[yaml, 2 values: db.password=<REDACTED>, db.user=\"app\"]")
        #expect(snapshot.description == "test[yaml, 2 values]")
    }
}
