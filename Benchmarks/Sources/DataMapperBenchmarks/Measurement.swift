/// Times a contender, or two side by side: a warm-up, then repeated runs until both a
/// minimum count and a minimum total time are reached (or a maximum count), keeping the
/// median.
///
/// Two contenders run in turn, one run of each after the other, so that a slow spell
/// of the machine (this one has them: the same parse can take half as long again for
/// seconds at a time) falls on both alike instead of on whichever ran then, and their
/// ratio holds still.
struct Measurement {
    /// How many timed runs at least.
    var minimumRuns = 5
    /// How many timed runs at most.
    var maximumRuns = 1_000
    /// How long to keep running each contender at least, once `minimumRuns` is reached.
    var minimumTime: Duration = .milliseconds(800)

    /// The median durations of one run of `ours` and of `peer`, timed in turn, and the
    /// sum of what their runs returned.
    func medians(of ours: Contender, and peer: Contender?) throws -> (ours: Duration, peer: Duration?, checksum: Int) {
        let clock = ContinuousClock()
        var checksum = try ours.body()  // warm-up
        if let peer { checksum &+= try peer.body() }
        var oursSamples: [Duration] = []
        var peerSamples: [Duration] = []
        let contenders = peer == nil ? 1 : 2
        let start = clock.now
        while oursSamples.count < maximumRuns {
            var before = clock.now
            checksum &+= try ours.body()
            oursSamples.append(clock.now - before)
            if let peer {
                before = clock.now
                checksum &+= try peer.body()
                peerSamples.append(clock.now - before)
            }
            if oursSamples.count >= minimumRuns, clock.now - start >= minimumTime * contenders { break }
        }
        return (Self.median(of: oursSamples), peer == nil ? nil : Self.median(of: peerSamples), checksum)
    }

    private static func median(of samples: [Duration]) -> Duration {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
