import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Testing

/// A configuration layer is one document: a stream of several in a file is an error.
@Suite struct StreamFileTests {
    @Test("a file holding several documents is an error naming the file and the stream")
    func severalDocuments() throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.yaml", "server:\n  port: 80\n---\nserver:\n  port: 81\n")
        let loader = ConfigLoader([.file(path)])
        let error = try expectError(kind: .syntax) { try loader.document() }
        #expect(error.location?.file == path)
        #expect(error.location?.line == 4)
        #expect(error.message == "the configuration file is a stream of 2 documents, and a configuration layer is one document; "
            + "keep one, or merge them, or give each its own file")
    }

    @Test("several JSON texts in a file are refused the same way")
    func severalJSONTexts() throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.json", "{\"debug\": true}\n{\"debug\": false}\n")
        let error = try expectError { try ConfigLoader([.file(path)]).document() }
        #expect(error.description.hasPrefix("\(path):2:1: the configuration file is a stream of 2 documents"))
    }

    @Test("an empty YAML file is an empty layer, without an error")
    func emptyFile() throws {
        let files = try TemporaryFiles()
        let empty = try files.write("empty.yaml", "# nothing here yet\n")
        #expect(try ConfigLoader([.file(empty)]).document().value == [:])
    }
}
