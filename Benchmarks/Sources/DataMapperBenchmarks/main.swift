import BenchmarkSupport
import Foundation

// DataMapper benchmarks: each row times our implementation and a peer on the same
// input in interleaved rounds, and reports throughput (bytes of the input document per
// median time), the median and spread of the per-round ratios, and whether the row
// keeps its speed floor (SpeedFloors.swift).

let usage = """
    usage: DataMapperBenchmarks [--filter TEXT]... [--corpus PATH] [--rounds N] [--min-time SECONDS] [--no-peers] [--list]

      --filter TEXT       run only rows whose "group/document/operation" contains TEXT
                          (case-insensitive; repeat to run rows matching any of them)
      --corpus PATH       the folder of corpus files (default: shared/corpus beside the repository)
      --rounds N          how many interleaved rounds each row gets (default 5)
      --min-time SECONDS  how long to time each contender in all, over its rounds (default 0.8)
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

func run() throws {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let corpus = try Corpus.locate(explicitPath: arguments.corpus)
    let measurement = Measurement(rounds: arguments.rounds, minimumTime: arguments.minimumTime)
    #if DEBUG
    print("warning: a debug build; run with `swift run -c release` for meaningful numbers")
    #endif
    print("corpus: \(corpus.path)")
    var rows: [ReportRow] = []
    var checksum = 0
    let groups = try allGroups(corpus: corpus)
    for floor in SpeedFloors.unmatched(in: groups) {
        FileHandle.standardError.write(Data("warning: no row matches the floor \(floor.group)/\(floor.operation) vs \(floor.peer)\n".utf8))
    }
    for group in groups {
        for comparison in group.comparisons where arguments.selects(group.filterKey(for: comparison)) {
            if arguments.listOnly {
                print(group.filterKey(for: comparison))
                continue
            }
            let timedPeer = arguments.timePeers ? comparison.peer : nil
            let timing = try measurement.time(comparison.ours, against: timedPeer)
            checksum &+= timing.checksum
            let floor = timedPeer == nil ? nil : SpeedFloors.floor(for: comparison, in: group.name)
            let row = ReportRow(
                group: group.name, subject: comparison.subject, operation: comparison.operation,
                bytes: comparison.bytes, ours: (comparison.ours.name, timing.ours),
                peer: timedPeer.map { ($0.name, timing.peer) }, floor: floor
            )
            rows.append(row)
            // Progress on stderr, so stdout holds only the table.
            let ratio = row.ratio.map { String(format: " %.2f×", $0) } ?? ""
            FileHandle.standardError.write(Data("done: \(group.filterKey(for: comparison))\(ratio)\n".utf8))
        }
    }
    guard !arguments.listOnly else { return }
    print(Report.table(rows), terminator: "")
    print("(checksum \(checksum))")
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
