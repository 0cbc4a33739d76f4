import BenchmarkSupport
import Foundation

/// The committed limits the benchmarks are checked against (`Benchmarks/thresholds.json`):
/// the least speed ratio of each row against its peer, and the most allocations one run
/// of each row may make. The peak-memory ceilings in the same file are read by
/// `PeakMemory`.
///
/// Every entry names one row by its `group/document/operation` key, so a renamed row or
/// peer cannot drop its threshold without a word: an entry that no row of a full run
/// matches is reported.
struct Thresholds: Decodable {
    /// The least ratio (ours over the peer) a row's median must reach.
    struct Speed: Decodable {
        /// The row's `group/document/operation` key.
        var row: String
        /// The peer's name as the row prints it; a row with another peer is an error.
        var peer: String
        /// The least median ratio the check accepts.
        var minimum: Double
        /// Whether the ratio must exceed `minimum` ("faster than") rather than reach it.
        var strictly: Bool?
        /// The row's speed floor, where `minimum` is not that floor: a guard above it
        /// (the row runs well past its floor, and a large slip should still fail), or
        /// below it, at today's level, while the row misses it (the reason in `note`).
        var floor: Double?
        /// Why the threshold sits below the floor.
        var note: String?

        /// Whether a median ratio keeps the threshold.
        func holds(for ratio: Double) -> Bool { strictly == true ? ratio > minimum : ratio >= minimum }

        /// The threshold as printed: `≥5×`, `>1×`.
        var text: String { (strictly == true ? ">" : "≥") + Self.number(minimum) + "×" }

        /// A ratio without trailing zeros: `5`, `0.45`.
        static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    /// The most allocations one run of a row's own side may make.
    struct Allocations: Decodable {
        /// The row's `group/document/operation` key.
        var row: String
        /// The most allocation calls (malloc, calloc, realloc and the aligned forms) of one run.
        var maximum: Int
    }

    var speed: [Speed]
    var allocations: [Allocations]

    /// The committed file, `Benchmarks/thresholds.json`.
    static var committedFile: URL { BenchmarksFolder.url.appendingPathComponent("thresholds.json") }

    /// The thresholds in `file`.
    static func load(from file: URL) throws -> Thresholds {
        do {
            return try JSONDecoder().decode(Thresholds.self, from: Data(contentsOf: file))
        } catch {
            throw BenchmarkError("cannot read the thresholds in \(file.path): \(error)")
        }
    }

    /// The speed threshold of the row with `key` compared against `peer`; a threshold
    /// written for another peer is an error, since its ratio would mean something else.
    func speed(forRow key: String, peer: String) throws -> Speed? {
        guard let entry = speed.first(where: { $0.row == key }) else { return nil }
        guard entry.peer == peer else {
            throw BenchmarkError("the threshold of \(key) is against \(entry.peer), but the row's peer is \(peer)")
        }
        return entry
    }

    /// The allocation ceiling of the row with `key`.
    func allocations(forRow key: String) -> Allocations? {
        allocations.first { $0.row == key }
    }
}
