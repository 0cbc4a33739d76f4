import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Testing

/// Every decoding error names the file, line and column of the value at fault.
@Suite struct DecodingPositionTests {
    struct Logging: Codable {
        enum Level: String, Codable { case debug, info, warning }
        struct Log: Codable { var level: Level = .info; var port: Port? }
        var log = Log()
    }

    /// A port that refuses 0 with an error of its own type.
    struct Port: Codable, Equatable {
        struct Refused: Error, Equatable { var reason: String }
        var number: Int
        init(from decoder: any Decoder) throws {
            number = try decoder.singleValueContainer().decode(Int.self)
            guard number != 0 else { throw Refused(reason: "port 0 is not a port") }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(number)
        }
    }

    struct Limits: Codable { var port = 0; var retries: UInt8 = 0 }

    @Test("an enum value the type does not know names the file, line and column")
    func invalidEnumValue() throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.yaml", "log:\n  level: verbose\n")
        let error = try expectError(kind: .invalidValue, path: ["log", "level"]) { try ConfigLoader([.file(path)]).load(Logging.self) }
        #expect(error.location?.file == path)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 10)
        #expect(error.description.hasPrefix("\(path):2:10: log.level: "))
        #expect(error.description.contains("verbose"))
    }

    @Test("an error of its own from an init(from:) keeps the original and gains the value's place")
    func customError() throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.json", "{\n  \"log\": {\n    \"level\": \"info\",\n    \"port\": 0\n  }\n}\n")
        let error = try expectError(kind: .invalidValue) { try ConfigLoader([.file(path)]).load(Logging.self) }
        #expect(error.underlyingError as? Port.Refused == Port.Refused(reason: "port 0 is not a port"))
        #expect(error.description.hasPrefix("\(path):4:13: log.port: "))
        #expect(error.description.contains("port 0 is not a port"))
    }

    @Test("a number out of range names the type's range, with the file position", arguments: [
        ("port: 99999999999999999999\n", "1:7: port: expected Int (-9223372036854775808...9223372036854775807), found 99999999999999999999"),
        ("port: 1\nretries: 300\n", "2:10: retries: expected UInt8 (0...255), found 300"),
        ("port: 1\nretries: -1\n", "2:10: retries: expected UInt8 (0...255), found -1"),
    ])
    func outOfRange(text: String, message: String) throws {
        let files = try TemporaryFiles()
        let path = try files.write("limits.yaml", text)
        let error = try expectError(kind: .invalidValue) { try ConfigLoader([.file(path)]).load(Limits.self) }
        #expect(error.description == "\(path):\(message)")
    }

    @Test("an environment integer beyond 64 bits is out of range, naming the variable, not a string")
    func environmentOutOfRange() throws {
        let loader = ConfigLoader([
            try .defaults(TestConfig()),
            .environment(prefix: "APP", variables: ["APP_SERVER__PORT": "99999999999999999999"]),
        ])
        let error = try expectError(kind: .invalidValue) { try loader.load(TestConfig.self) }
        #expect(error.description
            == "APP_SERVER__PORT: server.port: expected Int (-9223372036854775808...9223372036854775807), found 99999999999999999999")
    }

    @Test("an environment integer that fits 64 bits but not the field names the field's range")
    func environmentNarrowField() throws {
        let loader = ConfigLoader([
            try .defaults(Limits()),
            .environment(prefix: "APP", variables: ["APP_RETRIES": "256"]),
        ])
        let error = try expectError { try loader.load(Limits.self) }
        #expect(error.description == "APP_RETRIES: retries: expected UInt8 (0...255), found 256")
    }

    @Test("a type mismatch in an XML layer names the element's line and column")
    func xmlMismatch() throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.xml", "<config>\n  <server>\n    <port>80a</port>\n  </server>\n</config>\n")
        let error = try expectError {
            try ConfigLoader([try .defaults(TestConfig()), .file(path)]).load(TestConfig.self)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.description == #"\#(path):3:5: server.port: expected Int, found the string "80a""#)
    }
}
