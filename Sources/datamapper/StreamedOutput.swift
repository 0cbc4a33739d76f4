import DataMapperCore
import DataMapperFormats
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a conversion written document by document puts its bytes, so that a failed
/// or refused conversion leaves nothing behind: an `-o` file replaced only at the
/// end (``AtomicFileWriter/open(_:)``); standard output written as documents come, or,
/// when the conversion may still be refused at its end (`--strict`), held in a
/// temporary file and copied out once it has succeeded.
final class StreamedOutput {
    private enum Destination {
        case standardOutput
        /// An unlinked temporary file, copied to standard output at the commit.
        case heldBack(Int32)
        case file(AtomicFileOutput, path: String)
    }

    private let destination: Destination
    /// Where the bytes go until the commit.
    let handle: FileHandle

    /// Opens the output `path` (`nil` or `-` for standard output).
    /// - Parameter holdingBack: Whether standard output must see nothing until ``commit()``.
    /// - Throws: ``DataMapperError`` of kind `io` naming the file.
    init(path: String?, holdingBack: Bool) throws {
        if let path, path != "-" {
            do {
                let output = try AtomicFileWriter.open(URL(fileURLWithPath: path))
                destination = .file(output, path: path)
                handle = output.fileHandle
            } catch let error as DataMapperError {
                throw error.inFile(path)
            }
        } else if holdingBack {
            let descriptor = try Self.anonymousTemporaryFile()
            destination = .heldBack(descriptor)
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        } else {
            destination = .standardOutput
            handle = FileHandle.standardOutput
        }
    }

    /// Puts the output in place: renames the `-o` file over the old one, or copies
    /// what was held back to standard output.
    func commit() throws {
        switch destination {
        case .standardOutput:
            break
        case .heldBack(let descriptor):
            defer { close(descriptor) }
            try Self.copy(descriptor, to: STDOUT_FILENO)
        case .file(let output, let path):
            do {
                try output.commit()
            } catch let error as DataMapperError {
                throw error.inFile(path)
            }
        }
    }

    /// Drops the output: the `-o` file stays as it was, standard output gets nothing
    /// more (nothing at all when held back).
    func discard() {
        switch destination {
        case .standardOutput: break
        case .heldBack(let descriptor): close(descriptor)
        case .file(let output, _): output.discard()
        }
    }

    /// A temporary file with no name, so that nothing is left behind however the
    /// process ends.
    private static func anonymousTemporaryFile() throws -> Int32 {
        // mkstemp replaces the last six characters, which must be X, with a unique name.
        let unique = String(repeating: "X", count: 6)
        var template = Array((NSTemporaryDirectory() + "/datamapper-" + unique).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else {
            throw DataMapperError(.io, message: "cannot make a temporary file for --strict: \(DescriptorReading.reason(errno))")
        }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        return descriptor
    }

    /// Copies everything in `source`, from its start, to `destination`.
    private static func copy(_ source: Int32, to destination: Int32) throws {
        guard lseek(source, 0, SEEK_SET) == 0 else { throw DescriptorReading.failure(errno) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in try DescriptorReading.read(source, into: buffer) }
            if count == 0 { return }
            try chunk.withUnsafeBytes { bytes in
                try DescriptorWriting.write(destination, UnsafeRawBufferPointer(rebasing: bytes[..<count]))
            }
        }
    }
}
