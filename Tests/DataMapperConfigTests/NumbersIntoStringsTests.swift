import DataMapper
import DataMapperConfig
import DataMapperTestSupport
import Testing

/// A number in a config file read into a `String` field is an error naming the file,
/// line and column and saying to quote the value; it never becomes reformatted text.
@Suite struct ConfigNumbersIntoStringsTests {
    struct Release: Codable, Equatable { var version = "0" }

    struct MappedRelease: Deserializable {
        var version: String
        init(_ data: DeserializableData) throws { version = try data["version"].get() }
    }

    @Test("version: 1.10 into a Codable String field names the file and says to quote it")
    func codable() throws {
        let files = try TemporaryFiles()
        let file = try files.write("release.yaml", "name: app\nversion: 1.10\n")
        let error = try expectError(kind: .typeMismatch) { try ConfigLoader([.file(file)]).load(Release.self) }
        #expect(error.description
            == "\(file):2:10: version: expected String, found the number 1.1; quote the value to keep it as text exactly as written")
    }

    @Test("version: 1.10 into a mapped String field says the same")
    func objectMapper() throws {
        let files = try TemporaryFiles()
        let file = try files.write("release.yaml", "name: app\nversion: 1.10\n")
        let error = try expectError(kind: .typeMismatch) { try ConfigLoader([.file(file)]).load(MappedRelease.self) }
        #expect(error.location?.file == file)
        #expect(error.location?.line == 2)
        #expect(error.message == "expected a string, found the number 1.1; quote the value to keep it as text exactly as written")
    }

    @Test("quoted, the version is kept as written")
    func quoted() throws {
        let files = try TemporaryFiles()
        let file = try files.write("release.yaml", "version: \"1.10\"\n")
        #expect(try ConfigLoader([.file(file)]).load(Release.self) == Release(version: "1.10"))
    }
}
