import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

// Issue 28: `ObjectMapper.deserialize(_:at:as:)` reads one object from deep inside a
// document; errors name the path from the document's root.

extension MappingContextKey where Value == Int {
    fileprivate static let defaultPort = MappingContextKey("test.path.defaultPort")
}

private struct Server: Deserializable {
    let host: String
    let port: Int

    init(_ data: DeserializableData) throws {
        host = try data["host"].get()
        port = data["port"].get() ?? data.context[.defaultPort] ?? 0
    }
}

@Suite struct ObjectMapperPathTests {
    /// Two servers, one per line, the second on line 4.
    let text = """
        {"cluster": {
          "servers": [
            {"host": "a.example", "port": 80},
            {"host": 7, "port": "8080"}
          ]
        }}
        """

    func value() throws -> SupportedType { try JSONSerializer().deserialize(Data(text.utf8)) }

    @Test("the object at a path of keys and an index")
    func readsAtPath() throws {
        let server = try ObjectMapper().deserialize(value(), at: "cluster.servers[0]", as: Server.self)
        #expect(server.host == "a.example")
        #expect(server.port == 80)
        let same = try ObjectMapper().deserialize(value(), at: "cluster.servers.`0`", as: Server.self)
        #expect(same.host == "a.example")
    }

    @Test("an error inside the object names the path from the root and the position")
    func errorInsideObject() throws {
        try expectError(kind: .typeMismatch, path: "cluster.servers[1].host", line: 4, column: 14) {
            try ObjectMapper().deserialize(value(), at: "cluster.servers[1]", as: Server.self)
        }
    }

    @Test("a missing step names the path up to it and the position of its container")
    func missingStep() throws {
        try expectError(kind: .missingKey, path: "cluster.servers[2]", line: 2, column: 14) {
            try ObjectMapper().deserialize(value(), at: "cluster.servers[2]", as: Server.self)
        }
        try expectError(kind: .missingKey, path: "cluster.hosts", line: 1, column: 13) {
            try ObjectMapper().deserialize(value(), at: "cluster.hosts[0]", as: Server.self)
        }
    }

    @Test("the mapper's conversion policy and context apply at the path")
    func policyAndContext() throws {
        let compatible = ObjectMapper(conversionPolicy: .compatible)
        let value: SupportedType = ["servers": [["host": "b", "port": "8080"], ["host": "c"]]]
        #expect(try compatible.deserialize(value, at: "servers[0]", as: Server.self).port == 8080)
        let withDefault = ObjectMapper(context: MappingContext().with(.defaultPort, 443))
        #expect(try withDefault.deserialize(value, at: "servers[1]", as: Server.self).port == 443)
    }

    @Test("the optional form gives nil for a missing step, null or a failing object")
    func optionalForm() throws {
        let mapper = ObjectMapper()
        let first: Server? = mapper.deserialize(try value(), at: "cluster.servers[0]")
        #expect(first?.host == "a.example")
        let missing: Server? = mapper.deserialize(try value(), at: "cluster.servers[9]")
        #expect(missing == nil)
        let failing: Server? = mapper.deserialize(try value(), at: "cluster.servers[1]")
        #expect(failing == nil)
        let null: Server? = mapper.deserialize(["a": nil], at: "a")
        #expect(null == nil)
    }
}
