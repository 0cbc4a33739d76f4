import DataMapperCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file being written a piece at a time, opened by
/// ``AtomicFileWriter/open(_:)``: the new content replaces the old only at
/// ``commit()``, and ``discard()`` leaves the old file as it was.
///
/// Exactly one of ``commit()`` and ``discard()`` is called, once; either closes the
/// file handle.
public final class AtomicFileOutput {
    /// What the commit does with the bytes written.
    enum Finish {
        /// Renames the temporary file over the target.
        case rename(temporary: String, target: String)
        /// Copies the temporary file into the original (a hard-linked file), then
        /// removes the temporary file.
        case copyBack(temporary: String, original: Int32)
        /// Nothing: the bytes went straight to the destination (a FIFO, a device).
        case inPlace
    }

    /// Where the bytes go until the commit; written at its current offset.
    public let fileHandle: FileHandle
    private let path: String
    private let finish: Finish
    private var isOpen = true

    init(descriptor: Int32, reportedAs path: String, finish: Finish) {
        fileHandle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        self.path = path
        self.finish = finish
    }

    deinit {
        if isOpen { discard() }
    }

    /// Appends `data`.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/io`` naming the file.
    public func write(_ data: Data) throws {
        if let code = AtomicFileWriter.writeAll(data, to: fileHandle.fileDescriptor) {
            throw AtomicFileWriter.failure(path, String(cString: strerror(code)))
        }
    }

    /// Puts the bytes written in place of the old content.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/io`` naming the file;
    ///   a regular file is then left as it was and the temporary file removed.
    public func commit() throws {
        isOpen = false
        let descriptor = fileHandle.fileDescriptor
        var problem: Int32?
        switch finish {
        case .inPlace:
            close(descriptor)
        case .rename(let temporary, let target):
            if fsync(descriptor) != 0 { problem = errno }
            close(descriptor)
            if problem == nil, rename(temporary, target) != 0 { problem = errno }
            if problem != nil { unlink(temporary) }
        case .copyBack(let temporary, let original):
            problem = Self.copy(from: descriptor, to: original)
            close(descriptor)
            close(original)
            unlink(temporary)
        }
        if let problem { throw AtomicFileWriter.failure(path, String(cString: strerror(problem))) }
    }

    /// Leaves the old file as it was and removes the temporary file (bytes already
    /// sent to a FIFO or a device stay sent).
    public func discard() {
        guard isOpen else { return }
        isOpen = false
        close(fileHandle.fileDescriptor)
        switch finish {
        case .inPlace: break
        case .rename(let temporary, _): unlink(temporary)
        case .copyBack(let temporary, let original):
            close(original)
            unlink(temporary)
        }
    }

    /// Truncates `destination` and copies all of `source` into it from the start; the
    /// `errno` of a failure, or `nil`.
    private static func copy(from source: Int32, to destination: Int32) -> Int32? {
        guard lseek(source, 0, SEEK_SET) == 0, ftruncate(destination, 0) == 0 else { return errno }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try DescriptorReading.read(source, into: $0) }
            } catch {
                return EIO
            }
            if count == 0 { return nil }
            if let code = AtomicFileWriter.writeAll(Data(chunk[..<count]), to: destination) { return code }
        }
    }
}
