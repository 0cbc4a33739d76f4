import DataMapper
import DataMapperFormats
import DataMapperJSON
import Foundation
import Testing

// The README's Serializer section: the protocol a format implements, its String
// helpers (UTF-8), and TypedSerializer with JsonSerializer's `Any` representation.

/// A format of our own: a document is one line of text, read as a string.
private struct LineSerializer: Serializer {
    // deviation: `serialize` and `deserialize` throw; the seed's returned a value
    // whatever the input.
    func serialize(_ supportedType: SupportedType) throws -> Data {
        guard let text = supportedType.string, !text.contains("\n") else {
            throw DataMapperError(.unsupported, message: "a line holds one string without line breaks")
        }
        return Data(text.utf8)
    }

    func deserialize(_ data: Data) throws -> SupportedType {
        guard let text = String(data: data, encoding: .utf8), !text.contains("\n") else {
            throw DataMapperError(.syntax, message: "expected one line of UTF-8 text")
        }
        return .string(text)
    }
}

@Suite struct SerializerSampleTests {
    @Test("a custom serializer maps SupportedType to Data and back, and refuses what it cannot hold")
    func customSerializer() throws {
        let serializer = LineSerializer()
        let data = try serializer.serialize(.string("héllo"))
        #expect(data == Data("héllo".utf8))
        #expect(try serializer.deserialize(data) == .string("héllo"))
        #expect(throws: DataMapperError.self) { try serializer.serialize(.int(1)) }
        #expect(throws: DataMapperError.self) { try serializer.deserialize(Data([0xFF, 0xFE])) }
    }

    @Test("the String helpers go through UTF-8")
    func stringHelpers() throws {
        let serializer = LineSerializer()
        #expect(try serializer.serialize(toString: .string("naïve")) == "naïve")
        #expect(try serializer.deserialize(fromString: "čaj") == .string("čaj"))

        let json = JsonSerializer()
        #expect(try json.deserialize(fromString: #"{"cup":"čaj"}"#) == ["cup": "čaj"])
        #expect(try json.serialize(toString: ["cup": "čaj"]) == #"{"cup":"čaj"}"#)
    }

    @Test("JsonSerializer is a TypedSerializer whose DataType is the Any of JSONSerialization")
    func typedJSON() throws {
        let serializer = JsonSerializer()
        let foundationObject: Any = ["cups": [1, 2], "hot": true] as [String: Any]
        let type = try serializer.typedDeserialize(foundationObject)
        #expect(type["cups"] == [1, 2])
        #expect(type["hot"] == true)

        let back = try serializer.typedSerialize(["cups": [3]])
        let dictionary = try #require(back as? [String: Any])
        #expect(dictionary["cups"] as? [Int] == [3])
    }

    @Test("an Any that JSON cannot hold is an error naming its path")
    func typedFailure() throws {
        let serializer = JsonSerializer()
        let error = try #require(throws: DataMapperError.self) {
            try serializer.typedDeserialize(["when": Date()] as [String: Any])
        }
        #expect(error.kind == .unsupported)
        #expect(error.path == ["when"])
    }
}
