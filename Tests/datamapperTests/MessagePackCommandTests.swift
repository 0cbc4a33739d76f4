import Foundation
import Testing

/// The tool speaking MessagePack: binary in and out, on files and standard streams.
@Suite struct MessagePackCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    /// {"name": "api", "ports": [80, 443], "key": bin(00 ff)}
    static let packed = Data([0x83, 0xA4, 0x6E, 0x61, 0x6D, 0x65, 0xA3, 0x61, 0x70, 0x69, 0xA5, 0x70, 0x6F, 0x72, 0x74, 0x73,
                              0x92, 0x50, 0xCD, 0x01, 0xBB, 0xA3, 0x6B, 0x65, 0x79, 0xC4, 0x02, 0x00, 0xFF])

    @Test("a .msgpack file converts to JSON, binary as base64")
    func msgpackFileToJSON() throws {
        let scratch = try Scratch()
        let input = scratch.path("in.msgpack")
        try Self.packed.write(to: URL(fileURLWithPath: input))
        let result = try tool.run(["convert", input, "--to", "json"])
        #expect(result.status == 0)
        #expect(result.output == #"{"name":"api","ports":[80,443],"key":"AP8="}"# + "\n")
    }

    @Test("JSON on standard input converts to MessagePack bytes on standard output, with no newline added")
    func jsonToStandardOutput() throws {
        let result = try tool.run(["convert", "--from", "json", "--to", "msgpack"], input: Data(#"{"a": [1, -1, 0.5]}"#.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == Data([0x81, 0xA1, 0x61, 0x93, 0x01, 0xFF, 0xCA, 0x3F, 0x00, 0x00, 0x00]))
    }

    @Test("-o writes a .mpk file; sniffing recognises MessagePack on standard input")
    func outputFileAndSniffing() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.mpk")
        let written = try tool.run(["convert", "--from", "msgpack", "--to", "msgpack", "-o", output], input: Self.packed)
        #expect(written.status == 0)
        #expect(FileManager.default.contents(atPath: output) == Self.packed)
        let sniffed = try tool.run(["convert", "--to", "json"], input: Self.packed)
        #expect(sniffed.status == 0)
        #expect(sniffed.output.hasPrefix(#"{"name":"api""#))
    }

    @Test("truncated MessagePack input is exit status 1 naming the byte offset")
    func truncatedInput() throws {
        let result = try tool.run(["convert", "--from", "msgpack", "--to", "json"], input: Self.packed.dropLast(3))
        #expect(result.status == 1)
        #expect(result.standardError.contains("byte 25"))
        #expect(result.output == "")
    }
}
