import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Testing

@Suite struct UnknownKeyTests {
    @Test("under the reject policy a misspelt key is an error with its file position")
    func rejectsTypos() throws {
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", "server:\n  host: example.org\n  prot: 8080\n")
        let loader = ConfigLoader([try .defaults(TestConfig()), .file(base)], unknownKeys: .reject)
        let error = try #require(throws: DataMapperError.self) { try loader.load(TestConfig.self) }
        #expect(error.kind == .unknownKey)
        #expect(error.description == "\(base):3:9: server.prot: unknown key, not read by the configuration type")
    }

    @Test("by default unknown keys are ignored")
    func ignoredByDefault() throws {
        let loader = ConfigLoader([try .defaults(TestConfig()), .defaultValues(["server": ["prot": 1]])])
        #expect(try loader.load(TestConfig.self).server.port == 8080)
    }

    @Test("loadReporting lists every unknown key, from files and the environment, and skips nulls")
    func reportsAll() throws {
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", """
            server:
              port: 80
              prot: 1
            databse:
              url: x
            tags: [a]
            comment: null
            """)
        let loader = ConfigLoader([
            try .defaults(TestConfig()), .file(base),
            .environment(prefix: "APP", variables: ["APP_SERVER__MAX_CONNECTIONS": "3", "APP_SERVER__TIMEOUT": "5"]),
        ])
        let result = try loader.loadReporting(TestConfig.self)
        #expect(result.value.server.maxConnections == 3)
        #expect(result.unknownKeys.map(\.description) == [
            "\(base):3:9: server.prot: unknown key, not read by the configuration type",
            "APP_SERVER__TIMEOUT: server.timeout: unknown key, not read by the configuration type",
            "\(base):5:3: databse: unknown key, not read by the configuration type",
        ])
    }

    @Test("keys inside a free-form value (a SupportedType or dictionary field) are never unknown")
    func freeFormValues() throws {
        struct Plugins: Codable { var plugins: [String: SupportedType] = [:] }
        let loader = ConfigLoader([.defaultValues(["plugins": ["cache": ["size": 3, "anything": true]]])], unknownKeys: .reject)
        #expect(try loader.load(Plugins.self).plugins["cache"]?["size"]?.int == 3)
    }

    @Test("the reject policy needs an Encodable type, and says so")
    func needsEncodable() throws {
        struct DecodeOnly: Decodable { var debug: Bool? }
        let loader = ConfigLoader([.defaultValues(["debug": true])], unknownKeys: .reject)
        let error = try #require(throws: DataMapperError.self) { try loader.load(DecodeOnly.self) }
        #expect(error.kind == .unsupported)
    }
}
