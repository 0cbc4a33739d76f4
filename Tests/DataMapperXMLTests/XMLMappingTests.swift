import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// A model with typed fields, loaded from XML, where every value is text.
private struct Server: Deserializable, Equatable {
    enum Tier: String { case gold, silver }
    enum Level: Int { case low = 1, high = 2 }

    let name: String
    let port: Int
    let weight: Double
    let enabled: Bool
    let started: Date
    let checked: Date
    let home: URL
    let tier: Tier
    let level: Level
    let tags: [String]
    let backups: [Int]

    init(_ data: DeserializableData) throws {
        name = try data["@name"].get()
        port = try data["port"].get()
        weight = try data["weight"].get()
        enabled = try data["enabled"].get()
        started = try data["started"].get(using: ISO8601DateTransformation())
        checked = try data["checked"].get(using: DateTransformation())
        home = try data["home"].get()
        tier = try data["tier"].get(using: EnumTransformation<Tier>())
        level = try data["level"].get(using: EnumTransformation<Level>())
        tags = try data["tag"].get()
        backups = data["backup"].get(or: [])
    }
}

@Suite struct XMLMappingTests {
    let document = """
        <servers>
          <server name="api">
            <port>8080</port>
            <weight> 0.75 </weight>
            <enabled>true</enabled>
            <started>2024-06-01T09:30:00Z</started>
            <checked>1717234200</checked>
            <home>https://example.org/api</home>
            <tier>gold</tier>
            <level>2</level>
            <tag>edge</tag>
            <tag>eu</tag>
            <backup>9090</backup>
          </server>
          <server name="db">
            <port>5432</port>
            <weight>1</weight>
            <enabled>0</enabled>
            <started>2024-06-02T00:00:00Z</started>
            <checked>1717286400</checked>
            <home>https://example.org/db</home>
            <tier>silver</tier>
            <level>1</level>
            <tag>core</tag>
          </server>
        </servers>
        """

    @Test("a model with Int, Double, Bool, Date, URL and enum fields loads from XML text")
    func typedFields() throws {
        let value = try XMLSerializer().deserialize(fromString: document)
        let servers = try TextScalars.accepting {
            try ObjectMapper().deserialize(value["servers"]?["server"] ?? .null, as: [Server].self)
        }
        #expect(servers.count == 2)
        let api = servers[0]
        #expect(api.name == "api" && api.port == 8080 && api.weight == 0.75 && api.enabled)
        #expect(api.started == Date(timeIntervalSince1970: 1_717_234_200))
        #expect(api.checked == Date(timeIntervalSince1970: 1_717_234_200))
        #expect(api.home == URL(string: "https://example.org/api"))
        #expect(api.tier == .gold && api.level == .high)
        #expect(api.tags == ["edge", "eu"])
        #expect(api.backups == [9090])
        let db = servers[1]
        #expect(db.weight == 1 && !db.enabled && db.level == .low)
        #expect(db.tags == ["core"])
        #expect(db.backups == [])
    }

    @Test("a field of type [T] loads from one element as well as from many")
    func singleOrMany() throws {
        let one = try XMLSerializer().deserialize(fromString: "<r><n>1</n></r>")
        let many = try XMLSerializer().deserialize(fromString: "<r><n>1</n><n>2</n></r>")
        let mapper = ObjectMapper()
        try TextScalars.accepting { () throws -> Void in
            #expect(try mapper.deserialize(one["r"]?["n"] ?? .null, as: [Int].self) == [1])
            #expect(try mapper.deserialize(many["r"]?["n"] ?? .null, as: [Int].self) == [1, 2])
        }
    }

    @Test("without the policy, text is not a number, and the error points at the element")
    func strictByDefault() throws {
        let value = try XMLSerializer().deserialize(fromString: "<r>\n  <port>8080</port>\n</r>")
        let error = try expectError {
            try ObjectMapper().deserialize(value["r"]?["port"] ?? .null, as: Int.self)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 3)
    }

    @Test("under the policy, text that is not a number is still an error with its position")
    func badNumberText() throws {
        let value = try XMLSerializer().deserialize(fromString: "<r>\n  <port>80a</port>\n</r>")
        let error = try expectError {
            try TextScalars.accepting { try ObjectMapper().deserialize(value["r"]?["port"] ?? .null, as: Int.self) }
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.location?.line == 2)
        #expect(error.message.contains("80a"))
    }
}
