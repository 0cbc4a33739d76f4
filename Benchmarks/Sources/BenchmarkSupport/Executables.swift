import Foundation

/// Finds the programs the benchmark programs run as child processes.
public enum Executables {
    /// The release build of `datamapper` to measure: `explicitPath` when given, else
    /// `.build/release/datamapper` of the repository holding the Benchmarks folder.
    /// - Throws: ``UsageError`` when there is no executable file there.
    public static func datamapper(explicitPath: String?) throws -> String {
        let path = explicitPath ?? BenchmarksFolder.url
            .deletingLastPathComponent().appendingPathComponent(".build/release/datamapper").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            let hint = explicitPath == nil ? "; build it with `swift build -c release --product datamapper` at the repository root, or pass --datamapper PATH" : ""
            throw UsageError("no executable datamapper at \(path)\(hint)")
        }
        return path
    }

    /// The full path of the program `name` on `PATH`, or `nil` when no folder of
    /// `PATH` holds an executable file of that name (`posix_spawn` does not search).
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
