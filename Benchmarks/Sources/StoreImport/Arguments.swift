import BenchmarkSupport
import Foundation

let usage = """
    usage: StoreImport [--parents N] [--children N] [--seed N] [--rounds N] [--work DIR]
                       [--keep] [--thresholds FILE] [--check] [--only ours|naive|batched|memory]

      --parents N        parent records in the document (default \(Arguments.defaultParents))
      --children N       children per parent on average, 0 to 2N (default \(Arguments.defaultChildren))
      --seed N           the seed of the generated document (default \(Arguments.defaultSeed))
      --rounds N         interleaved rounds, ours, the naive import, then the batched
                         one in each; the medians are reported (default \(Arguments.defaultRounds))
      --work DIR         where the database files are made (default: a folder under the
                         system's temporary folder)
      --keep             keep the database files at the end
      --thresholds FILE  the JSON file whose "store" array holds the least ratios
                         (default: Benchmarks/thresholds.json)
      --check            exit 1 when an operation's ratio is below its threshold
      --only SIDE        time only one side (ours, naive or batched), without the check
                         of the rows, e.g. under a profiler: `perf record -g StoreImport
                         --only ours`; `memory` times our import into an InMemoryStore
                         instead

    Exit status: 0 when every import ran (and, with --check, kept its threshold),
    1 when one failed, the imports disagree, or a ratio fell below its threshold,
    2 on a usage error.
    """

/// The command line of `StoreImport`.
struct Arguments {
    static let defaultParents = 10_000
    static let defaultChildren = 5
    static let defaultSeed: UInt64 = 30
    static let defaultRounds = 5

    var parents = defaultParents
    var children = defaultChildren
    var seed = defaultSeed
    var rounds = defaultRounds
    var work: String?
    var keep = false
    var thresholds: String?
    var check = false
    /// The one side to time, under a profiler.
    var only: String?
    var help = false

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        func count(for flag: String, least: Int) throws -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number >= least else { throw UsageError("bad \(flag) \(text): a whole number, at least \(least)") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--parents": parents = try count(for: argument, least: 1)
            case "--children": children = try count(for: argument, least: 0)
            case "--seed": seed = UInt64(try count(for: argument, least: 0))
            case "--rounds": rounds = try count(for: argument, least: 1)
            case "--work": work = try value(for: argument)
            case "--keep": keep = true
            case "--thresholds": thresholds = try value(for: argument)
            case "--check": check = true
            case "--only":
                let side = try value(for: argument)
                guard ["ours", "naive", "batched", "memory"].contains(side) else { throw UsageError("bad --only \(side): ours, naive, batched or memory") }
                only = side
            case "--help", "-h": help = true
            default: throw UsageError("unknown argument \(argument)")
            }
        }
    }

    /// The thresholds to report against: read when `--thresholds` or `--check` is given.
    func storeThresholds() throws -> StoreThresholds? {
        guard thresholds != nil || check else { return nil }
        let url = thresholds.map { URL(fileURLWithPath: $0) } ?? BenchmarksFolder.url.appendingPathComponent("thresholds.json")
        do { return try StoreThresholds.load(from: url) } catch {
            let hint = thresholds == nil ? "; pass --thresholds FILE" : ""
            throw UsageError("\(error)\(hint)")
        }
    }
}
