import Foundation

/// A fresh directory of files for one test, removed when the value is no longer used.
public final class TemporaryFiles {
    /// The directory the files are written in.
    public let directory: URL

    /// Creates an empty directory under the system's temporary directory.
    public init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("DataMapperTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to the file `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    /// Writes `data` to the file `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// The path a file `name` would have, without creating it.
    public func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
