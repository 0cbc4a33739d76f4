import BenchmarkSupport
import Foundation

// DataMapper benchmarks: each row times our implementation and a peer on the same
// input in interleaved rounds, and reports throughput (bytes of the input document per
// median time), the median and spread of the per-round ratios, and whether the row
// keeps its threshold (thresholds.json). With --allocations it counts the allocations
// of one run of each side instead of timing them.

let usage = """
    usage: DataMapperBenchmarks [--filter TEXT]... [--corpus PATH] [--rounds N] [--min-time SECONDS]
                                [--thresholds FILE] [--check] [--allocations] [--no-peers] [--list]

      --filter TEXT       run only rows whose "group/document/operation" contains TEXT
                          (case-insensitive; repeat to run rows matching any of them)
      --corpus PATH       the folder of corpus files (default: shared/corpus beside the repository)
      --rounds N          how many interleaved rounds each row gets (default 5)
      --min-time SECONDS  how long to time each contender in all, over its rounds (default 0.8)
      --thresholds FILE   the thresholds to judge rows by (default: Benchmarks/thresholds.json)
      --check             exit with status 1 when a row misses its threshold
      --allocations       count the allocations of one run of each side instead of timing;
                          needs the counting library preloaded (see Benchmarks/README.md)
      --no-peers          time only our side of each row (for profiling)
      --list              print the rows that would run, without timing them
    """

struct Arguments {
    var filters: [String] = []
    var corpus: String?
    var minimumTime: Duration = .milliseconds(800)
    var rounds = 5
    var listOnly = false
    var timePeers = true
    var thresholdsFile = Thresholds.committedFile
    var check = false
    var countAllocations = false

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw BenchmarkError("\(flag) needs a value\n\(usage)") }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--filter": filters.append(try value(for: argument).lowercased())
            case "--corpus": corpus = try value(for: argument)
            case "--min-time":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds >= 0 else { throw BenchmarkError("bad --min-time \(text)") }
                minimumTime = .milliseconds(Int(seconds * 1000))
            case "--rounds":
                let text = try value(for: argument)
                guard let count = Int(text), count >= 1 else { throw BenchmarkError("bad --rounds \(text)") }
                rounds = count
            case "--thresholds": thresholdsFile = URL(fileURLWithPath: try value(for: argument))
            case "--check": check = true
            case "--allocations": countAllocations = true
            case "--list": listOnly = true
            case "--no-peers": timePeers = false
            case "--help", "-h": throw BenchmarkError(usage)
            default: throw BenchmarkError("unknown argument \(argument)\n\(usage)")
            }
        }
    }

    func selects(_ key: String) -> Bool {
        filters.isEmpty || filters.contains { key.lowercased().contains($0) }
    }
}

/// Every group, in report order. Add new groups here.
func allGroups(corpus: URL) throws -> [BenchmarkGroup] {
    [try JSONBenchmarks.group(corpus: corpus), try MessagePackBenchmarks.group(corpus: corpus), try YAMLBenchmarks.group(corpus: corpus), try MappingBenchmarks.group(corpus: corpus),
     try CodableBenchmarks.group(corpus: corpus), try XMLBenchmarks.group(corpus: corpus)]
}

/// The rows the arguments select, each with its group's name.
func selectedRows(_ groups: [BenchmarkGroup], _ arguments: Arguments) -> [(group: BenchmarkGroup, comparison: Comparison)] {
    groups.flatMap { group in
        group.comparisons.filter { arguments.selects(group.filterKey(for: $0)) }.map { (group, $0) }
    }
}

/// Times every selected row; whether every judged row keeps its threshold.
func timeRows(_ rows: [(group: BenchmarkGroup, comparison: Comparison)], _ arguments: Arguments,
              thresholds: Thresholds) throws -> Bool {
    let measurement = Measurement(rounds: arguments.rounds, minimumTime: arguments.minimumTime)
    var reportRows: [ReportRow] = []
    var checksum = 0
    for (group, comparison) in rows {
        let key = group.filterKey(for: comparison)
        let timedPeer = arguments.timePeers ? comparison.peer : nil
        let timing = try measurement.time(comparison.ours, against: timedPeer)
        checksum &+= timing.checksum
        let row = ReportRow(
            group: group.name, subject: comparison.subject, operation: comparison.operation,
            bytes: comparison.bytes, ours: (comparison.ours.name, timing.ours),
            peer: timedPeer.map { ($0.name, timing.peer) },
            threshold: try timedPeer.flatMap { try thresholds.speed(forRow: key, peer: $0.name) }
        )
        reportRows.append(row)
        progress("done: \(key)" + (row.ratio.map { String(format: " %.2f×", $0) } ?? ""))
    }
    print(Report.table(reportRows), terminator: "")
    print("(checksum \(checksum))")
    return !reportRows.contains { $0.keepsThreshold == false }
}

/// Counts the allocations of one run of each side of every selected row; whether every
/// row with a ceiling keeps it.
func countAllocations(_ rows: [(group: BenchmarkGroup, comparison: Comparison)], thresholds: Thresholds) throws -> Bool {
    guard let counter = AllocationCounter.loaded() else {
        throw BenchmarkError("--allocations needs the counting library preloaded: see Benchmarks/README.md")
    }
    var reportRows: [AllocationRow] = []
    for (group, comparison) in rows {
        let key = group.filterKey(for: comparison)
        let row = AllocationRow(
            key: key, group: group.name, subject: comparison.subject, operation: comparison.operation,
            ours: try counter.allocations(of: comparison.ours),
            peer: try comparison.peer.map { ($0.name, try counter.allocations(of: $0)) },
            ceiling: thresholds.allocations(forRow: key)
        )
        reportRows.append(row)
        progress("counted: \(key) \(row.ours)")
    }
    print(AllocationReport.table(reportRows), terminator: "")
    return !reportRows.contains { $0.keepsCeiling == false }
}

/// Warns about thresholds that name no row of the program: a renamed row would
/// otherwise drop its threshold without a word.
func warnAboutUnmatched(_ thresholds: Thresholds, groups: [BenchmarkGroup]) {
    let keys = Set(groups.flatMap { group in group.comparisons.map { group.filterKey(for: $0) } })
    for row in thresholds.speed.map(\.row) + thresholds.allocations.map(\.row) where !keys.contains(row) {
        progress("warning: the threshold of \(row) names no row")
    }
}

func run() throws -> Bool {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let corpus = try Corpus.locate(explicitPath: arguments.corpus)
    let thresholds = try Thresholds.load(from: arguments.thresholdsFile)
    #if DEBUG
    print("warning: a debug build; run with `swift run -c release` for meaningful numbers")
    #endif
    let groups = try allGroups(corpus: corpus)
    warnAboutUnmatched(thresholds, groups: groups)
    let rows = selectedRows(groups, arguments)
    if arguments.listOnly {
        for (group, comparison) in rows { print(group.filterKey(for: comparison)) }
        return true
    }
    print("corpus: \(corpus.path)")
    let kept = arguments.countAllocations
        ? try countAllocations(rows, thresholds: thresholds)
        : try timeRows(rows, arguments, thresholds: thresholds)
    return kept || !arguments.check
}

do {
    exit(try run() ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
