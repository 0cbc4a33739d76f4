import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// A value a format cannot write is reported at the place of the source document it
/// was read from, so the message names the line to fix.
@Suite struct WriteErrorPositionTests {
    let registry = FormatRegistry.standard

    func convert(_ text: String, from source: DataFormat, to target: DataFormat) throws -> Data {
        try registry.convert(Data(text.utf8), from: source, to: target)
    }

    @Test("NaN read from YAML and written as JSON points at its YAML line")
    func nanToJSON() throws {
        try expectError(kind: .unsupported, path: DataPath([.key("list"), .index(1)]), line: 4, column: 5) {
            try convert("a: 1\nlist:\n  - 2\n  - .nan\n", from: .yaml, to: .json)
        }
    }

    @Test("a big number read from JSON and refused by MessagePack points at its JSON line")
    func bigNumberToMessagePack() throws {
        try expectError(path: DataPath([.key("big")]), line: 3, column: 10) { try convert("{\n  \"id\": 1,\n  \"big\": 123456789012345678901234567890\n}", from: .json, to: .msgpack) }
    }

    @Test("an attribute XML cannot hold points at its YAML line, inside the root element")
    func attributeToXML() throws {
        try expectError(kind: .unsupported, path: DataPath([.key("nested"), .key("@a")]), line: 4, column: 11) {
            try convert("doc:\n  fine: 1\n  nested:\n    \"@a\": [2]\n", from: .yaml, to: .xml)
        }
    }

    @Test("a MessagePack ext value refused by YAML points at its byte offset")
    func extToYAML() throws {
        // {"a": 1, "e": ext type 5 of one byte}
        let bytes: [UInt8] = [0x82, 0xA1, 0x61, 0x01, 0xA1, 0x65, 0xD4, 0x05, 0x00]
        let error = try expectError {
            try registry.convert(Data(bytes), from: .msgpack, to: .yaml)
        }
        #expect(error.path == DataPath([.key("e")]))
        #expect(error.location?.position == .byteOffset(6))
    }

    @Test("a value built in code has no position, and its error none either")
    func codeBuilt() throws {
        let error = try expectError {
            try DataFormat.json.serializer().serialize(["x": .double(.nan)])
        }
        #expect(error.location == nil)
        #expect(error.path == DataPath([.key("x")]))
    }
}
