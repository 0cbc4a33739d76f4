#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file mapped read-only into memory, for reading a large input in place: its bytes
/// are read from the page cache as they are needed, and its pages are the kernel's to
/// drop under memory pressure, since they can always be read again from the file.
///
/// The mapping lives as long as the object: keep the object while any pointer from
/// ``withUnsafeBytes(_:)`` is in use. A piece reader given a `MappedFile` keeps it, so
/// the file stays mapped until the reader is dropped.
///
/// ```swift
/// let file = try MappedFile(path: "big.json")
/// var pieces = JSONPieceReader(bytes: file)
/// while let piece = try pieces.nextPiece() { handle(piece) }
/// ```
///
/// The file should not change while it is mapped: a file shortened meanwhile makes
/// reading past its new end fault, as with any mapping.
// Sendable without checks: the mapping is created in `init`, never changed, only read,
// and unmapped once in `deinit`, when no other reference exists.
public final class MappedFile: @unchecked Sendable, ContiguousBytes {
    /// The path the file was opened with, for messages.
    public let path: String
    /// The file's size in bytes when it was mapped.
    public let count: Int
    /// The mapping's first byte; `nil` for an empty file, which maps nothing.
    private let base: UnsafeRawPointer?

    /// Maps the file at `path` read-only.
    /// - Throws: ``DataMapperError/Kind/io`` naming the file when it cannot be opened,
    ///   is not a regular file, or cannot be mapped.
    public init(path: String) throws(DataMapperError) {
        self.path = path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Self.failure(path, "cannot open the file", errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.failure(path, "cannot read the file", errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let code = status.st_mode & S_IFMT == S_IFDIR ? EISDIR : ENODEV
            throw Self.failure(path, "cannot map the file", code)
        }
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw Self.failure(path, "cannot map the file", errno)
        }
        base = UnsafeRawPointer(mapped)
        _ = madvise(mapped, count, MADV_SEQUENTIAL)
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
    }

    /// Lends the file's bytes for the call; the buffer is empty for an empty file.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Hands the whole pages before `offset` back to the kernel, which reads them from
    /// the file again if they are touched later: a reader done with the documents
    /// before `offset` calls it so that resident memory does not grow with the file.
    public func releasePages(before offset: Int) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, count) / pageSize * pageSize
        guard let base, pageSize > 0, end > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), end, MADV_DONTNEED)
    }

    private static func failure(_ path: String, _ what: String, _ code: Int32) -> DataMapperError {
        DataMapperError(.io, message: "\(what) \(path): \(DescriptorReading.reason(code))")
    }
}
