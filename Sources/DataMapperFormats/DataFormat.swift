import DataMapperCore
import Foundation

/// Describes one data format to a ``FormatRegistry``: its names, the file extensions
/// and media types that mean it, how to recognise its bytes, and how to make a
/// serializer for it.
///
/// A format module offers its description (``json`` for JSON); an application can
/// describe a format of its own and ``FormatRegistry/register(_:)`` it, and every tool
/// built on the registry (the `datamapper` command among them) then speaks it.
///
/// Names, aliases, extensions and media types are stored lowercased, since every
/// lookup ignores case. Extensions are stored without their leading dot.
public struct DataFormat: Sendable {
    /// Whether documents of a format are text or raw bytes.
    public enum Representation: Sendable, Hashable {
        /// UTF-8 text; tools end such output with a newline.
        case text
        /// Bytes that are not text; tools write them unchanged.
        case binary
    }

    /// How sure a format's sniffing function is that some bytes are its own.
    ///
    /// Several formats may accept the same bytes (a JSON document is also a YAML
    /// document), so a registry asks every format and takes the surest answer.
    public enum SniffConfidence: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// The bytes cannot start a document of this format.
        case none = 0
        /// The bytes could start a document of this format, among others.
        case possible = 1
        /// The bytes look typical of this format.
        case likely = 2
        /// The bytes carry this format's signature (a magic number, a declaration).
        case certain = 3

        /// Orders confidences from ``none`` to ``certain``.
        public static func < (lhs: SniffConfidence, rhs: SniffConfidence) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The canonical name, lowercased (`json`); shown to users and used by `--from`/`--to`.
    public let name: String
    /// Other names that mean this format (`yml` for YAML), lowercased.
    public let aliases: [String]
    /// File extensions without the dot, lowercased (`json`).
    public let fileExtensions: [String]
    /// Media types, as `type/subtype` lowercased without parameters (`application/json`).
    public let mediaTypes: [String]
    /// Structured-syntax suffixes, without the `+` (`json`, so that
    /// `application/ld+json` and `application/problem+json` mean this format).
    public let mediaTypeSuffixes: [String]
    /// Whether the format is text or binary.
    public let representation: Representation
    /// What the format keeps of a value it writes: what a conversion into it reports
    /// as lost (see ``losses(writing:document:options:)``).
    public let fidelity: ValueFidelity

    private let sniffer: @Sendable (Data) -> SniffConfidence
    private let serializerFactory: @Sendable (FormatWriteOptions, FormatReadOptions) -> any Serializer
    let streamReaderFactory: (@Sendable (FormatReadOptions) -> any DocumentStreamReader)?
    let streamWriterFactory: (@Sendable (FormatWriteOptions, FormatReadOptions) -> any DocumentStreamWriter)?
    let pieceReaderFactory: PieceReaderFactory?

    /// Makes a piece reader over a whole input, reading with the options given and
    /// opening containers of more bytes than the threshold.
    public typealias PieceReaderFactory = @Sendable (
        _ bytes: any ContiguousBytes & Sendable, _ reading: FormatReadOptions, _ openingAbove: Int
    ) -> any DocumentPieceReader

    /// Describes a format.
    ///
    /// - Parameters:
    ///   - name: The canonical name; must not be empty.
    ///   - aliases: Other names users may type.
    ///   - fileExtensions: Extensions, with or without the leading dot.
    ///   - mediaTypes: Media types such as `application/json`; parameters are dropped.
    ///   - mediaTypeSuffixes: Structured-syntax suffixes such as `json`, with or without `+`.
    ///   - representation: Text or binary.
    ///   - fidelity: What the format keeps of a value it writes; by default everything,
    ///     so that conversions into it report no losses.
    ///   - sniff: Judges the first bytes of a document (at most
    ///     ``FormatRegistry/sniffLength`` of them, possibly none); must not throw or trap
    ///     on any input, since the bytes are untrusted.
    ///   - makeSerializer: Makes a serializer writing with the given options; formats
    ///     ignore the options they cannot honour. Such a format reads with its own
    ///     defaults whatever ``FormatReadOptions`` say; describe it with
    ///     ``init(name:aliases:fileExtensions:mediaTypes:mediaTypeSuffixes:representation:fidelity:sniff:makeReadingSerializer:makeStreamReader:makeStreamWriter:makePieceReader:)``
    ///     to honour them.
    public init(
        name: String,
        aliases: [String] = [],
        fileExtensions: [String] = [],
        mediaTypes: [String] = [],
        mediaTypeSuffixes: [String] = [],
        representation: Representation,
        fidelity: ValueFidelity = .everything,
        sniff: @escaping @Sendable (_ prefix: Data) -> SniffConfidence = { _ in .none },
        makeSerializer: @escaping @Sendable (_ options: FormatWriteOptions) -> any Serializer
    ) {
        self.init(
            name: name, aliases: aliases, fileExtensions: fileExtensions, mediaTypes: mediaTypes,
            mediaTypeSuffixes: mediaTypeSuffixes, representation: representation, fidelity: fidelity,
            sniff: sniff, makeReadingSerializer: { writing, _ in makeSerializer(writing) }
        )
    }

    /// Describes a format whose serializer honours reading options too.
    ///
    /// The same as
    /// ``init(name:aliases:fileExtensions:mediaTypes:mediaTypeSuffixes:representation:fidelity:sniff:makeSerializer:)``
    /// but for the factory, which is handed the ``FormatReadOptions`` as well and maps
    /// what it can of them (limits, duplicate keys) onto the format's own options.
    ///
    /// - Parameters:
    ///   - makeStreamReader: Makes a reader that yields the documents of a stream one
    ///     at a time, with the same options and documents as the serializer's
    ///     `deserializeAll`; `nil` when the format has none, so that its input is read
    ///     whole (see ``streamReader(reading:)``).
    ///   - makeStreamWriter: Makes a writer that takes documents one at a time and
    ///     gives the bytes of the serializer's `serializeAll`, honouring the same
    ///     options; `nil` when the format has none (see
    ///     ``streamWriter(options:reading:terminateText:)``).
    ///   - makePieceReader: Makes a reader that tells the documents of an input held
    ///     whole in memory piece by piece, opening only large containers, with the
    ///     documents and errors of the stream reader; `nil` when the format has none
    ///     (see ``pieceReader(bytes:reading:openingAbove:)``).
    public init(
        name: String,
        aliases: [String] = [],
        fileExtensions: [String] = [],
        mediaTypes: [String] = [],
        mediaTypeSuffixes: [String] = [],
        representation: Representation,
        fidelity: ValueFidelity = .everything,
        sniff: @escaping @Sendable (_ prefix: Data) -> SniffConfidence = { _ in .none },
        makeReadingSerializer: @escaping @Sendable (_ writing: FormatWriteOptions, _ reading: FormatReadOptions) -> any Serializer,
        makeStreamReader: (@Sendable (_ reading: FormatReadOptions) -> any DocumentStreamReader)? = nil,
        makeStreamWriter: (@Sendable (_ writing: FormatWriteOptions, _ reading: FormatReadOptions) -> any DocumentStreamWriter)? = nil,
        makePieceReader: PieceReaderFactory? = nil
    ) {
        self.name = name.lowercased()
        self.aliases = aliases.map { $0.lowercased() }
        self.fileExtensions = fileExtensions.map(Self.normalizedExtension)
        self.mediaTypes = mediaTypes.compactMap { MediaType(parsing: $0)?.essence }
        self.mediaTypeSuffixes = mediaTypeSuffixes.map { suffix in
            let lowered = suffix.lowercased()
            return lowered.hasPrefix("+") ? String(lowered.dropFirst()) : lowered
        }
        self.representation = representation
        self.fidelity = fidelity
        self.sniffer = sniff
        self.serializerFactory = makeReadingSerializer
        self.streamReaderFactory = makeStreamReader
        self.streamWriterFactory = makeStreamWriter
        self.pieceReaderFactory = makePieceReader
    }

    /// Whether documents of this format are text.
    public var isText: Bool { representation == .text }

    /// A serializer for this format that writes with `options` and reads with `reading`.
    public func serializer(options: FormatWriteOptions = .default, reading: FormatReadOptions = .default) -> any Serializer {
        serializerFactory(options, reading)
    }

    /// How sure this format is that a document starting with `prefix` is its own.
    public func sniff(_ prefix: Data) -> SniffConfidence {
        sniffer(prefix)
    }

    /// Whether `name` (any case) is this format's name or one of its aliases.
    public func answers(toName name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == self.name || aliases.contains(lowered)
    }

    static func normalizedExtension(_ text: String) -> String {
        let lowered = text.lowercased()
        return lowered.hasPrefix(".") ? String(lowered.dropFirst()) : lowered
    }
}
