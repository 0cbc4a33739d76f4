import BenchmarkSupport
import Foundation

/// The end-to-end thresholds of a thresholds file: its top-level `endToEnd` key, an
/// array of `{"job": "jsonl-to-msgpack", "minimumRatio": 1.5}`. The file's other keys
/// belong to other checks and are not read.
struct EndToEndThresholds: Decodable {
    struct Threshold: Decodable {
        let job: String
        /// The least ratio (peer time over our time) the job must reach.
        let minimumRatio: Double
    }

    let endToEnd: [Threshold]

    static func load(from url: URL) throws -> EndToEndThresholds {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BenchmarkError("cannot read the thresholds file \(url.path): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(EndToEndThresholds.self, from: data) } catch {
            throw BenchmarkError("the thresholds file \(url.path) has no valid \"endToEnd\" array: \(error)")
        }
    }

    /// The least ratio for `job`, if the file sets one.
    func minimumRatio(for job: String) -> Double? {
        endToEnd.first { $0.job == job }?.minimumRatio
    }

    /// The thresholds whose job is not among `jobs`, so that a misspelt name is seen.
    func unmatched(by jobs: [String]) -> [Threshold] {
        endToEnd.filter { !jobs.contains($0.job) }
    }
}
