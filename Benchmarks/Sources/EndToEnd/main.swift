import BenchmarkSupport
import Foundation

// Whole conversions by `datamapper convert` against Python tools doing the same job,
// wall time and peak memory of each side; see the "End to end" section of
// Benchmarks/README.md.

/// What the run needs once the command line is understood.
struct Setup {
    let arguments: Arguments
    let thresholds: EndToEndThresholds?
    let corpus: URL
    let jobs: Jobs
}

func setUp() throws -> Setup? {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    if arguments.help { return nil }
    let thresholds = try arguments.endToEndThresholds()
    let corpus: URL
    do { corpus = try Corpus.locate(explicitPath: arguments.corpus) } catch { throw UsageError("\(error)") }
    let work = try WorkFolder.create(explicitPath: arguments.work, defaultName: "datamapper-end-to-end")
    let jobs = Jobs(
        datamapper: try Executables.datamapper(explicitPath: arguments.datamapper), work: work,
        errorFile: work.appendingPathComponent("stderr.txt"))
    return Setup(arguments: arguments, thresholds: thresholds, corpus: corpus, jobs: jobs)
}

/// Makes the inputs and measures the selected jobs in order.
func measureJobs(_ setup: Setup) throws -> [JobResult] {
    let arguments = setup.arguments
    let timing = Timing(runs: arguments.runs, errorFile: setup.jobs.errorFile)
    defer { try? FileManager.default.removeItem(at: setup.jobs.errorFile) }
    var results: [JobResult] = []
    func measure(_ job: Job) throws {
        if case .failure(let missing) = job.peer { progress("\(job.name): the peer is skipped: \(missing)") }
        results.append(try timing.measure(job))
    }
    if arguments.selects("yaml-to-json") {
        try measure(setup.jobs.yamlToJSON(input: setup.corpus.appendingPathComponent("config_large.yaml")))
    }
    guard arguments.selects("jsonl-to-msgpack") || arguments.selects("yaml-stream-to-json") else { return results }
    let inputs = GeneratedInputs(work: setup.jobs.work, records: try CorpusRecords(corpus: setup.corpus))
    defer { if arguments.clean { inputs.remove() } }
    if arguments.selects("jsonl-to-msgpack") {
        try measure(setup.jobs.jsonLinesToMessagePack(input: inputs.prepareJSONLines(bytes: arguments.jsonLinesMB * 1_000_000)))
    }
    if arguments.selects("yaml-stream-to-json") {
        try measure(setup.jobs.yamlStreamToJSON(input: inputs.prepareYAMLStream(bytes: arguments.yamlMB * 1_000_000)))
    }
    return results
}

/// Runs the measurement and returns the exit status.
func run() -> Int32 {
    let setup: Setup
    do {
        guard let ready = try setUp() else {
            print(usage)
            return 0
        }
        setup = ready
    } catch {
        progress("\(error)\n\n\(usage)")
        return 2
    }
    let results: [JobResult]
    do { results = try measureJobs(setup) } catch {
        progress("\(error)")
        return 1
    }
    print(Report.table(results, thresholds: setup.thresholds), terminator: "")
    for result in results {
        if case .failure(let missing) = result.peer { print("skipped: \(result.job.name): \(missing)") }
    }
    guard let thresholds = setup.thresholds else { return 0 }
    for threshold in thresholds.unmatched(by: Arguments.jobNames) {
        progress("warning: the threshold for \"\(threshold.job)\" names no job")
    }
    let below = results.filter { result in
        guard let minimum = thresholds.minimumRatio(for: result.job.name), let ratio = result.ratio else { return false }
        return ratio < minimum
    }
    for result in below {
        print("below: \(result.job.name) at \(String(format: "%.2f", result.ratio ?? 0))×, under its threshold of \(Goal(minimumRatio: thresholds.minimumRatio(for: result.job.name) ?? 0, strictly: false).text)")
    }
    return setup.arguments.check && !below.isEmpty ? 1 : 0
}

exit(run())
