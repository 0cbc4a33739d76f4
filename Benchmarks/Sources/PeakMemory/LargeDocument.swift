import BenchmarkSupport
import Foundation

/// Writes the large JSON document: `{"records":[…]}` whose records are taken in turn
/// from each source of `CorpusRecords` (each source cycling on its own) until the
/// file holds at least the asked number of bytes.
///
/// The records are written as they are chosen, a megabyte at a time, so that the
/// document is never held whole: the measuring program stays small beside the
/// conversions it runs on the same machine.
enum LargeDocument {
    /// Whether `url` is a document of this size made earlier: at least `bytes` long,
    /// and longer by less than the largest record could make it.
    static func isReusable(at url: URL, bytes: Int, records: CorpusRecords) -> Bool {
        guard let size = fileSize(url) else { return false }
        let largestRecord = records.sources.joined().map(\.count).max() ?? 0
        return size >= bytes && size <= bytes + largestRecord + closing.count
    }

    /// Writes the document to `url`, replacing what was there.
    static func write(to url: URL, bytes: Int, records: CorpusRecords) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkError("cannot create \(url.path)")
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        var buffer = Data(opening)
        var written = 0
        var positions = Array(repeating: 0, count: records.sources.count)
        var source = 0
        var first = true
        while written + buffer.count + closing.count < bytes {
            if !first { buffer.append(UInt8(ascii: ",")) }
            first = false
            let list = records.sources[source]
            buffer.append(list[positions[source] % list.count])
            positions[source] += 1
            source = (source + 1) % records.sources.count
            if buffer.count >= 1 << 20 {
                try file.write(contentsOf: buffer)
                written += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: closing)
        try file.write(contentsOf: buffer)
    }

    static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
    }

    private static let opening = Array(#"{"records":["#.utf8)
    private static let closing = Array("]}".utf8)
}
