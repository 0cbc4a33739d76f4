import DataMapper
import Testing

// Beyond the seed: errors of the try forms carry the key path from the document's
// root and the line and column of the value at fault.

private struct Server: Deserializable {
    let host: String
    let port: Int

    init(_ data: DeserializableData) throws {
        host = try data["host"].get()
        port = try data["port"].get()
    }
}

private struct Config: Deserializable {
    let servers: [Server]

    init(_ data: DeserializableData) throws {
        servers = try data["servers"].get()
    }
}

@Suite struct MappingErrorLocationTests {
    func at(_ line: Int, _ column: Int, _ kind: SupportedType.Kind) -> SupportedType {
        SupportedType(kind, position: .text(line: line, column: column))
    }

    /// servers: [ {host: "a", port: 80}, {host: "b", port: "80a"} ] with positions.
    var document: SupportedType {
        let first = at(2, 5, .dictionary(["host": at(2, 13, .string("a")), "port": at(2, 24, .int(80))]))
        let second = at(3, 5, .dictionary(["host": at(3, 13, .string("b")), "port": at(3, 24, .string("80a"))]))
        return at(1, 1, .dictionary(["servers": at(1, 12, .array([first, second]))]))
    }

    @Test("a type mismatch deep in the document names its path, line and column")
    func mismatchLocation() {
        #expect {
            try ObjectMapper().deserialize(document, as: Config.self)
        } throws: { error in
            guard let error = error as? DataMapperError else { return false }
            return error.kind == .typeMismatch
                && error.path.description == "servers[1].port"
                && error.location?.line == 3 && error.location?.column == 24
                && error.description == "3:24: servers[1].port: expected an integer, found the string \"80a\""
        }
    }

    @Test("a missing key points at the dictionary that should hold it")
    func missingKeyLocation() {
        let server = at(4, 3, .dictionary(["host": at(4, 9, .string("c"))]))
        let document = at(1, 1, .dictionary(["servers": at(1, 12, .array([server]))]))
        #expect {
            try ObjectMapper().deserialize(document, as: Config.self)
        } throws: { error in
            guard let error = error as? DataMapperError else { return false }
            return error.kind == .missingKey
                && error.description == "4:3: servers[0].port: the key \"port\" is missing"
        }
    }

    @Test("the file name can be added afterwards")
    func fileName() {
        #expect {
            try ObjectMapper().deserialize(document, as: Config.self)
        } throws: { error in
            (error as? DataMapperError)?.inFile("servers.yaml").description
                == "servers.yaml:3:24: servers[1].port: expected an integer, found the string \"80a\""
        }
    }

    @Test("values built in code give errors without a location")
    func noLocation() {
        #expect {
            try ObjectMapper().deserialize(["servers": [["host": 1, "port": 2]]], as: Config.self)
        } throws: { error in
            let error = error as? DataMapperError
            return error?.location == nil && error?.path.description == "servers[0].host"
        }
    }
}
