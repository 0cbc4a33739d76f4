import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// Maps whose keys share their length and their first and last eight bytes, the
/// parts a parser's cheap key fingerprint is made of. Such keys are easy to make in
/// bulk; the readers must still tell them apart in constant time per key, or a few
/// megabytes of them would take minutes to read.
@Suite("Keys built to collide")
struct CollidingKeyTests {
    static let count = 20_000

    /// `count` distinct keys differing only in their middle.
    static let keys = (0..<count).map { "collide-" + String(format: "%06d", $0) + "-collide" }

    /// A map of every key to its number, then the middle key again with -1.
    static func json() -> Data {
        let entries = keys.enumerated().map { "\"\($1)\":\($0)" } + ["\"\(keys[count / 2])\":-1"]
        return Data(("{" + entries.joined(separator: ",") + "}").utf8)
    }

    static func yaml() -> Data {
        let lines = keys.enumerated().map { "\($1): \($0)" } + ["\(keys[count / 2]): -1"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    static func messagePack() -> Data {
        var bytes: [UInt8] = [0xDE, UInt8((count + 1) >> 8), UInt8((count + 1) & 0xFF)]
        func append(_ key: String, _ value: Int) {
            bytes.append(0xA0 | UInt8(key.utf8.count))
            bytes.append(contentsOf: key.utf8)
            bytes.append(0xD2)
            withUnsafeBytes(of: Int32(value).bigEndian) { bytes.append(contentsOf: $0) }
        }
        for (number, key) in keys.enumerated() { append(key, number) }
        append(keys[count / 2], -1)
        return Data(bytes)
    }

    static func expectLastWins(_ value: SupportedType) throws {
        let map = try #require(value.orderedMap)
        #expect(map.count == count)
        #expect(map.keys == keys)
        #expect(map[keys[count / 2]]?.int == -1)
        #expect(map[keys[count - 1]]?.int == count - 1)
    }

    static func expectRefused(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ read: () throws -> SupportedType) throws {
        let error = try expectError(kind: .syntax, "a repeated key was not found", sourceLocation: sourceLocation, read)
        #expect(error.message.contains(keys[count / 2]), sourceLocation: sourceLocation)
    }

    @Test("JSON")
    func json() throws {
        try Self.expectLastWins(JSONSerializer(options: .init(duplicateKeys: .lastWins)).deserialize(Self.json()))
        try Self.expectRefused { try JSONSerializer(options: .init(duplicateKeys: .error)).deserialize(Self.json()) }
    }

    @Test("YAML")
    func yaml() throws {
        try Self.expectLastWins(YAMLSerializer(options: .init(duplicateKeys: .lastWins)).deserialize(Self.yaml()))
        try Self.expectRefused { try YAMLSerializer().deserialize(Self.yaml()) }
    }

    @Test("MessagePack")
    func messagePack() throws {
        try Self.expectLastWins(MessagePackSerializer(options: .init(duplicateKeys: .lastWins)).deserialize(Self.messagePack()))
        try Self.expectRefused { try MessagePackSerializer(options: .init(duplicateKeys: .error)).deserialize(Self.messagePack()) }
    }
}
