import BenchmarkSupport

/// Times the contenders of one row in interleaved rounds.
///
/// A round gives each contender one turn, ours first and then the peer: one untimed
/// run, then timed runs for about `minimumTime / rounds` (at least one). The row's
/// ratio is later taken round by round, so a slow spell of the machine (a shared
/// machine can slow down for seconds at a time) falls on both sides of the rounds it
/// touches and moves the median of the per-round ratios little. The untimed run is
/// there because it finds the caches and the heap as the other contender left them
/// (a contender that allocates heavily, such as XMLCoder, slows the run after it).
struct Measurement {
    /// How many rounds each row gets.
    var rounds = 5
    /// How long each contender is timed in all, spread evenly over the rounds.
    var minimumTime: Duration = .milliseconds(800)
    /// How many timed runs one turn makes at most, for documents that take microseconds.
    var maximumRunsPerTurn = 1_000

    /// The per-round timings of `ours` and, when given, of `peer`.
    func time(_ ours: Contender, against peer: Contender?) throws -> RowTiming {
        let turnTime = minimumTime / max(rounds, 1)
        var timing = RowTiming()
        for _ in 0..<max(rounds, 1) {
            timing.ours.append(try turn(of: ours, for: turnTime, checksum: &timing.checksum))
            if let peer {
                timing.peer.append(try turn(of: peer, for: turnTime, checksum: &timing.checksum))
            }
        }
        return timing
    }

    /// One untimed run, then timed runs for about `time`; the median of the timed runs.
    private func turn(of contender: Contender, for time: Duration, checksum: inout Int) throws -> Duration {
        let clock = ContinuousClock()
        checksum &+= try contender.body()
        var samples: [Duration] = []
        let start = clock.now
        repeat {
            let before = clock.now
            checksum &+= try contender.body()
            samples.append(clock.now - before)
        } while clock.now - start < time && samples.count < maximumRunsPerTurn
        return median(of: samples)
    }
}

/// What the rounds of one row measured.
struct RowTiming {
    /// Per round, the median time of one run of ours.
    var ours: [Duration] = []
    /// Per round, the median time of one run of the peer; empty when no peer was timed.
    var peer: [Duration] = []
    /// The sum of what every run returned, printed so that no work can be optimized away.
    var checksum = 0

    /// Per round, how many times faster ours was (peer time over our time).
    var ratios: [Double] {
        zip(ours, peer).compactMap { ours, peer in ours.seconds > 0 ? peer.seconds / ours.seconds : nil }
    }
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median<Value: Comparable & AdditiveArithmetic>(of values: [Value], halving: (Value) -> Value) -> Value {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .zero }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : halving(sorted[middle - 1] + sorted[middle])
}

/// The median of durations.
func median(of values: [Duration]) -> Duration { median(of: values) { $0 / 2 } }

/// The median of ratios.
func median(of values: [Double]) -> Double { median(of: values) { $0 / 2 } }
