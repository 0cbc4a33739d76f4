// A small service's settings, loaded in layers: defaults in code, config.yaml, an
// overlay per deployment, then APP_* environment variables.
//
//   swift run config-demo                    # development
//   swift run config-demo production         # config.production.yaml over config.yaml
//   DEPLOYMENT=production swift run config-demo
//   APP_SERVER__PORT=9090 swift run config-demo
//   swift run config-demo broken             # prints a file:line:column error, exits 1
import DataMapper
import DataMapperConfig
import DataMapperFormats
import Foundation

struct Settings: Codable {
    struct Server: Codable {
        var host = "localhost"
        var port = 8080
        var workers = 1
    }

    struct Database: Codable {
        var url = "postgres://localhost/app"
        var poolSize = 2
    }

    var server = Server()
    var database = Database()
    var logLevel = "info"
    var wireFormat = "json"
    var features: [String] = []
}

/// The folder of the sample's config files, as a path relative to the working
/// directory when it is below it (so errors print short paths).
func configDirectory() -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("config").path
    let here = FileManager.default.currentDirectoryPath + "/"
    return folder.hasPrefix(here) ? String(folder.dropFirst(here.count)) : folder
}

let deployment = CommandLine.arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["DEPLOYMENT"] ?? "development"
let folder = configDirectory()
let overlay = deployment == "broken" ? "\(folder)/broken.yaml" : "\(folder)/config.\(deployment).yaml"

let loader = ConfigLoader([
    try .defaults(Settings()),
    .file("\(folder)/config.yaml"),
    .file(overlay, optional: true),
    .environment(prefix: "APP"),
], unknownKeys: .reject)

do {
    let settings = try loader.load(Settings.self)
    let wire = try FormatRegistry.standard.format(fromSetting: settings.wireFormat)
    let sample = try wire.serializer().encode(settings.server)
    print("deployment:  \(deployment)")
    print("server:      \(settings.server.host):\(settings.server.port), \(settings.server.workers) workers")
    print("database:    \(settings.database.url) (pool of \(settings.database.poolSize))")
    print("log level:   \(settings.logLevel)")
    print("features:    \(settings.features.joined(separator: ", "))")
    print("wire format: \(wire.name) (\(wire.mediaTypes.first ?? "?")); the server block is \(sample.count) bytes in it")
} catch {
    // A DataMapperError prints as `file:line:column: path: message`.
    print("error: \(error)")
    exit(1)
}
