import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct AtomicFileWriterTests {
    /// A fresh, empty directory for one test.
    func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("datamapper-atomic-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func contents(of directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("a new file gets the whole content and no temporary file remains")
    func writesNewFile() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.json")
        try AtomicFileWriter.write(Data("{}\n".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("{}\n".utf8))
        #expect(try contents(of: directory) == ["out.json"])
    }

    @Test("an existing file is replaced and keeps its permissions")
    func replacesExistingFile() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.json")
        try Data("old content that is longer\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try AtomicFileWriter.write(Data("new\n".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("new\n".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try contents(of: directory) == ["out.json"])
    }

    @Test("writing into a missing directory is an i/o error naming the file, and creates nothing")
    func missingDirectory() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("absent/out.json")
        let error = try expectError(kind: .io) { try AtomicFileWriter.write(Data("x".utf8), to: file) }
        #expect(error.description == "\(file.path): cannot write the file: the directory \(directory.path)/absent does not exist")
        #expect(try contents(of: directory).isEmpty)
    }

    @Test("replacing a directory fails and leaves the directory and no temporary file")
    func destinationIsDirectory() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside"))
        try expectError(kind: .io) { try AtomicFileWriter.write(Data("x".utf8), to: target) }
        #expect(try contents(of: directory) == ["taken"])
        #expect(try contents(of: target) == ["inside"])
    }

    /// The file's `stat`, without following a link at its end.
    func status(_ path: String) throws -> stat {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw DataMapperError(.io, message: "lstat \(path): \(errno)") }
        return status
    }

    func isKind(_ path: String, _ kind: mode_t) throws -> Bool {
        try status(path).st_mode & S_IFMT == kind
    }

    /// The process's umask, read without changing it.
    func currentUmask() throws -> mode_t {
        let lines = try String(contentsOfFile: "/proc/self/status", encoding: .utf8).split(separator: "\n")
        let line = try #require(lines.first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    @Test("a new file gets mode 0666 less the umask")
    func newFileMode() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("new.json")
        try AtomicFileWriter.write(Data("{}".utf8), to: file)
        #expect(try status(file.path).st_mode & 0o7777 == 0o666 & ~currentUmask())
    }

    @Test("a symbolic link stays a link, and its target is replaced keeping its mode")
    func followsSymbolicLink() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real.json")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o640) == 0)
        let first = directory.appendingPathComponent("link1")
        let second = directory.appendingPathComponent("link2")
        #expect(symlink("real.json", first.path) == 0)
        #expect(symlink(first.path, second.path) == 0)
        try AtomicFileWriter.write(Data("new".utf8), to: second)
        #expect(try isKind(second.path, S_IFLNK))
        #expect(try isKind(first.path, S_IFLNK))
        #expect(try Data(contentsOf: target) == Data("new".utf8))
        #expect(try status(target.path).st_mode & 0o7777 == 0o640)
        #expect(try contents(of: directory) == ["link1", "link2", "real.json"])
    }

    @Test("a link to nothing yet creates its target")
    func danglingLink() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link")
        #expect(symlink("made.json", link.path) == 0)
        try AtomicFileWriter.write(Data("made".utf8), to: link)
        #expect(try isKind(link.path, S_IFLNK))
        #expect(try Data(contentsOf: directory.appendingPathComponent("made.json")) == Data("made".utf8))
    }

    @Test("a loop of symbolic links is an error that changes nothing")
    func linkLoop() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a")
        let b = directory.appendingPathComponent("b")
        #expect(symlink(b.path, a.path) == 0)
        #expect(symlink(a.path, b.path) == 0)
        let error = try expectError(kind: .io) { try AtomicFileWriter.write(Data("x".utf8), to: a) }
        #expect(error.problem == "cannot write the file: more than 40 symbolic links, a loop")
        #expect(try contents(of: directory) == ["a", "b"])
        #expect(try isKind(a.path, S_IFLNK))
    }

    @Test("a file with two hard links is written in place, so both names see the new content")
    func hardLinks() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("one")
        let other = directory.appendingPathComponent("two")
        try Data("a longer old content".utf8).write(to: file)
        #expect(link(file.path, other.path) == 0)
        let inode = try status(file.path).st_ino
        try AtomicFileWriter.write(Data("new".utf8), to: file)
        #expect(try Data(contentsOf: other) == Data("new".utf8))
        #expect(try status(file.path).st_ino == inode)
        #expect(try status(file.path).st_nlink == 2)
    }

    @Test("a file with one link is replaced by a new one: readers never see half of it")
    func singleLinkIsReplaced() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("one")
        try Data("old".utf8).write(to: file)
        let inode = try status(file.path).st_ino
        try AtomicFileWriter.write(Data("new".utf8), to: file)
        #expect(try status(file.path).st_ino != inode)
    }

    @Test("a FIFO is written into, and stays a FIFO")
    func fifo() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        let reader = Task.detached { try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readToEnd() }
        try AtomicFileWriter.write(Data("through the pipe".utf8), to: URL(fileURLWithPath: path))
        #expect(try await reader.value == Data("through the pipe".utf8))
        #expect(try isKind(path, S_IFIFO))
    }

    @Test("/dev/null is written into and stays a character device")
    func characterDevice() throws {
        let before = try status("/dev/null")
        try AtomicFileWriter.write(Data("discarded".utf8), to: URL(fileURLWithPath: "/dev/null"))
        let after = try status("/dev/null")
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_rdev == before.st_rdev)
    }

    @Test("a replaced file keeps its owner and group", .enabled(if: geteuid() == 0, "only root may give a file away"))
    func keepsOwnerAndGroup() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("owned")
        try Data("old".utf8).write(to: file)
        #expect(chown(file.path, 1234, 5678) == 0)
        #expect(chmod(file.path, 0o604) == 0)
        try AtomicFileWriter.write(Data("new".utf8), to: file)
        let after = try status(file.path)
        #expect(after.st_uid == 1234)
        #expect(after.st_gid == 5678)
        #expect(after.st_mode & 0o7777 == 0o604)
    }
}

/// Output written a piece at a time through `AtomicFileWriter.open`.
@Suite struct AtomicFileOutputTests {
    let files = AtomicFileWriterTests()

    @Test("pieces written then committed replace the file; nothing shows before the commit")
    func commit() throws {
        let directory = try files.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: file)
        let output = try AtomicFileWriter.open(file)
        try output.write(Data("new ".utf8))
        try output.write(Data("content".utf8))
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        try output.commit()
        #expect(try Data(contentsOf: file) == Data("new content".utf8))
        #expect(try files.contents(of: directory) == ["out.json"])
    }

    @Test("a discarded output leaves the old file, or no file, and no temporary file")
    func discard() throws {
        let directory = try files.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: file)
        let output = try AtomicFileWriter.open(file)
        try output.write(Data("new".utf8))
        output.discard()
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        let fresh = try AtomicFileWriter.open(directory.appendingPathComponent("new.json"))
        try fresh.write(Data("x".utf8))
        fresh.discard()
        #expect(try files.contents(of: directory) == ["out.json"])
    }

    @Test("a hard-linked file is written in place only at the commit; a discard leaves both names alone")
    func hardLinks() throws {
        let directory = try files.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("one")
        let other = directory.appendingPathComponent("two")
        try Data("a longer old content".utf8).write(to: file)
        #expect(link(file.path, other.path) == 0)
        let dropped = try AtomicFileWriter.open(file)
        try dropped.write(Data("half".utf8))
        dropped.discard()
        #expect(try Data(contentsOf: other) == Data("a longer old content".utf8))
        let kept = try AtomicFileWriter.open(file)
        try kept.write(Data("new".utf8))
        #expect(try Data(contentsOf: other) == Data("a longer old content".utf8))
        try kept.commit()
        #expect(try Data(contentsOf: other) == Data("new".utf8))
        #expect(try files.status(file.path).st_nlink == 2)
        #expect(try files.contents(of: directory) == ["one", "two"])
    }
}
