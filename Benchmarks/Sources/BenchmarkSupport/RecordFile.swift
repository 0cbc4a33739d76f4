import Foundation

/// Writes a large generated file of records taken in turn from each source of
/// ``CorpusRecords`` (each source cycling on its own) until the file holds at least
/// the asked number of bytes.
///
/// The records are written as they are chosen, a megabyte at a time, so that the file
/// is never held whole: the measuring program stays small beside the conversions it
/// runs on the same machine.
public struct RecordFile: Sendable {
    /// What comes before the first record, between two records, and after the last.
    public let opening: [UInt8]
    public let separator: [UInt8]
    public let closing: [UInt8]

    /// A prefix before every record (`---` for a YAML stream) goes in `opening` and
    /// `separator`; a terminator after every record (a newline) in `separator` and `closing`.
    public init(opening: String, separator: String, closing: String) {
        self.opening = Array(opening.utf8)
        self.separator = Array(separator.utf8)
        self.closing = Array(closing.utf8)
    }

    /// One JSON document, `{"records":[…]}`, the records written as compact JSON.
    public static let jsonDocument = RecordFile(opening: #"{"records":["#, separator: ",", closing: "]}")

    /// A JSON Lines stream, one compact record per line.
    public static let jsonLines = RecordFile(opening: "", separator: "\n", closing: "\n")

    /// Whether `url` is a file of this size made earlier: at least `bytes` long, and
    /// longer by less than the largest record could make it.
    public func isReusable(at url: URL, bytes: Int, records: [[Data]]) -> Bool {
        guard let size = Self.fileSize(url) else { return false }
        let largestRecord = records.joined().map(\.count).max() ?? 0
        return size >= bytes && size <= bytes + largestRecord + separator.count + closing.count
    }

    /// Writes the file to `url`, replacing what was there.
    public func write(to url: URL, bytes: Int, records: [[Data]]) throws {
        guard records.allSatisfy({ !$0.isEmpty }), !records.isEmpty else {
            throw BenchmarkError("no records to write to \(url.path)")
        }
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkError("cannot create \(url.path)")
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        var buffer = Data(opening)
        var written = 0
        var positions = Array(repeating: 0, count: records.count)
        var source = 0
        var first = true
        while written + buffer.count + closing.count < bytes {
            if !first { buffer.append(contentsOf: separator) }
            first = false
            let list = records[source]
            buffer.append(list[positions[source] % list.count])
            positions[source] += 1
            source = (source + 1) % records.count
            if buffer.count >= 1 << 20 {
                try file.write(contentsOf: buffer)
                written += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: closing)
        try file.write(contentsOf: buffer)
    }

    /// The size of the file at `url`, or `nil` when there is none.
    public static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
    }
}
