import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Testing

/// A model whose required fields XML may write as an empty element or leave out.
private struct Profile: Deserializable, Equatable {
    struct Links: Deserializable, Equatable {
        let urls: [String]
        init(_ data: DeserializableData) throws { urls = try data["url"].get() }
    }

    let name: String
    let note: String
    let tags: [String]
    let labels: [String: String]
    let links: Links

    init(_ data: DeserializableData) throws {
        name = try data["name"].get()
        note = try data["note"].get()
        tags = try data["tag"].get()
        labels = try data["labels"].get()
        links = try data["links"].get()
    }
}

/// A model with a required number.
private struct Listener: Deserializable {
    let port: Int
    init(_ data: DeserializableData) throws { port = try data["port"].get() }
}

@Suite struct XMLEmptyElementMappingTests {
    /// An empty string, an empty dictionary, an object whose only list is empty, and
    /// an empty list, as an XML writer leaves them.
    let document = """
        <profile>
          <name>ada</name>
          <note/>
          <labels/>
          <links></links>
        </profile>
        """

    @Test("under TextScalars, empty elements and absent lists read as empty values")
    func emptyValues() throws {
        let value = try XMLSerializer().deserialize(fromString: document)
        let profile = try TextScalars.accepting {
            try ObjectMapper().deserialize(value["profile"] ?? .null, as: Profile.self)
        }
        #expect(profile.name == "ada")
        #expect(profile.note == "")
        #expect(profile.tags == [])
        #expect(profile.labels == [:])
        #expect(profile.links.urls == [])
    }

    @Test("without the policy, an empty element is a null value, reported where it is")
    func strictByDefault() throws {
        let value = try XMLSerializer().deserialize(fromString: document)
        try expectError(kind: .missingKey, path: DataPath([.key("note")]), line: 3, column: 3) {
            try ObjectMapper().deserialize(value["profile"] ?? .null, as: Profile.self)
        }
    }

    @Test("under the policy, an empty element still is no number, and a missing text field stays missing")
    func stillErrors() throws {
        let number = try XMLSerializer().deserialize(fromString: "<r>\n  <port/>\n</r>")
        try expectError(kind: .missingKey, path: DataPath([.key("port")]), line: 2, column: 3) {
            try TextScalars.accepting { try ObjectMapper().deserialize(number["r"] ?? .null, as: Listener.self) }
        }
        let missing = try XMLSerializer().deserialize(fromString: "<profile>\n  <note/>\n</profile>")
        let error = try expectError {
            try TextScalars.accepting { try ObjectMapper().deserialize(missing["profile"] ?? .null, as: Profile.self) }
        }
        #expect(error.kind == .missingKey)
        #expect(error.path.description == "name")
        #expect(error.message.contains("missing"))
    }
}
