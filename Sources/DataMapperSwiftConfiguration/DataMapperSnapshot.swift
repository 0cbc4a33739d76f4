import Configuration
import DataMapper
import DataMapperFormats
import Foundation

/// A swift-configuration snapshot of a file in any DataMapper format, so that
/// `FileProvider` reads YAML, XML, MessagePack and JSON files through DataMapper's
/// parsers.
///
/// ```swift
/// let provider = try await FileProvider<DataMapperSnapshot>(
///     parsingOptions: .init(format: .yaml, fileName: "config.yaml"), filePath: "config.yaml")
/// let config = ConfigReader(provider: provider)
/// let port = config.int(forKey: "server.port", default: 8080)
/// ```
///
/// The document's nested dictionaries become dotted keys (`server.port`). An array
/// of scalars is one value (`hosts` as a `stringArray`); an array holding dictionaries
/// or arrays is reached element by element, its index a key part (`servers.0.port`).
/// Nulls are absent values. The top-level value must be a dictionary; an XML
/// document's root element is unwrapped, so `<config><server>` gives `server.*`.
///
/// Values must have the type asked for: an integer for `int`, a string for `string`,
/// and so on; an integer is also accepted as a `double`, and a whole `double` as an
/// `int`. Bytes are read from binary values or from strings through
/// ``ParsingOptions/bytesDecoder``. Values of a format whose scalars are all text (XML)
/// are also read as numbers and booleans (`true`, `false`, `1`, `0`) when asked for,
/// and a single value there is also an array of one.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct DataMapperSnapshot: Sendable {
    /// How to read the file: its format, the name errors print, bytes and secrets.
    public struct ParsingOptions: FileParsingOptions {
        /// The format; `nil` tells it from the content (see ``FormatRegistry/format(sniffing:)``).
        public var format: DataFormat?
        /// The formats to choose from when ``format`` is `nil`.
        public var registry: FormatRegistry
        /// The name errors print in front of `line:column` (the file's path, usually);
        /// `FileProvider` does not tell a snapshot which file it reads.
        public var fileName: String?
        /// Turns strings into bytes for `bytes` and `byteChunkArray` lookups.
        public var bytesDecoder: any ConfigBytesFromStringDecoder
        /// Which values are secrets, so that access logs redact them; it is handed each
        /// dotted key and the value as text (a string as it is, other values as written).
        public var secretsSpecifier: SecretsSpecifier<String, any Sendable>

        /// Creates options.
        public init(
            format: DataFormat? = nil,
            registry: FormatRegistry = .standard,
            fileName: String? = nil,
            bytesDecoder: some ConfigBytesFromStringDecoder = .base64,
            secretsSpecifier: SecretsSpecifier<String, any Sendable> = .none
        ) {
            self.format = format
            self.registry = registry
            self.fileName = fileName
            self.bytesDecoder = bytesDecoder
            self.secretsSpecifier = secretsSpecifier
        }

        /// The format told from the content, no file name, base64 bytes, no secrets.
        public static var `default`: Self { Self() }
    }

    /// One value under its dotted key.
    struct Entry: Sendable {
        var value: SupportedType
        var isSecret: Bool
    }

    /// The name of the provider that made the snapshot.
    public let providerName: String
    /// The name of the format the file was read as.
    public let formatName: String
    let values: [String: Entry]
    let fileName: String?
    let readsText: Bool
    let bytesDecoder: any ConfigBytesFromStringDecoder
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension DataMapperSnapshot: FileConfigSnapshot {
    /// Parses a file's bytes with the format of `parsingOptions`.
    /// - Throws: ``DataMapperError``: the parser's error (with the file name) for a
    ///   malformed file, ``DataMapperError/Kind/unsupported`` when the format cannot be
    ///   told, ``DataMapperError/Kind/typeMismatch`` when the top-level value is not a
    ///   dictionary.
    public init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        let bytes = data.withUnsafeBytes { Data($0) }
        let fileName = parsingOptions.fileName
        func located(_ error: DataMapperError) -> DataMapperError { fileName.map(error.inFile) ?? error }
        do {
            let format = try parsingOptions.format
                ?? parsingOptions.registry.format(sniffing: bytes.prefix(FormatRegistry.sniffLength))
            let serializer = format.serializer()
            var root = try serializer.deserialize(bytes)
            let readsText = serializer is any TextScalarSerializer
            if readsText, case .dictionary(let map) = root.kind, map.count == 1, let only = map.values.first {
                if case .dictionary = only.kind { root = only } else if only.isNull { root = SupportedType(.dictionary(OrderedMap())) }
            }
            guard case .dictionary = root.kind else {
                throw DataMapperError(
                    .typeMismatch, message: "expected a dictionary of settings at the top level, found \(Self.kindName(root))",
                    location: SourceLocation(position: root.position))
            }
            var flat: [String: Entry] = [:]
            Self.flatten(root, prefix: [], secrets: parsingOptions.secretsSpecifier, into: &flat)
            self.init(
                providerName: providerName, formatName: format.name, values: flat, fileName: fileName,
                readsText: readsText, bytesDecoder: parsingOptions.bytesDecoder)
        } catch let error as DataMapperError {
            throw located(error)
        }
    }

    /// Puts every value of `value` under its dotted key.
    static func flatten(
        _ value: SupportedType, prefix: [String], secrets: SecretsSpecifier<String, any Sendable>, into flat: inout [String: Entry]
    ) {
        switch value.kind {
        case .dictionary(let map):
            for (key, child) in map { flatten(child, prefix: prefix + [key], secrets: secrets, into: &flat) }
        case .array(let elements) where elements.contains(where: { $0.isContainer }):
            for (index, child) in elements.enumerated() {
                flatten(child, prefix: prefix + [String(index)], secrets: secrets, into: &flat)
            }
        case .null:
            break
        default:
            let key = prefix.joined(separator: ".")
            let text: String
            if case .string(let string) = value.kind { text = string } else { text = value.description }
            let isSecret = secrets.isSecret(key: key, value: text)
            flat[key] = Entry(value: value, isSecret: isSecret)
        }
    }

    static func kindName(_ value: SupportedType) -> String {
        switch value.kind {
        case .array: return "an array"
        case .null: return "null"
        default: return "the value \(value.description)"
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension DataMapperSnapshot: ConfigSnapshot {
    /// The value under `key` (its components joined with dots) as `type`, or no value.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/typeMismatch``, with
    ///   the file name, line and column, when the value cannot be read as `type`.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let encodedKey = key.components.joined(separator: ".")
        guard let entry = values[encodedKey] else { return LookupResult(encodedKey: encodedKey, value: nil) }
        let content = try content(of: entry.value, as: type, key: key.components)
        return LookupResult(encodedKey: encodedKey, value: ConfigValue(content, isSecret: entry.isSecret))
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension DataMapperSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
    /// `provider[format, N values]`.
    public var description: String { "\(providerName)[\(formatName), \(values.count) values]" }

    /// The description followed by every key and value, secrets redacted, keys sorted.
    public var debugDescription: String {
        let listed = values.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.isSecret ? "<REDACTED>" : $0.value.value.description)" }
            .joined(separator: ", ")
        return "\(providerName)[\(formatName), \(values.count) values: \(listed)]"
    }
}

extension SupportedType {
    /// Whether the value is a dictionary or an array.
    var isContainer: Bool {
        switch kind {
        case .dictionary, .array: return true
        default: return false
        }
    }
}
