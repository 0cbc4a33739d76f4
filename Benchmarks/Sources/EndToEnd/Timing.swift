import BenchmarkSupport
import Foundation

/// What one side of a job cost over its runs.
struct SideResult {
    /// The median wall time of the runs, start of the child to its exit.
    let medianSeconds: Double
    /// The largest `ru_maxrss` of the runs, in 2^20 bytes.
    let peakMiB: Double
}

/// What a job measured: both sides, or ours alone with why the peer did not run.
struct JobResult {
    let job: Job
    let inputBytes: Int
    let ours: SideResult
    let peer: Result<SideResult, MissingPeerError>

    /// How many times faster ours is: peer time over our time.
    var ratio: Double? {
        guard case .success(let peer) = peer else { return nil }
        return peer.medianSeconds / ours.medianSeconds
    }
}

/// Runs jobs, each side as a child process, the two sides taking turns.
struct Timing {
    let runs: Int
    let errorFile: URL

    /// Runs `job` `runs` times on each side, ours then the peer in every round, so that
    /// a slow spell of the machine falls on both; deletes the outputs afterwards.
    func measure(_ job: Job) throws -> JobResult {
        guard let inputBytes = RecordFile.fileSize(job.input) else {
            throw BenchmarkError("\(job.name): the input \(job.input.path) is missing")
        }
        var ours: [ChildProcess] = []
        var peer: [ChildProcess] = []
        for round in 1...runs {
            progress("\(job.name): round \(round) of \(runs)")
            ours.append(try run(job.ours, job: job))
            if case .success(let command) = job.peer { peer.append(try run(command, job: job)) }
        }
        return JobResult(
            job: job, inputBytes: inputBytes, ours: Self.summary(of: ours),
            peer: job.peer.map { _ in Self.summary(of: peer) })
    }

    /// One run of `command`; a failure or an empty output ends the whole measurement.
    private func run(_ command: Command, job: Job) throws -> ChildProcess {
        defer { try? FileManager.default.removeItem(at: command.output) }
        let child = try ChildProcess.run(
            command.executable, command.arguments,
            standardOutput: command.writesToStandardOutput ? command.output : nil, errorFile: errorFile)
        guard child.termination == .exited(0) else {
            throw BenchmarkError("\(job.name): \(command.executable) failed (\(child.termination), peak \(Int(child.peakMiB)) MiB after \(String(format: "%.1f", child.wallTime.seconds)) s):\n\(command.executable) \(command.arguments.joined(separator: " "))\n\(child.standardError)")
        }
        guard let size = RecordFile.fileSize(command.output), size > 0 else {
            throw BenchmarkError("\(job.name): \(command.executable) exited normally but wrote nothing to \(command.output.path)")
        }
        return child
    }

    private static func summary(of runs: [ChildProcess]) -> SideResult {
        let seconds = runs.map(\.wallTime.seconds).sorted()
        let middle = seconds.count / 2
        let median = seconds.count % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2
        return SideResult(medianSeconds: median, peakMiB: runs.map(\.peakMiB).max() ?? 0)
    }
}
