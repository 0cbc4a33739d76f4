import Foundation
import Glibc

/// One run of a program as a child process, with what the kernel says it cost.
///
/// The child is started with `posix_spawn` and reaped with `wait4`, whose `rusage`
/// holds the peak resident set size of the child alone (the program it `exec`s, not
/// this process: checked on Linux 6 by spawning `/bin/true` from a parent holding
/// 300 MiB, which reported 1.2 MiB).
public struct ChildProcess: Sendable {
    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    public let termination: Termination
    /// `ru_maxrss`: the peak resident set size of the whole process, in KiB on Linux.
    /// For a child that runs others in turn (a shell, `yq` running `jq`), it is the
    /// largest of them, not their sum: `wait4` reports the child's own figure, which
    /// covers its waited-for descendants only as the maximum of each.
    public let peakKiB: Int
    public let wallTime: Duration
    /// `peakKiB` in 2^20 bytes.
    public var peakMiB: Double { Double(peakKiB) / 1024 }
    /// What the child wrote on standard error.
    public let standardError: String

    /// Runs `executable` (a path: `PATH` is not searched) with `arguments` to
    /// completion. Standard input comes from `/dev/null`; standard output goes to
    /// `standardOutput` (created or truncated) or else to `/dev/null`; standard error
    /// goes to `errorFile`, read back afterwards.
    public static func run(
        _ executable: String, _ arguments: [String], standardOutput: URL? = nil, errorFile: URL
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv = CStringList([executable] + arguments)
        let environment = CStringList(ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
        defer { argv.free(); environment.free() }

        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawnError = posix_spawn(&pid, executable, &actions, nil, argv.pointers, environment.pointers)
        guard spawnError == 0 else {
            throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(spawnError)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let wallTime = ContinuousClock.now - start
        let standardError = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return ChildProcess(
            termination: termination(of: status), peakKiB: usage.ru_maxrss, wallTime: wallTime,
            standardError: standardError)
    }

    /// The `wait` status decoded as the `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG` macros
    /// do, which Swift does not import.
    private static func termination(of status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// A null-terminated array of C strings, as `posix_spawn` takes `argv` and `envp`.
private struct CStringList {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { Glibc.free(pointer) }
    }
}
