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
        let error = try expectError(kind: .unknownKey) { try loader.load(TestConfig.self) }
        #expect(error.description == "\(base):3:9: server.prot: unknown key, not read by the configuration type")
    }

    @Test("by default unknown keys are ignored")
    func ignoredByDefault() throws {
        let loader = ConfigLoader([try .defaults(TestConfig()), .defaultValues(["server": ["prot": 1]])])
        #expect(try loader.load(TestConfig.self).server.port == 8080)
    }

    @Test("loadReporting lists every unknown key, from files and the environment, nulls included")
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
            "\(base):7:10: comment: unknown key, not read by the configuration type",
        ])
    }

    @Test("under the reject policy a key whose value is null, written out or left empty, is unknown", arguments: [
        "server:\n  port: 80\nextra: null\n", "server:\n  port: 80\nextra:\n", "server:\n  port: 80\nextra: ~\n",
    ])
    func rejectsNullKeys(text: String) throws {
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", text)
        let loader = ConfigLoader([try .defaults(TestConfig()), .file(base)], unknownKeys: .reject)
        let error = try expectError(kind: .unknownKey, path: ["extra"]) { try loader.load(TestConfig.self) }
        #expect(error.location?.file == base)
        #expect(error.location?.line == 3)
    }

    @Test("a null for an optional field the type reads is not unknown, in Codable and mapped types alike")
    func nullOptionalFieldIsKnown() throws {
        struct Optionals: Codable, Equatable {
            struct Server: Codable, Equatable { var host: String?; var timeout: Int?; var limits: [String: Int]? }
            var server: Server
            var note: String?
        }
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", "server:\n  host: ~\n  timeout: null\n  limits:\nnote:\n")
        let loader = ConfigLoader([.file(base)], unknownKeys: .reject)
        #expect(try loader.load(Optionals.self) == Optionals(server: .init(host: nil, timeout: nil, limits: nil), note: nil))
        #expect(try loader.loadReporting(Optionals.self).unknownKeys.isEmpty)

        let misspelt = try files.write("misspelt.yaml", "server:\n  timeuot: null\n")
        let error = try expectError {
            try ConfigLoader([.file(misspelt)], unknownKeys: .reject).load(Optionals.self)
        }
        #expect(error.description == "\(misspelt):2:12: server.timeuot: unknown key, not read by the configuration type")
    }

    @Test("a mapped type's optional field left null is not unknown; a null key it never reads is")
    func nullInMappedType() throws {
        struct Mapped: Mappable {
            var timeout: Int?
            init(_ data: DeserializableData) throws { try mapping(data) }
            mutating func mapping(_ data: inout MappableData) throws { data["timeout"].map(&timeout) }
        }
        let files = try TemporaryFiles()
        let known = try files.write("known.yaml", "timeout: null\n")
        #expect(try ConfigLoader([.file(known)], unknownKeys: .reject).load(Mapped.self).timeout == nil)
        let unknown = try files.write("unknown.yaml", "timeout: 3\nextra: null\n")
        let error = try expectError {
            try ConfigLoader([.file(unknown)], unknownKeys: .reject).load(Mapped.self)
        }
        #expect(error.path == ["extra"])
        #expect(error.location?.line == 2)
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
        try expectError(kind: .unsupported) { try loader.load(DecodeOnly.self) }
    }
}
