import BenchmarkSupport
import Foundation

let usage = """
    usage: PeakMemory [--datamapper PATH] [--work DIR] [--size-mb N] [--stream-mb N]
                      [--corpus PATH] [--thresholds FILE] [--check]

      --datamapper PATH  the release build of the tool (default: .build/release/datamapper
                         of the repository; build it with
                         `swift build -c release --product datamapper`)
      --work DIR         where the large documents are written (default: a folder under
                         the system's temporary folder); a JSON document of the right
                         size found there is reused
      --size-mb N        the size of the JSON document, in 10^6 bytes (default \(Arguments.defaultSizeMB));
                         0 leaves the single document out
      --stream-mb N      the size of the JSON Lines stream, in 10^6 bytes (default
                         \(Arguments.defaultStreamMB)); 0 leaves the stream out
      --corpus PATH      the folder of corpus files (default: shared/corpus beside the repository)
      --thresholds FILE  the JSON file whose "peakMemory" array holds the ceilings
                         (default: Benchmarks/thresholds.json)
      --check            exit 1 when a conversion's peak exceeds its ceiling

    Exit status: 0 when every conversion ran (and, with --check, kept its ceiling),
    1 when one failed or exceeded its ceiling, 2 on a usage error.
    """

/// The command line of `PeakMemory`.
struct Arguments {
    /// The sizes the committed ceilings are stated for.
    static let defaultSizeMB = 200
    static let defaultStreamMB = 2000

    var datamapper: String?
    var work: String?
    var sizeMB = defaultSizeMB
    var streamMB = defaultStreamMB
    var corpus: String?
    var thresholds: String?
    var check = false
    var help = false

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        func megabytes(for flag: String) throws -> Int {
            let text = try value(for: flag)
            guard let size = Int(text), size >= 0 else { throw UsageError("bad \(flag) \(text): a whole number of megabytes") }
            return size
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--datamapper": datamapper = try value(for: argument)
            case "--work": work = try value(for: argument)
            case "--corpus": corpus = try value(for: argument)
            case "--thresholds": thresholds = try value(for: argument)
            case "--check": check = true
            case "--size-mb": sizeMB = try megabytes(for: argument)
            case "--stream-mb": streamMB = try megabytes(for: argument)
            case "--help", "-h": help = true
            default: throw UsageError("unknown argument \(argument)")
            }
        }
    }

    /// The tool to measure: `--datamapper`, else the repository's release build.
    func datamapperPath() throws -> String { try Executables.datamapper(explicitPath: datamapper) }

    /// The folder for the large documents, created if needed.
    func workFolder() throws -> URL { try WorkFolder.create(explicitPath: work, defaultName: "datamapper-peak-memory") }

    /// The ceilings to report against: read when `--thresholds` or `--check` is given.
    func ceilings() throws -> PeakMemoryCeilings? {
        guard thresholds != nil || check else { return nil }
        let url = thresholds.map { URL(fileURLWithPath: $0) } ?? BenchmarksFolder.url.appendingPathComponent("thresholds.json")
        do { return try PeakMemoryCeilings.load(from: url) } catch {
            let hint = thresholds == nil ? "; pass --thresholds FILE" : ""
            throw UsageError("\(error)\(hint)")
        }
    }
}
