import BenchmarkSupport
import DataMapperJSON
import DataMapperYAML
import Foundation

/// The large inputs of the stream jobs, written into the work folder from the corpus
/// records (twitter statuses, citm performances, canada rings, in turn) and reused by
/// the next run of the same size.
struct GeneratedInputs {
    let work: URL
    let records: CorpusRecords

    /// A YAML stream: every document starts with a `---` line.
    static let yamlStream = RecordFile(opening: "---\n", separator: "---\n", closing: "")

    var jsonLinesFile: URL { work.appendingPathComponent("records.jsonl") }
    var yamlStreamFile: URL { work.appendingPathComponent("records.yaml") }

    /// Writes `records.jsonl` of at least `bytes` unless one of that size is there.
    func prepareJSONLines(bytes: Int) throws -> URL {
        let serializer = JSONSerializer()
        try prepare(jsonLinesFile, layout: .jsonLines, bytes: bytes, records: records.encoded(with: serializer.serialize))
        return jsonLinesFile
    }

    /// Writes `records.yaml` of at least `bytes` unless one of that size is there.
    /// Each record is written by `YAMLSerializer` in block style, ending in a newline.
    func prepareYAMLStream(bytes: Int) throws -> URL {
        let serializer = YAMLSerializer()
        let encoded = try records.encoded { record in
            var text = try serializer.serialize(record)
            if text.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
            return text
        }
        try prepare(yamlStreamFile, layout: Self.yamlStream, bytes: bytes, records: encoded)
        return yamlStreamFile
    }

    /// Deletes the generated inputs.
    func remove() {
        for file in [jsonLinesFile, yamlStreamFile] { try? FileManager.default.removeItem(at: file) }
    }

    private func prepare(_ file: URL, layout: RecordFile, bytes: Int, records: [[Data]]) throws {
        if layout.isReusable(at: file, bytes: bytes, records: records) {
            progress("reusing \(file.path)")
            return
        }
        try WorkFolder.requireFreeSpace(3 * bytes, in: work)
        progress("writing \(file.path) (\(bytes / 1_000_000) MB)")
        try layout.write(to: file, bytes: bytes, records: records)
    }
}
