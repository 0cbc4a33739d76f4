import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperYAML
import Foundation
import Testing

/// The README's quick starts for models, compiled and run as written there.
@Suite("README quick starts")
struct ReadmeQuickStartTests {
    struct Book: Mappable {
        var title = ""
        var pages: Int?
        var published: Date?

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["title"].map(&title)
            data["pages"].map(&pages)
            data["published"].map(&published, using: ISO8601DateTransformation())
        }
    }

    struct Server: Codable, Equatable {
        var host: String
        var port: Int
        var tags: [String]
    }

    @Test("the mapping quick start reads and writes books")
    func mappingQuickStart() throws {
        let value = try JSONSerializer().deserialize(fromString: #"[{"title": "Dune", "pages": 412}]"#)
        let mapper = ObjectMapper()
        let books: [Book]? = mapper.deserialize(value)
        let checked = try mapper.deserialize(value, as: [Book].self)
        let json = try JSONSerializer().serialize(toString: mapper.serialize(books))

        #expect(books?.map(\.title) == ["Dune"])
        #expect(checked.first?.pages == 412)
        let reread = try JSONSerializer().deserialize(fromString: json)
        #expect(reread[0]?["title"] == "Dune")
        #expect(reread[0]?["pages"] == 412)
    }

    @Test("a required field that is missing names its path and position")
    func mappingError() throws {
        let value = try JSONSerializer().deserialize(fromString: "[\n  {\"pages\": 1}\n]")
        #expect {
            try ObjectMapper().deserialize(value, as: [Book].self)
        } throws: { error in
            guard let error = error as? DataMapperError else { return false }
            return error.kind == .missingKey && error.path.description == "[0].title" && error.location?.line == 2
        }
    }

    @Test("the Codable quick start moves a server between formats")
    func codableQuickStart() throws {
        let server = try YAMLSerializer().decode(Server.self, from: Data("host: api\nport: 8080\ntags: [edge]\n".utf8))
        let json = try JSONSerializer().encode(server)
        let packed = try MessagePackSerializer().encode(server)

        #expect(server == Server(host: "api", port: 8080, tags: ["edge"]))
        #expect(String(decoding: json, as: UTF8.self) == #"{"host":"api","port":8080,"tags":["edge"]}"#)
        #expect(try MessagePackSerializer().decode(Server.self, from: packed) == server)
    }
}
