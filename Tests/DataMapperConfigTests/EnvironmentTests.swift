import DataMapper
import DataMapperConfig
import DataMapperTestSupport
import Testing

@Suite struct EnvironmentTests {
    @Test("double underscores nest, single ones stay inside a key, and a part matches an existing key ignoring case and underscores")
    func nestingRule() throws {
        let loader = ConfigLoader([
            try .defaults(TestConfig()),
            .environment(prefix: "APP", variables: [
                "APP_SERVER__PORT": "9090",
                "APP_SERVER__MAX_CONNECTIONS": "7",
                "APP_DATABASE__POOL_SIZE": "12",
                "APP_RATIO": "0.25",
                "APP_DEBUG": "TRUE",
                "APP_SERVER__HOST": "0.0.0.0",
            ]),
        ])
        let config = try loader.load(TestConfig.self)
        #expect(config.server.port == 9090)
        #expect(config.server.maxConnections == 7)
        #expect(config.database.poolSize == 12)
        #expect(config.ratio == 0.25)
        #expect(config.debug == true)
        #expect(config.server.host == "0.0.0.0")
    }

    @Test("only variables with the prefix and its underscore count; the prefix may be given with its underscore")
    func prefix() throws {
        let variables = ["APP_DEBUG": "true", "APPLE_DEBUG": "false", "APP": "x", "DEBUG": "false", "APP__X": "1"]
        for prefix in ["APP", "APP_"] {
            let document = try ConfigLoader([.environment(prefix: prefix, variables: variables)]).document()
            #expect(document.value == ["debug": "true"])
            #expect(document.origin(of: ["debug"]) == .environment(variable: "APP_DEBUG"))
        }
    }

    @Test("new keys are lower-cased, and nested names create dictionaries")
    func newKeys() throws {
        let document = try ConfigLoader([
            .environment(prefix: "APP", variables: ["APP_CACHE__REDIS_URL": "redis://r", "APP_CACHE__TTL": "60"]),
        ]).document()
        #expect(document.value == ["cache": ["redis_url": "redis://r", "ttl": "60"]])
    }

    @Test("a part made of digits indexes an array from an earlier layer")
    func arrayIndex() throws {
        let document = try ConfigLoader([
            .defaultValues(["servers": [["port": 1], ["port": 2]]]),
            .environment(prefix: "APP", variables: ["APP_SERVERS__1__PORT": "20", "APP_SERVERS__2__PORT": "30"]),
        ]).document()
        #expect(document.value == ["servers": [["port": 1], ["port": "20"], ["port": "30"]]])
    }

    @Test("an index past the end of the array is an error naming the variable")
    func arrayIndexOutOfRange() throws {
        let loader = ConfigLoader([
            .defaultValues(["servers": [["port": 1]]]),
            .environment(prefix: "APP", variables: ["APP_SERVERS__5__PORT": "20"]),
        ])
        let error = try expectError { try loader.document() }
        #expect(error.description == "APP_SERVERS__5__PORT: servers: index 5 is past the end of an array of 1 elements")
    }

    @Test("a string field takes a variable's text as it is, even when it looks like a number")
    func stringsStayText() throws {
        let config = try ConfigLoader([
            try .defaults(TestConfig()),
            .environment(prefix: "APP", variables: ["APP_SERVER__HOST": "8080"]),
        ]).load(TestConfig.self)
        #expect(config.server.host == "8080")
    }

    @Test("text that is not a number where one is wanted is an error naming the variable and the path")
    func badNumber() throws {
        let loader = ConfigLoader([
            try .defaults(TestConfig()),
            .environment(prefix: "APP", variables: ["APP_SERVER__PORT": "80a"]),
        ])
        let error = try expectError(kind: .typeMismatch, path: ["server", "port"]) { try loader.load(TestConfig.self) }
        #expect(error.description == #"APP_SERVER__PORT: server.port: expected Int, found the string "80a""#)
    }

    @Test("a boolean that is not true, false, 1 or 0 is an error naming the variable")
    func badBoolean() throws {
        let loader = ConfigLoader([
            try .defaults(TestConfig()),
            .environment(prefix: "APP", variables: ["APP_DEBUG": "yes"]),
        ])
        let error = try expectError { try loader.load(TestConfig.self) }
        #expect(error.description == #"APP_DEBUG: debug: expected Bool, found the string "yes""#)
    }

    @Test("a custom separator nests too")
    func customSeparator() throws {
        let document = try ConfigLoader([
            .environment(prefix: "APP", separator: ".", variables: ["APP_server.port": "1"]),
        ]).document()
        #expect(document.value == ["server": ["port": "1"]])
    }
}
