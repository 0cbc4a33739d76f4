/// Times a contender, or two side by side, until both a minimum count of runs and a
/// minimum total time are reached (or a maximum count), keeping each one's median.
///
/// Two contenders take turns in blocks of about a tenth of a second, so that a slow
/// spell of the machine (a shared machine can slow down for seconds at a time) falls
/// on both alike instead of on whichever ran then. The first run of each block is not
/// timed: it finds the caches and the heap as the other contender left them (a
/// contender that allocates heavily, such as XMLCoder, slows the run after it).
struct Measurement {
    /// How many timed runs at least.
    var minimumRuns = 5
    /// How many timed runs at most.
    var maximumRuns = 1_000
    /// How long to keep running each contender at least, once `minimumRuns` is reached.
    var minimumTime: Duration = .milliseconds(800)
    /// How long a contender runs before the other takes its turn.
    var blockTime: Duration = .milliseconds(100)

    /// The median durations of one run of `ours` and of `peer`, timed in turns, and the
    /// sum of what their runs returned.
    func medians(of ours: Contender, and peer: Contender?) throws -> (ours: Duration, peer: Duration?, checksum: Int) {
        var ourBlock = Block(contender: ours)
        var peerBlock = peer.map { Block(contender: $0) }
        while true {
            try ourBlock.run(for: blockTime, upTo: maximumRuns)
            try peerBlock?.run(for: blockTime, upTo: maximumRuns)
            let blocks = [ourBlock] + (peerBlock.map { [$0] } ?? [])
            if blocks.allSatisfy({ $0.samples.count >= maximumRuns }) { break }
            if blocks.allSatisfy({ $0.samples.count >= minimumRuns && $0.timed >= minimumTime }) { break }
        }
        return (
            Self.median(of: ourBlock.samples),
            peerBlock.map { Self.median(of: $0.samples) },
            ourBlock.checksum &+ (peerBlock?.checksum ?? 0)
        )
    }

    /// One contender's runs so far.
    private struct Block {
        let contender: Contender
        var samples: [Duration] = []
        var timed: Duration = .zero
        var checksum = 0

        /// One untimed run, then timed runs for about `time` (at least one), stopping at
        /// `limit` samples in all.
        mutating func run(for time: Duration, upTo limit: Int) throws {
            guard samples.count < limit else { return }
            let clock = ContinuousClock()
            checksum &+= try contender.body()
            let start = clock.now
            repeat {
                let before = clock.now
                checksum &+= try contender.body()
                let took = clock.now - before
                samples.append(took)
                timed += took
            } while clock.now - start < time && samples.count < limit
        }
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
