import DataMapperCore
import Foundation

/// The formats a program knows, found by name, file extension, media type or content.
///
/// Tools and loaders ask a registry instead of naming serializers, so a format added
/// to the registry works everywhere at once. ``standard`` holds the formats that ship
/// with DataMapper; make a copy and ``register(_:)`` your own to extend or override it:
///
/// ```swift
/// var registry = FormatRegistry.standard
/// registry.register(myFormat)
/// let format = try registry.format(forFile: "settings.conf", sniffing: firstBytes)
/// let value = try format.serializer().deserialize(data)
/// ```
///
/// A registry is a value: registering changes only your copy, so sharing one across
/// tasks is safe.
///
/// Precedence: a format registered later wins over earlier ones for every name,
/// alias, extension and media type they share. Registering a format whose canonical
/// name is already present replaces the older description.
public struct FormatRegistry: Sendable {
    /// The registered formats, oldest first.
    public private(set) var formats: [DataFormat]

    /// How many leading bytes ``format(sniffing:)`` hands to the formats' sniffers.
    public static let sniffLength = 1024

    /// A registry of the given formats, registered in order.
    public init(_ formats: [DataFormat] = []) {
        self.formats = []
        for format in formats { register(format) }
    }

    /// The formats that ship with DataMapper: JSON, YAML, MessagePack, XML and JSON Lines.
    ///
    /// JSON comes first, so it answers `Accept: */*`; JSON Lines, last, has no sniffer
    /// and is chosen by its name, extension or media type.
    public static let standard = FormatRegistry([.json, .yaml, .msgpack, .xml, .jsonl])

    /// Adds `format`; it takes precedence over every format registered before it.
    ///
    /// A format already registered under the same canonical name is removed first.
    public mutating func register(_ format: DataFormat) {
        formats.removeAll { $0.name == format.name }
        formats.append(format)
    }

    /// The canonical names, in registration order.
    public var names: [String] { formats.map(\.name) }

    // MARK: - Lookups

    /// The format called `name` or having it as an alias, ignoring case.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` listing
    ///   the known names.
    public func format(named name: String) throws -> DataFormat {
        if let format = newestFirst.first(where: { $0.answers(toName: name) }) { return format }
        throw notFound("unknown format \"\(name)\"")
    }

    /// The format that uses the file extension `fileExtension` (`json`, `.JSON`, ...).
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` listing
    ///   the known names.
    public func format(forExtension fileExtension: String) throws -> DataFormat {
        let wanted = DataFormat.normalizedExtension(fileExtension)
        if !wanted.isEmpty, let format = newestFirst.first(where: { $0.fileExtensions.contains(wanted) }) {
            return format
        }
        throw notFound("no format uses the file extension \".\(wanted)\"")
    }

    /// The format named by the extension of the file at `path` (`config/app.JSON` is JSON).
    ///
    /// The extension is what follows the last dot of the last path component; a name
    /// that only starts with a dot (`.json`) has none.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when
    ///   there is no extension or no format uses it.
    public func format(forPath path: String) throws -> DataFormat {
        guard let fileExtension = Self.fileExtension(ofPath: path) else {
            throw notFound("cannot tell the format of \"\(path)\" from its name, which has no extension")
        }
        return try format(forExtension: fileExtension)
    }

    /// The format named by the extension of the file at `url`; see ``format(forPath:)``.
    public func format(for url: URL) throws -> DataFormat {
        try format(forPath: url.path)
    }

    /// The format a `Content-Type`-style media type means.
    ///
    /// Parameters (`; charset=utf-8`) and case are ignored. An exact media type wins;
    /// otherwise a structured-syntax suffix (`application/ld+json`) picks the format.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when the
    ///   text is not a media type or no format uses it.
    public func format(forMediaType contentType: String) throws -> DataFormat {
        guard let mediaType = MediaType(parsing: contentType) else {
            throw notFound("\"\(contentType)\" is not a media type of the form type/subtype")
        }
        if let format = newestFirst.first(where: { $0.mediaTypes.contains(mediaType.essence) }) {
            return format
        }
        if let suffix = mediaType.suffix,
           let format = newestFirst.first(where: { $0.mediaTypeSuffixes.contains(suffix) }) {
            return format
        }
        throw notFound("no format uses the media type \"\(mediaType.essence)\"")
    }

    /// The format whose sniffer is surest that a document starting with `prefix` is its own.
    ///
    /// Only the first ``sniffLength`` bytes are looked at. Among equally sure formats
    /// the one registered last wins.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when no
    ///   format recognises the bytes.
    public func format(sniffing prefix: Data) throws -> DataFormat {
        let head = Data(prefix.prefix(Self.sniffLength))
        var best: (format: DataFormat, confidence: DataFormat.SniffConfidence)?
        for format in newestFirst {
            let confidence = format.sniff(head)
            if confidence > (best?.confidence ?? .none) { best = (format, confidence) }
        }
        if let best { return best.format }
        throw notFound(head.isEmpty ? "cannot tell the format of empty input" : "cannot tell the format from the content")
    }

    /// The format of a file: by its extension when a format uses it, otherwise by
    /// sniffing `prefix`, the file's first bytes.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when
    ///   neither way finds a format.
    public func format(forFile path: String, sniffing prefix: Data) throws -> DataFormat {
        if let fileExtension = Self.fileExtension(ofPath: path),
           let format = newestFirst.first(where: { $0.fileExtensions.contains(fileExtension) }) {
            return format
        }
        do {
            return try format(sniffing: prefix)
        } catch {
            throw notFound("cannot tell the format of \"\(path)\" from its extension or its content")
        }
    }

    // MARK: - Helpers

    private var newestFirst: ReversedCollection<[DataFormat]> { formats.reversed() }

    private func notFound(_ message: String) -> DataMapperError {
        let known = names.isEmpty ? "none" : names.joined(separator: ", ")
        return DataMapperError(.unsupported, message: "\(message) (known formats: \(known))")
    }

    /// The lowercased extension of the last component of `path` (`json` for
    /// `config/app.JSON`), or `nil` when it has none (`README`, `.json`, `file.`).
    public static func fileExtension(ofPath path: String) -> String? {
        let component = path.split(separator: "/", omittingEmptySubsequences: true).last ?? ""
        guard let dot = component.lastIndex(of: "."), dot != component.startIndex else { return nil }
        let fileExtension = component[component.index(after: dot)...]
        return fileExtension.isEmpty ? nil : fileExtension.lowercased()
    }
}
