import DataMapper
import Foundation
import Testing

private struct Server: Codable, Equatable {
    var host: String
    var port: Int
    var tags: [String]
    var weight: Double?
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case empty
}

private struct Twice: Encodable {
    private enum CodingKeys: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .b)
        try container.encode(3, forKey: .a)
    }
}

private struct Nested: Encodable {
    private enum CodingKeys: String, CodingKey { case outer, list }
    private enum InnerKeys: String, CodingKey { case inner }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var outer = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .outer)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try outer.encode("late", forKey: .inner)
        try list.encode(1)
        var pair = list.nestedUnkeyedContainer()
        try pair.encode(true)
        try pair.encodeNil()
    }
}

private struct PathWriter: Encodable {
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
    }
}

@Suite struct CodableEncoderTests {
    let encoder = SupportedTypeEncoder()

    @Test("a model encodes to a dictionary in coding-key order, leaving out nil optionals")
    func model() throws {
        let value = try encoder.encode(Server(host: "db", port: 5432, tags: ["a"], weight: nil))
        #expect(value == ["host": "db", "port": 5432, "tags": ["a"]])
        #expect(value.orderedMap?.keys == ["host", "port", "tags"])
        let withWeight = try encoder.encode(Server(host: "db", port: 1, tags: [], weight: 0.25))
        #expect(withWeight["weight"] == .double(0.25))
    }

    @Test("enums with associated values encode in the compiler's synthesized shape")
    func enums() throws {
        #expect(try encoder.encode(Shape.circle(radius: 1.5)) == ["circle": ["radius": .double(1.5)]])
        #expect(try encoder.encode(Shape.empty) == ["empty": [:]])
    }

    @Test("a key encoded twice keeps its first place and its last value")
    func duplicateKeys() throws {
        let value = try encoder.encode(Twice())
        #expect(value == ["a": 3, "b": 2])
        #expect(value.orderedMap?.keys == ["a", "b"])
    }

    @Test("nested containers filled after their creation land in their places")
    func nestedContainers() throws {
        let value = try encoder.encode(Nested())
        #expect(value == ["outer": ["inner": "late"], "list": [1, [true, .null]]])
    }

    @Test("integers of every width encode exactly, UInt64 above Int.max included")
    func integers() throws {
        #expect(try encoder.encode(UInt64.max) == .uint64(UInt64.max))
        #expect(try encoder.encode(Int8.min) == .int(-128))
        #expect(try encoder.encode([UInt32.max]) == [.int(Int(UInt32.max))])
        #expect(try encoder.encode(Float(0.1)) == .double(0.1))
    }

    @Test("codingPath names keys and indexes while encoding")
    func codingPath() throws {
        let value = try encoder.encode(["a": [PathWriter(), PathWriter()]])
        #expect(value == ["a": ["a/Index 0", "a/Index 1"]])
    }

    @Test("an optional at top level encodes null; a SupportedType passes through unchanged")
    func passThrough() throws {
        #expect(try encoder.encode(Int?.none) == .null)
        let raw: SupportedType = .ext(type: 5, data: Data([1, 2]))
        #expect(try encoder.encode(["raw": raw]) == ["raw": raw])
    }

    @Test("encoding then decoding gives the model back")
    func roundTrip() throws {
        let server = Server(host: "h", port: 8080, tags: ["x", "y"], weight: 2)
        #expect(try SupportedTypeDecoder().decode(Server.self, from: encoder.encode(server)) == server)
    }
}
