import Foundation

/// The folder where a benchmark program writes its large generated files.
public enum WorkFolder {
    /// `explicitPath` when given, else `defaultName` under the system's temporary
    /// folder; created if needed.
    /// - Throws: ``UsageError`` when the folder cannot be created.
    public static func create(explicitPath: String?, defaultName: String) throws -> URL {
        let url = explicitPath.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(defaultName, isDirectory: true)
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw UsageError("cannot create the work folder \(url.path): \(error.localizedDescription)")
        }
        return url
    }

    /// Fails unless the file system holding `folder` has `bytes` free.
    public static func requireFreeSpace(_ bytes: Int, in folder: URL) throws {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: folder.path)
        if let free = attributes[.systemFreeSize] as? Int, free < bytes {
            throw BenchmarkError("the work folder \(folder.path) has \(free / 1_000_000) MB free; about \(bytes / 1_000_000) MB are needed")
        }
    }
}
