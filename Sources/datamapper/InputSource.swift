import DataMapper
import Foundation

/// Where a command reads a document from: a file, or standard input.
struct InputSource {
    /// The file path, or `nil` for standard input.
    let path: String?

    /// Reads from `argument`: standard input when it is `nil` or `-`.
    init(argument: String?) {
        path = argument == "-" ? nil : argument
    }

    /// The name messages use: the path as given, or `<stdin>`.
    var displayName: String { path ?? "<stdin>" }

    /// The whole document.
    /// - Throws: ``DataMapperError`` of kind `io` naming the file when it cannot be read.
    func read() throws -> Data {
        guard let path else { return FileHandle.standardInput.readDataToEndOfFile() }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw unreadable("it is a directory") }
        guard fileManager.isReadableFile(atPath: path) else { throw unreadable("permission denied") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw unreadable(error.localizedDescription)
        }
    }

    private func unreadable(_ reason: String) -> DataMapperError {
        DataMapperError(.io, message: "cannot read the file: \(reason)").inFile(displayName)
    }
}
