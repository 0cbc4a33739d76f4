import BenchmarkSupport
import Foundation

/// The store-import thresholds of a thresholds file: its top-level `store` key, an
/// array of `{"operation": "re-import", "minimumRatio": 3}`. The file's other keys
/// belong to other checks and are not read.
struct StoreThresholds: Decodable {
    struct Threshold: Decodable {
        /// The operation, as the table names it: `first import`, `re-import`.
        let operation: String
        /// The least ratio (the naive import's time over ours) the operation must reach.
        let minimumRatio: Double
    }

    let store: [Threshold]

    static func load(from url: URL) throws -> StoreThresholds {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BenchmarkError("cannot read the thresholds file \(url.path): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(StoreThresholds.self, from: data) } catch {
            throw BenchmarkError("the thresholds file \(url.path) has no valid \"store\" array: \(error)")
        }
    }

    /// The least ratio for `operation`, if the file sets one.
    func minimumRatio(for operation: String) -> Double? {
        store.first { $0.operation == operation }?.minimumRatio
    }

    /// The thresholds whose operation is not among `operations`, so that a misspelt name is seen.
    func unmatched(by operations: [String]) -> [Threshold] {
        store.filter { !operations.contains($0.operation) }
    }
}
