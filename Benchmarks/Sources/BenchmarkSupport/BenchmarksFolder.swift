import Foundation

/// The `Benchmarks` folder of the source checkout, the anchor for default paths
/// (the corpus beside the repository, the thresholds file, the built tool).
public enum BenchmarksFolder {
    /// Found from this source file, which is `Benchmarks/Sources/BenchmarkSupport/BenchmarksFolder.swift`.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
