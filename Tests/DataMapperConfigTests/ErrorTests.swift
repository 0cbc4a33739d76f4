import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Testing

@Suite struct ErrorTests {
    @Test("a value of the wrong type in a file names the file, line, column and path")
    func wrongTypeInFile() throws {
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", "server:\n  host: example.org\n  port: 80a\n")
        let loader = ConfigLoader([try .defaults(TestConfig()), .file(base)])
        let error = try expectError(kind: .typeMismatch) { try loader.load(TestConfig.self) }
        #expect(error.location?.file == base)
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 9)
        #expect(error.description == #"\#(base):3:9: server.port: expected Int, found the string "80a""#)
    }

    @Test("an error about a value from an overlay file names the overlay, not the base file")
    func errorInOverlay() throws {
        let files = try TemporaryFiles()
        let base = try files.write("base.yaml", "server:\n  port: 80\n")
        let overlay = try files.write("overlay.json", "{\n  \"server\": {\n    \"port\": true\n  }\n}")
        let loader = ConfigLoader([try .defaults(TestConfig()), .file(base), .file(overlay)])
        let error = try expectError { try loader.load(TestConfig.self) }
        #expect(error.description == "\(overlay):3:13: server.port: expected Int, found the boolean true")
    }

    @Test("a missing required key points at the dictionary that lacks it")
    func missingKey() throws {
        struct Strict: Decodable { struct Server: Decodable { var host: String; var port: Int }; var server: Server }
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", "server:\n  host: example.org\n")
        let error = try expectError(kind: .missingKey) { try ConfigLoader([.file(base)]).load(Strict.self) }
        #expect(error.description == #"\#(base):2:3: server: the key "port" is missing"#)
    }

    @Test("an error about a default value names no file")
    func errorInDefaults() throws {
        let error = try expectError {
            try ConfigLoader([.defaultValues(["server": ["port": "x"]])]).load(TestConfig.self)
        }
        #expect(error.description == #"server: expected a dictionary, found the string "x""# || error.location == nil)
        #expect(error.location?.file == nil)
    }

    @Test("a mapped (Deserializable) type reads environment text as numbers and names the file of a bad value")
    func deserializable() throws {
        struct Mapped: Deserializable {
            let port: Int
            let debug: Bool
            init(_ data: DeserializableData) throws {
                port = try data["server"]["port"].get()
                debug = try data["debug"].get()
            }
        }
        let files = try TemporaryFiles()
        let base = try files.write("config.yaml", "server:\n  port: 80\ndebug: false\n")
        let good = try ConfigLoader([.file(base), .environment(prefix: "APP", variables: ["APP_SERVER__PORT": "81"])])
            .load(Mapped.self)
        #expect(good.port == 81)
        #expect(good.debug == false)

        let broken = try files.write("broken.yaml", "server:\n  port: eighty\ndebug: false\n")
        let error = try expectError { try ConfigLoader([.file(broken)]).load(Mapped.self) }
        #expect(error.location?.file == broken)
        #expect(error.location?.line == 2)
        #expect(error.path == ["server", "port"])
    }
}
