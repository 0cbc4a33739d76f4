import DataMapperCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an output file so that readers of a regular file see either its old content
/// or the whole new one, and so that links, pipes and devices are treated as a shell's
/// `>` treats them.
///
/// - A **symbolic link** is followed to its final target (a loop is an error); the link
///   stays a link and the target is what gets replaced.
/// - A **regular file with one link**, or no file yet, is replaced atomically: the bytes
///   go to a temporary file beside it, which takes the old file's mode, owner and group
///   (owner and group as far as the process may set them), and is renamed over it. A
///   new file gets mode 0666 less the umask. When anything fails, the temporary file is
///   removed and the old file is left as it was.
/// - A **FIFO, a device or a file with more than one hard link** is written in place
///   (a shared file truncated first), so `/dev/null` stays a device and every name of a
///   hard-linked file sees the new content.
///
/// What a destination is, is decided on the file descriptor it was opened as (`open`
/// then `fstat`), never by a look at the path before opening it.
public enum AtomicFileWriter {
    /// How many symbolic links are followed before a path is taken for a loop.
    static let maxSymbolicLinks = 40

    /// Writes `data` to the file at `url`.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/io`` naming the file
    ///   and the reason.
    public static func write(_ data: Data, to url: URL) throws {
        let output = try open(url)
        do {
            try output.write(data)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Opens the file at `url` for output written a piece at a time, with the same
    /// guarantees as ``write(_:to:)``: write to ``AtomicFileOutput/fileHandle`` (or
    /// through ``AtomicFileOutput/write(_:)``), then ``AtomicFileOutput/commit()`` to
    /// put the new content in place, or ``AtomicFileOutput/discard()`` to leave the old
    /// file as it was. A regular file sees nothing until the commit; a FIFO or a device
    /// receives the bytes as they are written.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/io`` naming the file
    ///   and the reason.
    public static func open(_ url: URL) throws -> AtomicFileOutput {
        let path = url.path
        guard !path.isEmpty else { throw failure(path, "the path is empty") }
        let target = try resolvingSymbolicLinks(path)
        let descriptor = systemOpen(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            let code = errno
            guard code == ENOENT else { throw failure(path, reason(code, target: target)) }
            return try temporaryOutput(replacing: target, reportedAs: path, keeping: nil, copyBackTo: nil)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(path, String(cString: strerror(code)))
        }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        if isRegular && status.st_nlink <= 1 {
            close(descriptor)
            return try temporaryOutput(replacing: target, reportedAs: path, keeping: status, copyBackTo: nil)
        }
        if isRegular {
            // Every name of a hard-linked file must see the new content, so it is written
            // in place, but only at the commit: until then the bytes wait in a temporary file.
            do {
                return try temporaryOutput(replacing: target, reportedAs: path, keeping: nil, copyBackTo: descriptor)
            } catch {
                close(descriptor)
                throw error
            }
        }
        return AtomicFileOutput(descriptor: descriptor, reportedAs: path, finish: .inPlace)
    }

    /// An output whose bytes go to a new temporary file beside `target`; `old` is the
    /// file being replaced, whose mode, owner and group the new one takes.
    private static func temporaryOutput(
        replacing target: String, reportedAs path: String, keeping old: stat?, copyBackTo original: Int32?
    ) throws -> AtomicFileOutput {
        let destination = URL(fileURLWithPath: target)
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp").path
        // Created with 0666: the umask takes its bits off, as for any new file.
        let flags = O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | (original == nil ? O_WRONLY : O_RDWR)
        let descriptor = systemOpen(temporary, flags, 0o666)
        guard descriptor >= 0 else {
            throw failure(path, reason(errno, target: target, directory: directory.path))
        }
        if let old {
            // Owner first: changing it may clear the set-id bits the mode then restores.
            // Only a privileged process may give a file away; others keep what they may.
            _ = fchown(descriptor, old.st_uid, old.st_gid)
            if fchmod(descriptor, old.st_mode & 0o7777) != 0 {
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw failure(path, String(cString: strerror(code)))
            }
        }
        if let original {
            return AtomicFileOutput(descriptor: descriptor, reportedAs: path, finish: .copyBack(temporary: temporary, original: original))
        }
        return AtomicFileOutput(descriptor: descriptor, reportedAs: path, finish: .rename(temporary: temporary, target: target))
    }

    /// The path `path` leads to once every symbolic link at its end is followed.
    private static func resolvingSymbolicLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0...maxSymbolicLinks {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else {
                // EINVAL: not a link; ENOENT: nothing there yet. Either way this is the target.
                if errno == EINVAL || errno == ENOENT { return current }
                throw failure(path, reason(errno, target: current))
            }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                current = URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).path
            }
        }
        throw failure(path, "more than \(maxSymbolicLinks) symbolic links, a loop")
    }

    /// Writes every byte of `data`, retrying after interruptions; the `errno` of a
    /// failure, or `nil`.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    static func failure(_ path: String, _ reason: String) -> DataMapperError {
        DataMapperError(.io, message: "cannot write the file: \(reason)").inFile(path)
    }

    /// `open(2)`, named apart from ``open(_:)``.
    static func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }

    /// Words for `code`, naming the directory when it is what is missing or locked.
    private static func reason(_ code: Int32, target: String, directory: String? = nil) -> String {
        let directory = directory ?? URL(fileURLWithPath: target).deletingLastPathComponent().path
        switch code {
        case ENOENT: return "the directory \(directory) does not exist"
        case ENOTDIR: return "\(directory) is not a directory"
        case EISDIR: return "it is a directory"
        case ELOOP: return "more than \(maxSymbolicLinks) symbolic links, a loop"
        case EACCES where directory != target && access(directory, W_OK) != 0:
            return "the directory \(directory) is not writable"
        default: return String(cString: strerror(code))
        }
    }
}
