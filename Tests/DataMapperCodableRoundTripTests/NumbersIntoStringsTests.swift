import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import DataMapperXML
import DataMapperYAML
import Foundation
import Testing

/// A number read into a `String` field is an error that says to quote it, never the
/// number reformatted as text (`version: 1.10` is not `"1.1"`).
@Suite struct NumbersIntoStringsTests {
    struct Release: Codable, Equatable { var version: String }

    struct MappedRelease: Deserializable {
        var version: String
        init(_ data: DeserializableData) throws { version = try data["version"].get() }
    }

    static let advice = "quote the value to keep it as text exactly as written"

    @Test("YAML version: 1.10 into a String field is a type mismatch saying to quote it")
    func yamlCodable() throws {
        do {
            _ = try YAMLSerializer().decode(Release.self, fromString: "name: app\nversion: 1.10\n")
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is String.Type)
            #expect(context.codingPath.map(\.stringValue) == ["version"])
            #expect(context.debugDescription == "2:10: expected String, found the number 1.1; \(Self.advice)")
            let cause = try #require(context.underlyingError as? DataMapperError)
            #expect(cause.kind == .typeMismatch)
            #expect(cause.location?.line == 2)
            #expect(cause.path == DataPath([.key("version")]))
        }
        #expect(try YAMLSerializer().decode(Release.self, fromString: "version: \"1.10\"\n") == Release(version: "1.10"))
    }

    @Test("integers, big numbers and booleans into a String field say the same", arguments: ["8080", "123456789012345678901234567890", "true", "1e400"])
    func everyNumberKind(text: String) throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONSerializer().decode(Release.self, fromString: #"{"version": \#(text)}"#)
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.debugDescription.hasPrefix("1:13: expected String, found the "))
        #expect(context.debugDescription.hasSuffix("; \(Self.advice)"))
    }

    @Test("null into a String field is an error, without the advice")
    func null() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONSerializer().decode(Release.self, fromString: #"{"version": null}"#)
        }
        guard case .valueNotFound(_, let context) = error else {
            Issue.record("expected valueNotFound, got \(error)")
            return
        }
        #expect(context.debugDescription == "1:13: expected String, found null")
    }

    @Test("ObjectMapper's String mapping gives the same advice, with path and position")
    func objectMapper() throws {
        let document = try YAMLSerializer().deserialize(fromString: "name: app\nversion: 1.10\n")
        let error = try expectError {
            try ObjectMapper().deserialize(document, as: MappedRelease.self)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.path == DataPath([.key("version")]))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 10)
        #expect(error.message == "expected a string, found the number 1.1; \(Self.advice)")
    }

    @Test("XML holds every scalar as text, so <version>1.10</version> reads as \"1.10\"")
    func xmlKeepsText() throws {
        let xml = XMLSerializer(options: XMLSerializer.Options(unwrapsRoot: true, rootName: "release"))
        #expect(try xml.decode(Release.self, fromString: "<release><version>1.10</version></release>") == Release(version: "1.10"))
    }
}
