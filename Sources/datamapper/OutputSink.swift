import DataMapperCore
import DataMapperFormats
import Foundation

/// Where a command writes its result: standard output, or a file replaced atomically.
struct OutputSink {
    /// The file path, or `nil` for standard output.
    let path: String?

    /// Writes to `argument`: standard output when it is `nil` or `-`.
    init(argument: String?) {
        path = argument == "-" ? nil : argument
    }

    /// Writes the whole result; a file is only replaced once all of it is ready.
    /// - Throws: ``DataMapperError`` of kind `io` naming the file.
    func write(_ data: Data) throws {
        if let path {
            do {
                try AtomicFileWriter.write(data, to: URL(fileURLWithPath: path))
            } catch let error as DataMapperError {
                throw error.inFile(path)  // the path as the user wrote it
            }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}

/// Standard error, for messages.
enum StandardError {
    /// Writes `line` and a newline to standard error.
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
