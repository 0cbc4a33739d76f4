import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct MessagePackFormatTests {
    let registry = FormatRegistry.standard

    @Test("msgpack is found by name, by both extensions and by its media types")
    func lookups() throws {
        #expect(try registry.format(named: "msgpack").name == "msgpack")
        #expect(try registry.format(named: "MsgPack").name == "msgpack")
        #expect(try registry.format(forExtension: ".msgpack").name == "msgpack")
        #expect(try registry.format(forExtension: "mpk").name == "msgpack")
        #expect(try registry.format(forPath: "dumps/events.MPK").name == "msgpack")
        #expect(try registry.format(forMediaType: "application/vnd.msgpack").name == "msgpack")
        #expect(try registry.format(forMediaType: "application/x-msgpack; charset=binary").name == "msgpack")
        #expect(try registry.format(forMediaType: "application/msgpack").name == "msgpack")
        #expect(try registry.format(forMediaType: "application/vnd.example+msgpack").name == "msgpack")
        #expect(DataFormat.msgpack.representation == .binary)
    }

    @Test("a map or array header is sniffed as MessagePack; text and scalars are not")
    func sniffing() throws {
        // {"a": 1}
        #expect(DataFormat.msgpack.sniff(Data([0x81, 0xA1, 0x61, 0x01])) == .likely)
        #expect(try registry.format(sniffing: Data([0x81, 0xA1, 0x61, 0x01])).name == "msgpack")
        // A map 16 header cut short is still likely.
        #expect(DataFormat.msgpack.sniff(Data([0xDE, 0x00, 0x20, 0xA1])) == .likely)
        #expect(DataFormat.msgpack.sniff(Data("{\"a\": 1}".utf8)) == .none)
        #expect(DataFormat.msgpack.sniff(Data([0x91, 0xC1])) == .none)
        #expect(DataFormat.msgpack.sniff(Data()) == .none)
    }

    @Test("msgpack converts to JSON and back through the registry")
    func converts() throws {
        // {"name": "api", "ports": [80, 443], "ratio": 0.5}
        let packed = Data([0x83, 0xA4, 0x6E, 0x61, 0x6D, 0x65, 0xA3, 0x61, 0x70, 0x69, 0xA5, 0x70, 0x6F, 0x72, 0x74, 0x73,
                           0x92, 0x50, 0xCD, 0x01, 0xBB, 0xA5, 0x72, 0x61, 0x74, 0x69, 0x6F, 0xCA, 0x3F, 0x00, 0x00, 0x00])
        let json = try registry.convert(packed, from: .msgpack, to: .json)
        #expect(String(decoding: json, as: UTF8.self) == "{\"name\":\"api\",\"ports\":[80,443],\"ratio\":0.5}\n")
        let back = try registry.convert(json, from: .json, to: .msgpack)
        #expect(back == packed)
    }

    @Test("sorted keys apply to MessagePack output at every level; binary output gets no newline")
    func sortedKeys() throws {
        let value: SupportedType = ["b": ["d": 1, "c": 2], "a": 3]
        let data = try DataFormat.msgpack.write(value, options: FormatWriteOptions(sortKeys: true))
        #expect(data == Data([0x82, 0xA1, 0x61, 0x03, 0xA1, 0x62, 0x82, 0xA1, 0x63, 0x02, 0xA1, 0x64, 0x01]))
    }

    @Test("a truncated MessagePack document fails with its byte offset")
    func truncatedInput() throws {
        let error = try expectError {
            try registry.convert(Data([0x92, 0x01]), from: .msgpack, to: .json)
        }
        #expect(error.kind == .syntax)
        #expect(error.location?.byteOffset == 0)
    }
}
