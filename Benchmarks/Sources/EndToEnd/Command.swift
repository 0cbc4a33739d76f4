import Foundation

/// One side of a job: a program run as a child process on the job's input.
struct Command: Sendable {
    /// The program's full path (`posix_spawn` does not search `PATH`).
    let executable: String
    let arguments: [String]
    /// Where the program writes its output: a file it is told with `-o`, or its
    /// standard output redirected there.
    let output: URL
    /// Whether `output` receives the program's standard output.
    let writesToStandardOutput: Bool
}

/// The least ratio a job should reach (peer time over our time).
struct Goal: Sendable {
    let minimumRatio: Double
    /// Whether the ratio must exceed `minimumRatio` ("faster than") rather than reach it.
    let strictly: Bool

    func holds(for ratio: Double) -> Bool { strictly ? ratio > minimumRatio : ratio >= minimumRatio }

    /// As printed: `≥10×`, `>1×`.
    var text: String {
        let number = minimumRatio == minimumRatio.rounded() ? String(Int(minimumRatio)) : String(minimumRatio)
        return (strictly ? ">" : "≥") + number + "×"
    }
}

/// One whole conversion, ours against a peer on the same input file.
struct Job: Sendable {
    /// The job's key, as the thresholds file names it: `yaml-to-json`, `jsonl-to-msgpack`,
    /// `yaml-stream-to-json`.
    let name: String
    let input: URL
    let ours: Command
    /// The peer's name in the table, also when it cannot run.
    let peerName: String
    /// The peer, or why it cannot run.
    let peer: Result<Command, MissingPeerError>
    /// What issue 27 asks of the job.
    let goal: Goal
}

/// Why a job's peer cannot run here; the job is reported and skipped.
struct MissingPeerError: Error, CustomStringConvertible {
    var description: String
}
