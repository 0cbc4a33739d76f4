import DataMapperCore
import DataMapperFormats
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input opened once for `convert`: its first bytes, for telling its format, and
/// the open file, to read the rest either document by document or whole.
///
/// A regular file's first bytes are peeked at (read without moving the offset); a
/// pipe's or a device's are read, and handed on before the rest.
final class OpenedInput {
    let source: InputSource
    /// The open file; standard input is not closed.
    let handle: FileHandle
    /// The first bytes, at most ``FormatRegistry/sniffLength`` of them.
    let prefix: Data
    /// Whether `prefix` was read from `handle` (a pipe) rather than peeked at.
    let prefixIsConsumed: Bool
    /// The size of a regular file; `nil` for anything else.
    let size: Int?
    /// Whether the input is a pipe.
    let isPipe: Bool

    /// Opens `source` and takes its first bytes.
    /// - Throws: ``DataMapperError`` naming the input when it cannot be opened or read.
    init(_ source: InputSource) throws {
        self.source = source
        do {
            if let path = source.path {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
                guard descriptor >= 0 else {
                    let code = errno
                    throw DataMapperError(.io, message: code == ENOENT ? "cannot read the file: no such file" : DescriptorReading.failure(code).problem)
                }
                handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            } else {
                handle = FileHandle.standardInput
            }
            let descriptor = handle.fileDescriptor
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw DescriptorReading.failure(errno) }
            if status.st_mode & S_IFMT == S_IFDIR { throw DescriptorReading.failure(EISDIR) }
            let isRegular = status.st_mode & S_IFMT == S_IFREG
            size = isRegular ? Int(status.st_size) : nil
            isPipe = status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK
            prefixIsConsumed = !isRegular
            prefix = try Self.firstBytes(of: descriptor, peeking: isRegular)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        }
    }

    /// Whether the input may be read document by document: a regular file or a pipe,
    /// not a device, which may never end.
    var isStreamable: Bool {
        size != nil || isPipe
    }

    /// How far into the input reading has gone, for a regular file.
    var bytesRead: Int? {
        guard size != nil else { return nil }
        let offset = lseek(handle.fileDescriptor, 0, SEEK_CUR)
        return offset >= 0 ? Int(offset) : nil
    }

    /// The whole input, refused past `limit` bytes.
    /// - Throws: ``DataMapperError`` naming the input.
    func readWhole(limit: Int) throws -> Data {
        do {
            return try LimitedReader.read(descriptor: handle.fileDescriptor, after: prefixIsConsumed ? prefix : Data(), limit: limit)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        }
    }

    /// Up to ``FormatRegistry/sniffLength`` bytes from the current offset, fewer only at
    /// the end of the input; `peeking` leaves the offset where it was.
    private static func firstBytes(of descriptor: Int32, peeking: Bool) throws -> Data {
        var bytes = [UInt8](repeating: 0, count: FormatRegistry.sniffLength)
        let start = peeking ? lseek(descriptor, 0, SEEK_CUR) : 0
        var filled = 0
        while filled < bytes.count {
            let count = try bytes.withUnsafeMutableBytes { (buffer) throws(DataMapperError) -> Int in
                let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                if peeking {
                    let count = pread(descriptor, rest.baseAddress, rest.count, off_t(Int(start) + filled))
                    if count < 0 { throw DescriptorReading.failure(errno) }
                    return count
                }
                return try DescriptorReading.read(descriptor, into: rest)
            }
            if count == 0 { break }
            filled += count
        }
        return Data(bytes[..<filled])
    }
}
