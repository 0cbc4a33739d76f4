import Foundation

/// Finds the shared benchmark corpus (`shared/corpus/` beside the repository).
public enum Corpus {
    /// The corpus folder: `explicitPath` when given, otherwise the first folder that
    /// exists among `../shared/corpus` and `../../shared/corpus`, tried from the
    /// Benchmarks folder and from the working directory.
    public static func locate(explicitPath: String?) throws -> URL {
        if let explicitPath {
            let url = URL(fileURLWithPath: explicitPath, isDirectory: true)
            guard isDirectory(url) else { throw BenchmarkError("no corpus folder at \(explicitPath)") }
            return url
        }
        let workingFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let relatives = ["../shared/corpus", "../../shared/corpus", "shared/corpus"]
        for base in [BenchmarksFolder.url, workingFolder] {
            for relative in relatives {
                let candidate = base.appendingPathComponent(relative, isDirectory: true).standardizedFileURL
                if isDirectory(candidate) { return candidate }
            }
        }
        throw BenchmarkError("could not find shared/corpus; pass its path with --corpus PATH")
    }

    /// The files in `folder` whose names end in `.suffix`, sorted by name.
    public static func files(in folder: URL, suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix("." + suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}
