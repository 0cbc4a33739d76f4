import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// YAML streams through the `Serializer` stream API.
@Suite struct YAMLStreamTests {
    let yaml = YAMLSerializer()

    @Test("decode of a stream of several documents fails, its cause naming the stream API")
    func decodeRefusesSeveral() throws {
        struct Item: Decodable { var name: String }
        let text = "name: a\n---\nname: b\n"
        let error = try #require(throws: DecodingError.self) { try yaml.decode(Item.self, fromString: text) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        let cause = try #require(context.underlyingError as? DataMapperError)
        #expect(cause.location?.position == .text(line: 2, column: 1))
        #expect(cause.message.contains("deserializeAll(_:)"))
        #expect(try yaml.decode(Item.self, fromString: "name: a\n").name == "a")
    }

    @Test("an empty stream is still null for one document")
    func emptyStream() throws {
        #expect(try yaml.deserialize(fromString: "# nothing\n") == .null)
        #expect(try yaml.deserializeAll(fromString: "# nothing\n").isEmpty)
    }

    @Test("serializeAll writes one document as serialize does, and none as nothing")
    func serializeAllCounts() throws {
        let one: SupportedType = ["a": [1, 2]]
        #expect(try yaml.serializeAll([one]) == yaml.serialize(one))
        #expect(try yaml.serializeAll([]).isEmpty)
        #expect(yaml.writesStreams)
    }

    @Test("a value YAML cannot write is refused with its document's index first in the path")
    func writeErrorPath() throws {
        let error = try expectError {
            try yaml.serializeAll(["ok", ["inner": [.ext(type: 3, data: Data([1]))]]])
        }
        #expect(error.kind == .unsupported)
        #expect(error.path.description == "[1].inner[0]")
    }
}
