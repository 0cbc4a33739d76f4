import BenchmarkSupport
import Foundation

/// The times of one turn of one contender: a first import into a fresh database,
/// then the same document again into the database it left.
struct Turn {
    let seconds: [Operation: Double]
}

/// What one operation measured over the rounds.
struct OperationResult {
    let operation: Operation
    let rows: Int
    let ours: [Double]
    let naive: [Double]
    /// The hand-written batched import's times.
    let batched: [Double]

    var oursMedian: Double { median(ours) }
    var naiveMedian: Double { median(naive) }
    var batchedMedian: Double { median(batched) }
    /// The per-round ratios, naive time over ours: how many times faster ours is.
    var ratios: [Double] { zip(ours, naive).map { $1 / $0 } }
    var ratio: Double { median(ratios) }
    /// The same for the batched import: the most the ratio could be.
    var batchedRatios: [Double] { zip(batched, naive).map { $1 / $0 } }
    var batchedRatio: Double { median(batchedRatios) }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Times the contenders in interleaved rounds, ours, the naive import, then the
/// batched one in each, so that a slow spell of the machine falls on all three.
struct Timing {
    let document: GeneratedDocument

    func measure(ours: Contender, naive: Contender, batched: Contender, rounds: Int) throws -> [OperationResult] {
        var oursTurns: [Turn] = []
        var naiveTurns: [Turn] = []
        var batchedTurns: [Turn] = []
        for round in 1...rounds {
            progress("round \(round) of \(rounds)")
            oursTurns.append(try turn(ours))
            naiveTurns.append(try turn(naive))
            batchedTurns.append(try turn(batched))
        }
        return Operation.allCases.map { operation in
            OperationResult(
                operation: operation, rows: document.rowCount,
                ours: oursTurns.map { $0.seconds[operation]! }, naive: naiveTurns.map { $0.seconds[operation]! },
                batched: batchedTurns.map { $0.seconds[operation]! })
        }
    }

    /// One turn of `contender`: a fresh database, the import made (untimed), then the
    /// first import and the re-import, each timed.
    func turn(_ contender: Contender) throws -> Turn {
        let queue = try Schema.freshDatabase(at: contender.file)
        let importer = try contender.prepare(queue)
        var seconds: [Operation: Double] = [:]
        for operation in Operation.allCases {
            let clock = ContinuousClock()
            var count = 0
            let elapsed = try clock.measure { count = try importer(document.value) }
            guard count > 0 else { throw BenchmarkError("\(contender.name): \(operation.rawValue) imported nothing") }
            seconds[operation] = elapsed.seconds
            progress("  \(contender.name) \(operation.rawValue): \(String(format: "%.3f", elapsed.seconds)) s")
        }
        return Turn(seconds: seconds)
    }
}
