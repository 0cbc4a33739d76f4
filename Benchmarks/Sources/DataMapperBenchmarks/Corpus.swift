import Foundation

/// Finds the shared benchmark corpus (`shared/corpus/` beside the repository).
enum Corpus {
    /// The corpus folder: `explicitPath` when given, otherwise the first folder that
    /// exists among `../shared/corpus` and `../../shared/corpus`, tried from the
    /// Benchmarks folder (found from this source file) and from the working directory.
    static func locate(explicitPath: String?) throws -> URL {
        if let explicitPath {
            let url = URL(fileURLWithPath: explicitPath, isDirectory: true)
            guard isDirectory(url) else { throw BenchmarkError("no corpus folder at \(explicitPath)") }
            return url
        }
        // This file is Benchmarks/Sources/DataMapperBenchmarks/Corpus.swift.
        let benchmarksFolder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workingFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let relatives = ["../shared/corpus", "../../shared/corpus", "shared/corpus"]
        for base in [benchmarksFolder, workingFolder] {
            for relative in relatives {
                let candidate = base.appendingPathComponent(relative, isDirectory: true).standardizedFileURL
                if isDirectory(candidate) { return candidate }
            }
        }
        throw BenchmarkError("could not find shared/corpus; pass its path with --corpus PATH")
    }

    /// The files in `folder` whose names end in `.suffix`, sorted by name.
    static func files(in folder: URL, suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix("." + suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}

/// A failure of the benchmark program itself (bad arguments, missing files).
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
