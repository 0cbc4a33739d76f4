import DataMapper
import DataMapperConfig
import DataMapperFormats
import Foundation
import Testing

// The README's "Loading configuration" and "Choosing a format" quick starts, compiled
// and run here so that they keep working. Keep the two in step.

// MARK: - Loading configuration

struct AppConfig: Codable {
    struct Server: Codable {
        var host = "localhost"
        var port = 8080
    }

    var server = Server()
    var debug = false
}

/// The README's loading snippet, printing into `output` instead of the console.
func loadingConfigurationQuickStart(output: inout [String]) throws {
    let loader = ConfigLoader([
        try .defaults(AppConfig()),                    // defaults in code
        .file("config.yaml"),                          // format from the extension
        .file("config.local.yaml", optional: true),    // skipped when missing
        .environment(prefix: "APP"),                   // APP_SERVER__PORT=9090 sets server.port
    ], unknownKeys: .reject)                           // a misspelt key is an error

    do {
        let config = try loader.load(AppConfig.self)
        output.append("listening on \(config.server.host):\(config.server.port)")
    } catch {
        output.append("\(error)")   // config.yaml:3:9: server.port: expected Int, found the string "80a"
    }
}

// MARK: - Choosing a format

struct Reading: Codable, Equatable {
    var sensor: String
    var celsius: Double
}

/// The README's format snippet, with the environment passed in.
func choosingAFormatQuickStart(environment: [String: String]) throws -> (wire: String, answer: String, decoded: Reading) {
    let formats = FormatRegistry.standard

    // One setting per deployment: unset (JSON) in development, APP_WIRE_FORMAT=msgpack in production.
    let wire = try formats.format(fromEnvironment: "APP_WIRE_FORMAT", default: "json", environment: environment)
    let body = try wire.serializer().encode(Reading(sensor: "t1", celsius: 21.5))

    // Per request: answer in what the client's Accept header prefers.
    let answer = try formats.negotiate(accept: "application/msgpack, application/json;q=0.5")
    // answer.format.name == "msgpack", answer.mediaType == "application/msgpack" for Content-Type

    // Read a request body by its Content-Type.
    let incoming = try formats.format(forMediaType: wire.mediaTypes[0] + "; charset=utf-8")
    let reading = try incoming.serializer().decode(Reading.self, from: body)
    return (wire.name, answer.mediaType, reading)
}

@Suite struct ReadmeSnippetTests {
    @Test("the loading quick start reports a missing config.yaml by name")
    func loadingReportsMissingFile() throws {
        var output: [String] = []
        try loadingConfigurationQuickStart(output: &output)
        #expect(output == ["config.yaml: the configuration file does not exist"]
            || output.first?.hasPrefix("listening on") == true)
    }

    @Test("the format quick start speaks JSON by default and MessagePack when the setting says so")
    func choosingAFormat() throws {
        let development = try choosingAFormatQuickStart(environment: [:])
        #expect(development.wire == "json")
        #expect(development.answer == "application/msgpack")
        #expect(development.decoded == Reading(sensor: "t1", celsius: 21.5))
        let production = try choosingAFormatQuickStart(environment: ["APP_WIRE_FORMAT": "msgpack"])
        #expect(production.wire == "msgpack")
        #expect(production.decoded == Reading(sensor: "t1", celsius: 21.5))
    }
}
