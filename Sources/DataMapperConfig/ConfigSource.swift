import DataMapper
import DataMapperFormats
import Foundation

/// One layer of configuration: defaults in code, a file, the environment, or values
/// you supply. A ``ConfigLoader`` merges its sources in order, later over earlier.
///
/// ```swift
/// let sources: [ConfigSource] = [
///     try .defaults(AppConfig()),
///     .file("config.yaml"),
///     .file("config.production.yaml", optional: true),
///     .environment(prefix: "APP"),
/// ]
/// ```
public struct ConfigSource: Sendable {
    enum Storage: Sendable {
        case value(SupportedType, ConfigOrigin)
        case file(path: String, optional: Bool, format: DataFormat?)
        case environment(prefix: String, separator: String, variables: [String: String]?)
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// Default values given as a value tree (dictionary literals work):
    /// `.defaultValues(["server": ["port": 8080]])`.
    public static func defaultValues(_ value: SupportedType) -> ConfigSource {
        ConfigSource(.value(value, .defaults))
    }

    /// Default values given as an instance of your configuration type (or any
    /// `Encodable`), encoded once here.
    /// - Throws: What encoding the value throws.
    public static func defaults(_ value: some Encodable, encoder: SupportedTypeEncoder = SupportedTypeEncoder()) throws -> ConfigSource {
        ConfigSource(.value(try encoder.encode(value), .defaults))
    }

    /// A file, whose format is told by its extension (`.yaml`, `.json`, `.xml`,
    /// `.msgpack`, ...) unless `format` is given.
    ///
    /// - Parameters:
    ///   - path: The file's path, printed as given in errors about its values.
    ///   - optional: When `true`, a missing file is skipped; any other failure
    ///     (unreadable, malformed) is still an error. When `false`, a missing file is an
    ///     error of kind ``DataMapperError/Kind/io``.
    ///   - format: The format, when the extension does not say it.
    public static func file(_ path: String, optional: Bool = false, format: DataFormat? = nil) -> ConfigSource {
        ConfigSource(.file(path: path, optional: optional, format: format))
    }

    /// The environment variables whose names start with `prefix` and `_`.
    ///
    /// The nesting rule: after the prefix and its underscore, `separator` (two
    /// underscores by default) separates keys, so `APP_SERVER__PORT=8080` sets
    /// `server.port`, and `APP_DATABASE__POOL_SIZE=4` sets `database.pool_size` (single
    /// underscores stay inside a key). A name part matches an existing key ignoring
    /// case, `_` and `-`, so that part also sets `poolSize` or `pool-size` when an
    /// earlier layer has one; otherwise it becomes a new key in lower case. A part made
    /// of digits indexes an array an earlier layer holds (`APP_SERVERS__0__PORT`).
    ///
    /// Values stay text. When the loaded type wants a number or a boolean there, the
    /// text is read as one: integers and decimal numbers as Swift writes them,
    /// booleans as `true`/`false`/`1`/`0` in any case. Variables whose name has an empty
    /// part, or a part starting or ending with `_` (`APP__X`, `APP_A___B`), are ignored.
    /// - Parameters:
    ///   - prefix: The prefix, with or without its trailing `_` (`APP` or `APP_`).
    ///   - separator: What separates nesting levels in a name.
    ///   - variables: The variables to read; the process's environment by default.
    public static func environment(
        prefix: String, separator: String = "__", variables: [String: String]? = nil
    ) -> ConfigSource {
        ConfigSource(.environment(prefix: prefix, separator: separator, variables: variables))
    }

    /// Values you supply under a name that errors print (`"command line"`, say).
    public static func values(_ value: SupportedType, named name: String) -> ConfigSource {
        ConfigSource(.value(value, .named(name)))
    }
}
