import DataMapper
import Foundation
import Testing

private struct RetryPolicy: Codable, Equatable {
    var attempts: Int
    var backoff: Double
}

private struct Service: Mappable {
    var name = ""
    var retry = RetryPolicy(attempts: 0, backoff: 0)

    init(name: String, retry: RetryPolicy) {
        self.name = name
        self.retry = retry
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["name"].map(&name)
        try data["retry"].map(&retry, using: CodableTransformation())
    }
}

private struct Endpoint: Mappable, MappedCodable, Equatable {
    var url = ""
    var port = 0

    init(url: String, port: Int) {
        self.url = url
        self.port = port
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["url"].map(&url)
        try data["port"].map(&port)
    }
}

private struct Cluster: Codable, Equatable {
    var name: String
    var endpoints: [Endpoint]
}

@Suite struct CodableBridgeTests {
    @Test("a Codable field inside a Mappable type maps through CodableTransformation both ways")
    func codableInsideMappable() throws {
        let value: SupportedType = ["name": "api", "retry": ["attempts": 3, "backoff": 0.5]]
        let service = try ObjectMapper().deserialize(value, as: Service.self)
        #expect(service.retry == RetryPolicy(attempts: 3, backoff: 0.5))
        let written = ObjectMapper().serialize(service)
        #expect(written == ["name": "api", "retry": ["attempts": 3, "backoff": .double(0.5)]])
    }

    @Test("an error inside the Codable field carries the mapping path and the position")
    func codableFieldError() {
        let attempts = SupportedType(.string("many"), position: .text(line: 3, column: 13))
        let value: SupportedType = ["name": "api", "retry": .dictionary(["attempts": attempts, "backoff": 1])]
        #expect {
            try ObjectMapper().deserialize(value, as: Service.self)
        } throws: { error in
            guard let error = error as? DataMapperError else { return false }
            return error.kind == .typeMismatch && error.path.description == "retry.attempts"
                && error.location?.line == 3 && error.location?.column == 13
        }
    }

    @Test("a Mappable type inside a Codable model decodes and encodes by its mapping")
    func mappableInsideCodable() throws {
        let value: SupportedType = ["name": "c", "endpoints": [["url": "a", "port": 1], ["url": "b", "port": 2]]]
        let cluster = try SupportedTypeDecoder().decode(Cluster.self, from: value)
        #expect(cluster == Cluster(name: "c", endpoints: [Endpoint(url: "a", port: 1), Endpoint(url: "b", port: 2)]))
        #expect(try SupportedTypeEncoder().encode(cluster) == value)
    }

    @Test("a mapping error inside a Codable model becomes a DecodingError with the whole coding path")
    func mappingErrorInsideCodable() {
        let port = SupportedType(.string("x"), position: .text(line: 5, column: 9))
        let value: SupportedType = ["name": "c", "endpoints": [["url": "a", "port": port]]]
        do {
            _ = try SupportedTypeDecoder().decode(Cluster.self, from: value)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["endpoints", "Index 0", "port"])
            #expect(context.debugDescription.hasPrefix("5:9: "))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("mapped types and SupportedType also work with Foundation's JSON coders")
    func foundationCoders() throws {
        let cluster = Cluster(name: "c", endpoints: [Endpoint(url: "a", port: 1)])
        let json = try JSONEncoder().encode(cluster)
        #expect(try JSONDecoder().decode(Cluster.self, from: json) == cluster)
        let tree = try JSONDecoder().decode(SupportedType.self, from: Data(#"{"a":[1,2.5,"x",true,null]}"#.utf8))
        #expect(tree == ["a": [1, .double(2.5), "x", true, .null]])
    }

    @Test("a DecodingError converts to a DataMapperError with kind, path and location")
    func errorConversion() {
        let port = SupportedType(.string("80a"), position: .text(line: 2, column: 14))
        let value: SupportedType = ["servers": [["port": 80], ["port": port]]]
        struct Server: Decodable { var port: Int }
        struct Config: Decodable { var servers: [Server] }
        do {
            _ = try SupportedTypeDecoder().decode(Config.self, from: value)
            Issue.record("expected an error")
        } catch let error as DecodingError {
            let converted = DataMapperError(error)
            #expect(converted.kind == .typeMismatch)
            #expect(converted.path.description == "servers[1].port")
            #expect(converted.description == "2:14: servers[1].port: expected Int, found the string \"80a\"")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
