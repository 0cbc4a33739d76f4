import DataMapper
import DataMapperFormats
import Foundation
import Testing

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
        let error = try #require(throws: DataMapperError.self) { try AtomicFileWriter.write(Data("x".utf8), to: file) }
        #expect(error.kind == .io)
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
        let error = try #require(throws: DataMapperError.self) { try AtomicFileWriter.write(Data("x".utf8), to: target) }
        #expect(error.kind == .io)
        #expect(try contents(of: directory) == ["taken"])
        #expect(try contents(of: target) == ["inside"])
    }
}
