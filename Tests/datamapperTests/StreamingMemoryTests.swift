import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The peak memory of `convert` on a long stream: about one document, not the file.
@Suite struct StreamingMemoryTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    /// Runs `executable` with `arguments`, standard output to /dev/null, and returns
    /// its exit status and peak resident memory in bytes: the largest `VmHWM` of
    /// `/proc/PID/status` seen while it runs. (The high-water mark only grows, so the
    /// last reading is the peak but for the last few milliseconds. `ru_maxrss` would
    /// not do: Linux counts in it the memory of the parent that spawned the child.)
    static func peakMemory(of executable: String, _ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        var peak = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            try #require(waited == 0 || errno == EINTR, "waitpid failed: \(errno)")
            peak = max(peak, highWaterMark(of: pid) ?? 0)
            usleep(2_000)
        }
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        return (exited, peak)
    }

    /// The `VmHWM` line of `/proc/PID/status`, in bytes.
    static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
        else { return nil }
        return kilobytes * 1024
    }

    /// Whether the tool runs under a sanitizer (`.ci/sanitizers` says so), whose shadow
    /// memory and quarantine of freed blocks make its peak memory mean nothing here.
    static let sanitized = ProcessInfo.processInfo.environment["DATAMAPPER_SANITIZER"] != nil

    @Test("a 50 MB JSON Lines file converts to MessagePack in far less memory than its size",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc"),
          .disabled(if: sanitized, "a sanitizer's own memory hides the tool's"))
    func boundedMemory() throws {
        let scratch = try Scratch()
        // 50,000 records of about 1 KiB, each a different line.
        let padding = String(repeating: "x", count: 900)
        var text = ""
        text.reserveCapacity(52_000_000)
        for index in 0..<50_000 {
            text += #"{"id":\#(index),"name":"record \#(index)","tags":["a","b",\#(index % 7)],"ok":true,"note":"\#(padding)"}"# + "\n"
        }
        let input = scratch.path("big.jsonl")
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let largestLine = text.utf8.split(separator: UInt8(ascii: "\n")).map(\.count).max() ?? 0
        text = ""

        let (status, peak) = try Self.peakMemory(of: tool.executable.path, ["convert", input, "--to", "msgpack"])
        #expect(status == 0)
        #expect(peak > 0, "the child's memory was read")
        let bound = 64 * 1024 * 1024 + 4 * largestLine
        #expect(peak < bound, "peak \(peak / 1024) KiB, bound \(bound / 1024) KiB")
    }

    @Test("a 30 MB JSON document converts to MessagePack, JSON and XML within three times its size",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc"),
          .disabled(if: sanitized, "a sanitizer's own memory hides the tool's"))
    func largeDocument() throws {
        let scratch = try Scratch()
        // One document, {"records":[...]}, of 30,000 records of about 1 KiB: its tree
        // alone would take several times its size.
        let padding = String(repeating: "y", count: 900)
        var text = #"{"records":["#
        text.reserveCapacity(32_000_000)
        for index in 0..<30_000 {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"name":"record \#(index)","tags":["a","b",\#(index % 7)],"ok":true,"note":"\#(padding)"}"#
        }
        text += "]}"
        let input = scratch.path("big.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let size = text.utf8.count
        text = ""

        // YAML is left out: its writer holds a first document's bytes until it knows
        // whether a second follows, which takes it just past three times.
        for target in ["msgpack", "json", "xml"] {
            let (status, peak) = try Self.peakMemory(of: tool.executable.path, ["convert", input, "--to", target, "--quiet"])
            #expect(status == 0, "to \(target)")
            #expect(peak < 3 * size, "to \(target): peak \(peak / 1024) KiB, document \(size / 1024) KiB")
        }
    }
}
