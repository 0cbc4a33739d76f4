import BenchmarkSupport
import Foundation

// Importing a generated document of parents and children into SQLite through
// DataMapperSQLite, against a hand-written import doing a lookup and a write per row;
// see the "Store import" section of Benchmarks/README.md.

/// Runs the comparison and returns the exit status.
func run() -> Int32 {
    let arguments: Arguments
    let thresholds: StoreThresholds?
    let work: URL
    do {
        arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
        if arguments.help {
            print(usage)
            return 0
        }
        thresholds = try arguments.storeThresholds()
        work = try WorkFolder.create(explicitPath: arguments.work, defaultName: "datamapper-store-import")
    } catch {
        progress("\(error)\n\n\(usage)")
        return 2
    }
    let ours = Contender.ours(in: work)
    let naive = Contender.naive(in: work)
    let batched = Contender.batched(in: work)
    defer {
        if !arguments.keep {
            for file in [ours.file, naive.file, batched.file, Contender.inMemory(in: work).file] {
                for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            }
        }
    }

    progress("generating \(arguments.parents) parents with about \(arguments.children) children each (seed \(arguments.seed))")
    let document = GeneratedDocument(parents: arguments.parents, childrenPerParent: arguments.children, seed: arguments.seed)
    progress("\(document.parentCount) parents, \(document.childCount) children; databases in \(work.path)")

    if let side = arguments.only {
        let contender = switch side {
        case "ours": ours
        case "naive": naive
        case "batched": batched
        default: Contender.inMemory(in: work)
        }
        return profile(contender, document: document, rounds: arguments.rounds)
    }

    let results: [OperationResult]
    do {
        let verification = try Verification(document: document, ours: ours, naive: naive, batched: batched)
        let problems = verification.problems
        print(Report.verification(verification))
        guard problems.isEmpty else {
            for problem in problems { print("disagreement: \(problem)") }
            return 1
        }
        results = try Timing(document: document).measure(ours: ours, naive: naive, batched: batched, rounds: arguments.rounds)
    } catch {
        progress("\(error)")
        return 1
    }
    print(Report.timings(results, rounds: arguments.rounds, thresholds: thresholds), terminator: "")

    guard let thresholds else { return 0 }
    for threshold in thresholds.unmatched(by: Operation.allCases.map(\.rawValue)) {
        progress("warning: the threshold for \"\(threshold.operation)\" names no operation")
    }
    let below = results.filter { result in
        guard let minimum = thresholds.minimumRatio(for: result.operation.rawValue) else { return false }
        return result.ratio < minimum
    }
    for result in below {
        print("below: \(result.operation.rawValue) at \(String(format: "%.2f", result.ratio))×, under its threshold of \(Report.ratioText(thresholds.minimumRatio(for: result.operation.rawValue) ?? 0))")
    }
    return arguments.check && !below.isEmpty ? 1 : 0
}

/// Times one side alone (`--only`), for a profiler; prints its median times.
func profile(_ contender: Contender, document: GeneratedDocument, rounds: Int) -> Int32 {
    do {
        let timing = Timing(document: document)
        let turns = try (1...rounds).map { round in
            progress("round \(round) of \(rounds)")
            return try timing.turn(contender)
        }
        for operation in Operation.allCases {
            let seconds = median(turns.map { $0.seconds[operation]! })
            print("\(contender.name) \(operation.rawValue): \(String(format: "%.3f", seconds)) s, \(String(format: "%.0f", Double(document.rowCount) / seconds)) rows/s")
        }
        return 0
    } catch {
        progress("\(error)")
        return 1
    }
}

exit(run())
