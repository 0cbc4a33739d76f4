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
        makeSerializer: { options in
            JSONLinesSerializer(options: .init(sortKeys: options.sortKeys))
        }
    )
}
