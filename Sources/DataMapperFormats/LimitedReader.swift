import DataMapperCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file, pipe or device into memory, refusing input larger than a limit
/// without ever holding more than the limit.
///
/// A regular file's size is taken from `fstat` on the opened file before anything is
/// read, so a file over the limit costs nothing; anything else (a pipe, standard input,
/// a device such as `/dev/zero`) is read in chunks and refused as soon as it passes the
/// limit, so endless input ends in an error rather than exhausted memory.
public enum LimitedReader {
    /// How much is read at a time from input whose size is not known.
    static let chunkSize = 64 * 1024

    /// The whole content of the file at `path`, or `nil` when there is no such file.
    ///
    /// - Throws: ``DataMapperError`` naming the file: ``DataMapperError/Kind/limitExceeded``
    ///   when it holds more than `limit` bytes, ``DataMapperError/Kind/io`` when it cannot
    ///   be read (a directory, no permission).
    public static func read(path: String, limit: Int) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw DataMapperError(.io, message: "cannot read the file: \(DescriptorReading.reason(code))").inFile(path)
        }
        defer { close(descriptor) }
        do {
            return try read(descriptor: descriptor, limit: limit)
        } catch let error as DataMapperError {
            throw error.inFile(path)
        }
    }

    /// Everything left on standard input.
    ///
    /// - Throws: ``DataMapperError`` naming `<stdin>`, as ``read(path:limit:)`` does.
    public static func readStandardInput(limit: Int) throws -> Data {
        do {
            return try read(descriptor: STDIN_FILENO, limit: limit)
        } catch let error as DataMapperError {
            throw error.inFile("<stdin>")
        }
    }

    /// Everything left on the open file `descriptor`, which stays open, after
    /// `prefix`, bytes of it read already; together refused past `limit` bytes.
    ///
    /// - Throws: ``DataMapperError`` without a file name, as ``read(path:limit:)`` does.
    public static func read(descriptor: Int32, after prefix: Data, limit: Int) throws -> Data {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DescriptorReading.failure(errno) }
        if status.st_mode & S_IFMT == S_IFREG, prefix.isEmpty { return try read(descriptor: descriptor, limit: limit) }
        return try readChunks(descriptor, limit: limit, expected: prefix.count, startingWith: prefix)
    }

    /// Everything left on the open file `descriptor`, which stays open.
    private static func read(descriptor: Int32, limit: Int) throws -> Data {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DescriptorReading.failure(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw DescriptorReading.failure(EISDIR)
        case S_IFREG:
            let size = Int(status.st_size)
            guard size <= limit else {
                throw DataMapperError.Remedy.inputTooLarge(size, limit: limit, in: "ParsingLimits")
            }
            return try readChunks(descriptor, limit: limit, expected: size)
        default:
            return try readChunks(descriptor, limit: limit, expected: 0)
        }
    }

    /// Reads until the end, in chunks, refusing more than `limit` bytes; `expected`
    /// is how much room to make at first.
    private static func readChunks(_ descriptor: Int32, limit: Int, expected: Int, startingWith prefix: Data = Data()) throws -> Data {
        var data = Data(capacity: max(expected, prefix.count))
        data.append(prefix)
        guard data.count <= limit else { throw moreThan(limit) }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = try chunk.withUnsafeMutableBytes { (buffer) throws(DataMapperError) in
                try DescriptorReading.read(descriptor, into: buffer)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw moreThan(limit) }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// The refusal of input of unknown size that has passed `limit` bytes.
    public static func moreThan(_ limit: Int) -> DataMapperError {
        DataMapperError(
            .limitExceeded,
            message: "the input is more than the limit of \(limit) bytes",
            remedy: .limit(.maxInputBytes, limit, in: "ParsingLimits")
        )
    }
}
