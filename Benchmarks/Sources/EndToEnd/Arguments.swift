import BenchmarkSupport
import Foundation

let usage = """
    usage: EndToEnd [--datamapper PATH] [--work DIR] [--corpus PATH] [--runs N]
                    [--jsonl-mb N] [--yaml-mb N] [--job NAME]... [--clean]
                    [--thresholds FILE] [--check]

      --datamapper PATH  the release build of the tool (default: .build/release/datamapper
                         of the repository; build it with
                         `swift build -c release --product datamapper`)
      --work DIR         where the generated inputs and the outputs are written (default:
                         a folder under the system's temporary folder); inputs of the
                         right size found there are reused
      --corpus PATH      the folder of corpus files (default: shared/corpus beside the repository)
      --runs N           runs of each side per job; the median time is reported (default \(Arguments.defaultRuns))
      --jsonl-mb N       the size of the JSON Lines input, in 10^6 bytes (default \(Arguments.defaultJSONLinesMB))
      --yaml-mb N        the size of the YAML stream input, in 10^6 bytes (default \(Arguments.defaultYAMLMB))
      --job NAME         run only this job (yaml-to-json, jsonl-to-msgpack,
                         yaml-stream-to-json); repeat for several
      --clean            delete the generated inputs at the end
      --thresholds FILE  the JSON file whose "endToEnd" array holds the least ratios
                         (default: Benchmarks/thresholds.json)
      --check            exit 1 when a job's ratio is below its threshold

    Exit status: 0 when every job ran (and, with --check, kept its threshold),
    1 when one failed or fell below its threshold, 2 on a usage error.
    """

/// The command line of `EndToEnd`.
struct Arguments {
    static let defaultRuns = 3
    static let defaultJSONLinesMB = 1000
    static let defaultYAMLMB = 100
    static let jobNames = ["yaml-to-json", "jsonl-to-msgpack", "yaml-stream-to-json"]

    var datamapper: String?
    var work: String?
    var corpus: String?
    var runs = defaultRuns
    var jsonLinesMB = defaultJSONLinesMB
    var yamlMB = defaultYAMLMB
    var jobs: [String] = []
    var clean = false
    var thresholds: String?
    var check = false
    var help = false

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        func count(for flag: String) throws -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number >= 1 else { throw UsageError("bad \(flag) \(text): a whole number, at least 1") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--datamapper": datamapper = try value(for: argument)
            case "--work": work = try value(for: argument)
            case "--corpus": corpus = try value(for: argument)
            case "--runs": runs = try count(for: argument)
            case "--jsonl-mb": jsonLinesMB = try count(for: argument)
            case "--yaml-mb": yamlMB = try count(for: argument)
            case "--job":
                let name = try value(for: argument)
                guard Self.jobNames.contains(name) else {
                    throw UsageError("unknown job \(name); the jobs are \(Self.jobNames.joined(separator: ", "))")
                }
                jobs.append(name)
            case "--clean": clean = true
            case "--thresholds": thresholds = try value(for: argument)
            case "--check": check = true
            case "--help", "-h": help = true
            default: throw UsageError("unknown argument \(argument)")
            }
        }
    }

    /// Whether the job named `name` is to run.
    func selects(_ name: String) -> Bool { jobs.isEmpty || jobs.contains(name) }

    /// The thresholds to report against: read when `--thresholds` or `--check` is given.
    func endToEndThresholds() throws -> EndToEndThresholds? {
        guard thresholds != nil || check else { return nil }
        let url = thresholds.map { URL(fileURLWithPath: $0) } ?? BenchmarksFolder.url.appendingPathComponent("thresholds.json")
        do { return try EndToEndThresholds.load(from: url) } catch {
            let hint = thresholds == nil ? "; pass --thresholds FILE" : ""
            throw UsageError("\(error)\(hint)")
        }
    }
}
