import DataMapperCore
import DataMapperFormats
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

    /// The whole document, refused without reading it all when it is larger than
    /// `limit` bytes.
    /// - Throws: ``DataMapperError`` naming the input: `io` when it cannot be read,
    ///   `limitExceeded` when it is too large.
    func read(limit: Int = ParsingLimits.default.maxInputBytes) throws -> Data {
        guard let path else { return try LimitedReader.readStandardInput(limit: limit) }
        guard let data = try LimitedReader.read(path: path, limit: limit) else { throw unreadable("no such file") }
        return data
    }

    private func unreadable(_ reason: String) -> DataMapperError {
        DataMapperError(.io, message: "cannot read the file: \(reason)").inFile(displayName)
    }
}
