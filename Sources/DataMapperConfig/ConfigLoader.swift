import DataMapper
import DataMapperFormats
import Foundation

/// Loads settings from layered sources into your `Codable` or `Deserializable` type.
///
/// Sources are merged in order, each over the ones before it (see ``ConfigSource``
/// and the merge rules on ``ConfigDocument``): typically defaults in code, then a base
/// file, an optional file per deployment, and environment variables last.
///
/// ```swift
/// struct AppConfig: Codable {
///     struct Server: Codable { var host = "localhost"; var port = 8080 }
///     var server = Server()
///     var debug = false
/// }
///
/// let loader = ConfigLoader([
///     try .defaults(AppConfig()),
///     .file("config.yaml"),
///     .file("config.local.yaml", optional: true),
///     .environment(prefix: "APP"),          // APP_SERVER__PORT=9090
/// ])
/// let config = try loader.load(AppConfig.self)
/// ```
///
/// Every error is a ``DataMapperError`` that names the source of the value at fault:
/// `config.yaml:14:11: server.port: expected Int, found the string "80a"`, or
/// `APP_SERVER__PORT: server.port: ...` for an environment variable.
///
/// A loader is a value; loading reads the files and the environment again each time.
public struct ConfigLoader: Sendable {
    /// The sources, merged in order: later ones win.
    public var sources: [ConfigSource]
    /// The formats files may be in, found by their extension.
    public var registry: FormatRegistry
    /// The options of the `Codable` decoding; ``ConfigLoader`` reads environment
    /// values as numbers and booleans where needed whatever they say.
    public var decoder: SupportedTypeDecoder
    /// The mapper for `Deserializable` types.
    public var objectMapper: ObjectMapper
    /// What to do with keys no field reads. Default ``UnknownKeyPolicy/ignore``;
    /// ``loadReporting(_:)-(T.Type)`` lists them whatever the policy, leaving out the
    /// keys ``UnknownKeyPolicy/reject(allowing:)`` allows.
    public var unknownKeys: UnknownKeyPolicy

    /// Creates a loader of `sources`, merged in order.
    public init(
        _ sources: [ConfigSource],
        registry: FormatRegistry = .standard,
        decoder: SupportedTypeDecoder = SupportedTypeDecoder(),
        objectMapper: ObjectMapper = ObjectMapper(),
        unknownKeys: UnknownKeyPolicy = .ignore
    ) {
        self.sources = sources
        self.registry = registry
        self.decoder = decoder
        self.objectMapper = objectMapper
        self.unknownKeys = unknownKeys
    }

    /// Reads and merges every source, without decoding.
    /// - Throws: ``DataMapperError``: ``DataMapperError/Kind/io`` for a required file that
    ///   is missing or a file that cannot be read, ``DataMapperError/Kind/unsupported``
    ///   when a file's format cannot be told, the parser's error (with the file name)
    ///   for a malformed file.
    public func document() throws -> ConfigDocument {
        var document = ConfigDocument()
        for source in sources {
            switch source.storage {
            case .value(let value, let origin):
                document.merge(value, from: origin)
            case .file(let path, let optional, let format):
                guard let (value, reading) = try readFile(path, optional: optional, format: format) else { continue }
                document.merge(value, from: .file(path))
                document.fileReading = document.fileReading.adding(reading)
            case .environment(let prefix, let separator, let variables):
                try document.mergeEnvironment(
                    variables ?? ProcessInfo.processInfo.environment, prefix: prefix, separator: separator)
            }
        }
        return document
    }

    /// The value in the file at `path` and what its format leaves to the type, or
    /// `nil` when the file is optional and missing, or holds no settings (see
    /// ``layer(of:in:)``).
    private func readFile(_ path: String, optional: Bool, format: DataFormat?) throws -> (SupportedType, TypeDrivenReading)? {
        guard let data = try LimitedReader.read(path: path, limit: ParsingLimits.default.maxInputBytes) else {
            if optional { return nil }
            throw DataMapperError(.io, message: "the configuration file does not exist").inFile(path)
        }
        let chosen: DataFormat
        do {
            chosen = try format ?? registry.format(forFile: path, sniffing: data.prefix(FormatRegistry.sniffLength))
        } catch let error as DataMapperError {
            throw error.inFile(path)
        }
        do {
            return try Self.layer(of: data, in: chosen)
        } catch let error as DataMapperError {
            throw error.inFile(path)
        }
    }
}

extension DataMapperError.Kind {
    /// A configuration key that the loaded type does not read, usually a misspelling.
    public static let unknownKey = DataMapperError.Kind("unknown key")
}
