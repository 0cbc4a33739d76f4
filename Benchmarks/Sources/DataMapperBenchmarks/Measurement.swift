/// Times a contender: a warm-up, then repeated runs until both a minimum count and a
/// minimum total time are reached (or a maximum count), keeping the median.
struct Measurement {
    /// How many timed runs at least.
    var minimumRuns = 5
    /// How many timed runs at most.
    var maximumRuns = 1_000
    /// How long to keep running at least, once `minimumRuns` is reached.
    var minimumTime: Duration = .milliseconds(800)

    /// The median duration of one run of `contender`, and the sum of what its runs
    /// returned (kept only so the work cannot be optimized away).
    func median(of contender: Contender) throws -> (median: Duration, checksum: Int) {
        let clock = ContinuousClock()
        var checksum = try contender.body()  // warm-up
        var samples: [Duration] = []
        samples.reserveCapacity(64)
        let start = clock.now
        while samples.count < maximumRuns {
            let before = clock.now
            checksum &+= try contender.body()
            samples.append(clock.now - before)
            if samples.count >= minimumRuns, clock.now - start >= minimumTime { break }
        }
        samples.sort()
        let middle = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        return (median, checksum)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
