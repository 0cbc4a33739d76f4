import Foundation

/// A temporary directory holding a test's input and output files, removed afterwards.
struct Scratch: ~Copyable {
    /// The directory.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("datamapper-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the directory and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The content of `name`, or `nil` when it does not exist.
    func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in the directory, sorted.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
