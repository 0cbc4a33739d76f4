import DataMapperCore
import DataMapperXML
import Foundation

extension DataFormat {
    /// XML over libxml2, by xmltodict's convention: name `xml`, extension `.xml`, media
    /// types `application/xml` and `text/xml`, and every `+xml` type
    /// (`application/rss+xml`, `image/svg+xml`, ...).
    ///
    /// Honours the layout and ``FormatWriteOptions/extValues``; ignores
    /// ``FormatWriteOptions/bigNumbers`` and ``FormatWriteOptions/nonFiniteNumbers``,
    /// since XML writes every number as text. Reads with `XMLSerializer`'s
    /// defaults (attributes as `"@name"`, text beside them as `"#text"`, text trimmed,
    /// the root element kept as a one-key dictionary, entity declarations refused) and
    /// ``FormatReadOptions/limits``; ignores ``FormatReadOptions/duplicateKeys``
    /// (repeated elements become an array) and the YAML schema. Writes with a UTF-8
    /// declaration; a value that is not a one-key dictionary is wrapped in `<root>`;
    /// a key that is not an XML name is escaped as `_xHHHH_`.
    public static let xml = DataFormat(
        name: "xml",
        fileExtensions: ["xml"],
        mediaTypes: ["application/xml", "text/xml"],
        mediaTypeSuffixes: ["xml"],
        representation: .text,
        fidelity: xmlFidelity,
        sniff: sniffXML,
        makeReadingSerializer: { options, reading in XMLSerializer(options: xmlOptions(options, reading)) },
        makeStreamWriter: { options, reading in XMLStreamWriter(options: xmlOptions(options, reading)) },
        makePieceReader: { bytes, reading, threshold in
            XMLPieceReader(bytes: bytes, options: xmlOptions(.default, reading), openingAbove: threshold)
        }
    )

    /// The XML serializer's options for a registry's writing and reading options.
    private static func xmlOptions(_ options: FormatWriteOptions, _ reading: FormatReadOptions) -> XMLSerializer.Options {
        XMLSerializer.Options(
            limits: reading.limits,
            outputStyle: options.style == .pretty ? .pretty : .compact,
            sortKeys: options.sortKeys,
            extValues: options.extValues
        )
    }

    /// XML text has no types and no arrays: every scalar reads back as a string, an
    /// empty string as null, text trimmed, and arrays only as repeated elements. Keys
    /// must be XML names; attribute values keep their exact text; the root must be
    /// one element.
    private static let xmlFidelity: ValueFidelity = {
        let serializer = XMLSerializer()
        return ValueFidelity(
            features: [],
            keepsKey: { serializer.writesKeyUnchanged($0) },
            keepsTextExactly: { serializer.keepsTextExactly(under: $0) },
            keepsRoot: { serializer.writesRootUnchanged($0) }
        )
    }()

    /// Judges whether `prefix` starts an XML document.
    ///
    /// Skips a UTF-8 byte order mark and whitespace; an XML declaration (`<?xml`) is
    /// ``SniffConfidence/certain``; another `<` followed by a letter, `_`, `!` (a
    /// comment or DOCTYPE) or `?` is ``SniffConfidence/likely``; anything else is
    /// ``SniffConfidence/none``.
    static func sniffXML(_ prefix: Data) -> SniffConfidence {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard bytes.first == UInt8(ascii: "<") else { return .none }
        if bytes.starts(with: Array("<?xml".utf8)) { return .certain }
        guard let next = bytes.dropFirst().first else { return .none }
        switch next {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: "!"), UInt8(ascii: "?"), 0x80...0xFF:
            return .likely
        default:
            return .none
        }
    }
}
