import Foundation
import Testing

/// Runs the built `datamapper` executable as a subprocess, the way a user would.
struct Tool {
    /// What one run printed and how it ended.
    struct Result {
        /// The exit status.
        let status: Int32
        /// Everything written to standard output.
        let standardOutput: Data
        /// Everything written to standard error, as text.
        let standardError: String

        /// Standard output as text.
        var output: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// The executable, found beside the test bundle in the build directory.
    let executable: URL

    init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let candidates = Self.candidateDirectories().map { $0.appendingPathComponent("datamapper") }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        executable = try #require(
            found,
            "no datamapper executable in \(candidates.map(\.path)); build it with swift build or swift test",
            sourceLocation: sourceLocation
        )
    }

    /// Directories the build puts executables in, seen from the running test bundle.
    private static func candidateDirectories() -> [URL] {
        var directories: [URL] = []
        if let override = ProcessInfo.processInfo.environment["DATAMAPPER_EXECUTABLE_DIR"] {
            directories.append(URL(fileURLWithPath: override))
        }
        let bundle = Bundle.main.bundleURL
        directories.append(bundle)
        directories.append(bundle.deletingLastPathComponent())
        for loaded in Bundle.allBundles where loaded.bundleURL.pathExtension == "xctest" {
            directories.append(loaded.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        return directories
    }

    /// Runs the tool with `arguments`, feeding `input` (or the file at `inputPath`,
    /// such as `/dev/zero`) on standard input, in `directory`.
    ///
    /// Standard input, output and error go through files, so large outputs cannot
    /// fill a pipe and stall the run.
    func run(_ arguments: [String], input: Data = Data(), inputPath: String? = nil, in directory: URL? = nil) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("datamapper-run-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("stdin")
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try input.write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = try FileHandle(forReadingFrom: inputPath.map { URL(fileURLWithPath: $0) } ?? inputFile)
        let stdout = try FileHandle(forWritingTo: outputFile)
        let stderr = try FileHandle(forWritingTo: errorFile)
        defer {
            try? stdin.close()
            try? stdout.close()
            try? stderr.close()
        }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: try Data(contentsOf: outputFile),
            standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        )
    }
}
