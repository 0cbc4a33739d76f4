import DataMapper
import Foundation

/// Writes a file so that readers see either its old content or the whole new one.
///
/// The bytes go to a temporary file in the destination's directory, which is then
/// renamed over the destination; a rename within one file system is atomic. When
/// anything fails the temporary file is removed and an existing destination is left
/// as it was, so a failed conversion never leaves a partial or empty file behind.
/// A destination that already exists keeps its permissions.
public enum AtomicFileWriter {
    /// Writes `data` to the file at `url`, atomically.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/io`` naming the file
    ///   and the reason.
    public static func write(_ data: Data, to url: URL) throws {
        let destination = url.standardizedFileURL
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString).tmp"
        )
        let fileManager = FileManager.default
        do {
            try data.write(to: temporary)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw failure(destination, reason(for: error, directory: directory))
        }
        if let attributes = try? fileManager.attributesOfItem(atPath: destination.path),
           let permissions = attributes[.posixPermissions] {
            try? fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            try? fileManager.removeItem(at: temporary)
            throw failure(destination, String(cString: strerror(code)))
        }
    }

    private static func failure(_ url: URL, _ reason: String) -> DataMapperError {
        DataMapperError(.io, message: "cannot write the file: \(reason)").inFile(url.path)
    }

    private static func reason(for error: any Error, directory: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            return "the directory \(directory.path) does not exist"
        }
        if !isDirectory.boolValue { return "\(directory.path) is not a directory" }
        if !FileManager.default.isWritableFile(atPath: directory.path) {
            return "the directory \(directory.path) is not writable"
        }
        return error.localizedDescription
    }
}
