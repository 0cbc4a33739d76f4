import DataMapperCore
import DataMapperJSON
import Foundation

extension DataFormat {
    /// JSON (RFC 8259): name `json`, extension `.json`, media types `application/json`
    /// and `text/json`, and every `+json` type (`application/ld+json`, ...).
    ///
    /// Honours the layout, ``FormatWriteOptions/nonFiniteNumbers`` and
    /// ``FormatWriteOptions/extValues``; ignores ``FormatWriteOptions/bigNumbers``, since
    /// JSON writes any number as it was read. Reads with ``FormatReadOptions/limits``
    /// and ``FormatReadOptions/duplicateKeys`` (last-wins when not set); ignores the
    /// YAML schema.
    public static let json = DataFormat(
        name: "json",
        fileExtensions: ["json"],
        mediaTypes: ["application/json", "text/json"],
        mediaTypeSuffixes: ["json"],
        representation: .text,
        fidelity: ValueFidelity(features: ValueFidelity.Features.all.subtracting([.binary, .timestamps, .extValues, .nonFiniteNumbers])),
        sniff: sniffJSON,
        makeReadingSerializer: { options, reading in JSONSerializer(options: jsonOptions(options, reading)) },
        makeStreamReader: { reading in JSONStreamReader(framing: .texts, options: jsonOptions(.default, reading)) },
        makeStreamWriter: { options, reading in JSONStreamWriter(framing: .texts, options: jsonOptions(options, reading)) },
        makePieceReader: { bytes, reading, threshold in
            JSONPieceReader(bytes: bytes, framing: .texts, options: jsonOptions(.default, reading), openingAbove: threshold)
        }
    )

    /// The JSON serializer's options for a registry's writing and reading options.
    private static func jsonOptions(_ options: FormatWriteOptions, _ reading: FormatReadOptions) -> JSONSerializer.Options {
        JSONSerializer.Options(
            outputStyle: options.style == .pretty ? .pretty : .compact,
            sortKeys: options.sortKeys,
            limits: reading.limits,
            duplicateKeys: reading.duplicateKeys ?? .lastWins,
            nonFiniteNumbers: options.nonFiniteNumbers,
            extValues: options.extValues
        )
    }

    /// Judges whether `prefix` starts a JSON document.
    ///
    /// Skips a UTF-8 byte order mark and JSON whitespace, then looks at the first byte:
    /// `{` or `[` is ``SniffConfidence/likely`` (a YAML flow collection starts the same
    /// way, so not certain); a string, number or literal start (`"`, a digit, `-`, `t`,
    /// `f`, `n`) is only ``SniffConfidence/possible``; anything else, or nothing, is
    /// ``SniffConfidence/none``.
    static func sniffJSON(_ prefix: Data) -> SniffConfidence {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !isJSONWhitespace($0) }) else { return .none }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .likely
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return .possible
        default:
            return .none
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
