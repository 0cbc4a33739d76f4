import BenchmarkSupport
import Foundation

/// The peak-memory ceilings of a thresholds file: its top-level `peakMemory` key,
/// an array of `{"conversion": "json-to-msgpack", "maximumMiB": 1800}`. The file's
/// other keys belong to other checks and are not read.
///
/// The ceilings are stated for a document of the default size (`Arguments.defaultSizeMB`).
struct PeakMemoryCeilings: Decodable {
    struct Ceiling: Decodable {
        let conversion: String
        let maximumMiB: Int
    }

    let peakMemory: [Ceiling]

    static func load(from url: URL) throws -> PeakMemoryCeilings {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BenchmarkError("cannot read the thresholds file \(url.path): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(PeakMemoryCeilings.self, from: data) } catch {
            throw BenchmarkError("the thresholds file \(url.path) has no valid \"peakMemory\" array: \(error)")
        }
    }

    /// The ceiling for `conversion`, if the file sets one.
    func maximumMiB(for conversion: String) -> Int? {
        peakMemory.first { $0.conversion == conversion }?.maximumMiB
    }

    /// The ceilings whose conversion is not among `measured`: a misspelt name would
    /// otherwise guard nothing without anyone noticing.
    func unmatched(by measured: [String]) -> [Ceiling] {
        peakMemory.filter { !measured.contains($0.conversion) }
    }
}
