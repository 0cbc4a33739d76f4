import DataMapper
import DataMapperConfig
import DataMapperTestSupport
import Foundation
import Testing

/// The config files of `Examples/ConfigDemo`, loaded as the sample app loads them.
@Suite struct ExampleConfigTests {
    struct Settings: Codable {
        struct Server: Codable { var host = "localhost"; var port = 8080; var workers = 1 }
        struct Database: Codable { var url = "postgres://localhost/app"; var poolSize = 2 }
        var server = Server()
        var database = Database()
        var logLevel = "info"
        var wireFormat = "json"
        var features: [String] = []
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/ConfigDemo/config").path

    func loader(overlay: String, environment: [String: String] = [:]) throws -> ConfigLoader {
        ConfigLoader([
            try .defaults(Settings()),
            .file("\(Self.folder)/config.yaml"),
            .file("\(Self.folder)/\(overlay)", optional: true),
            .environment(prefix: "APP", variables: environment),
        ], unknownKeys: .reject)
    }

    @Test("the production overlay merges over the base file and the environment over both")
    func production() throws {
        let settings = try loader(overlay: "config.production.yaml", environment: ["APP_SERVER__PORT": "9090"]).load(Settings.self)
        #expect(settings.server.host == "0.0.0.0")
        #expect(settings.server.port == 9090)
        #expect(settings.server.workers == 8)
        #expect(settings.database.poolSize == 4)
        #expect(settings.wireFormat == "msgpack")
        #expect(settings.features == ["search", "billing"])
    }

    @Test("development has no overlay file, which is optional")
    func development() throws {
        let settings = try loader(overlay: "config.development.yaml").load(Settings.self)
        #expect(settings.server.port == 8080)
        #expect(settings.wireFormat == "json")
    }

    @Test("the broken overlay gives a file:line:column: path: message error")
    func broken() throws {
        let error = try expectError { try loader(overlay: "broken.yaml").load(Settings.self) }
        #expect(error.description == #"\#(Self.folder)/broken.yaml:3:9: server.port: expected Int, found the string "80a""#)
    }
}
