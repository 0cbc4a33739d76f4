import DataMapperCore
import DataMapperJSON
import Foundation

extension DataFormat {
    /// JSON Lines, one JSON text per line: name `jsonl` (alias `ndjson`), extensions
    /// `.jsonl` and `.ndjson`, media types `application/jsonl` and `application/x-ndjson`.
    ///
    /// It has no sniffer: content that looks like JSON is taken for ``json``, which also
    /// reads several texts, one per line included. Ignores ``FormatWriteOptions/style``
    /// (a line holds compact JSON) and honours ``FormatWriteOptions/sortKeys``.
    public static let jsonl = DataFormat(
        name: "jsonl",
        aliases: ["ndjson"],
        fileExtensions: ["jsonl", "ndjson"],
        mediaTypes: ["application/jsonl", "application/x-ndjson"],
        representation: .text,
        makeReadingSerializer: { options, _ in JSONLinesSerializer(options: lineOptions(options)) },
        makeStreamReader: { _ in JSONStreamReader(framing: .lines, options: lineOptions(.default)) },
        makeStreamWriter: { options, _ in JSONStreamWriter(framing: .lines, options: lineOptions(options)) },
        makePieceReader: { bytes, _, threshold in
            JSONPieceReader(bytes: bytes, framing: .lines, options: lineOptions(.default), openingAbove: threshold)
        }
    )

    /// The options each line is read and written with; reading options are not
    /// applied, as for the whole-input serializer.
    private static func lineOptions(_ options: FormatWriteOptions) -> JSONSerializer.Options {
        JSONSerializer.Options(sortKeys: options.sortKeys)
    }
}
