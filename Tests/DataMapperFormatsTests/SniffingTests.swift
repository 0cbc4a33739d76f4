import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct SniffingTests {
    typealias Confidence = DataFormat.SniffConfidence

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test("JSON documents are recognised with the documented confidence", arguments: [
        ("{\"a\":1}", Confidence.likely),
        ("[1,2]", .likely),
        (" \t\r\n {}", .likely),
        ("\"text\"", .possible),
        ("-1", .possible),
        ("0", .possible),
        ("42", .possible),
        ("true", .possible),
        ("false", .possible),
        ("null", .possible),
        ("\n\n  9.5e3", .possible),
    ])
    func jsonConfidence(text: String, expected: Confidence) throws {
        #expect(DataFormat.json.sniff(Data(text.utf8)) == expected)
        #expect(try FormatRegistry.standard.format(sniffing: Data(text.utf8)).name == "json")
    }

    @Test("a byte order mark before JSON is skipped")
    func byteOrderMark() throws {
        let data = Data(Self.bom + Array(" {\"a\": true}".utf8))
        #expect(DataFormat.json.sniff(data) == .likely)
        #expect(try FormatRegistry.standard.format(sniffing: data).name == "json")
    }

    @Test("bytes that cannot start JSON are not JSON", arguments: [
        "", "   \n\t ", "<root/>", "# comment", "key: value", "}", "]", "+1", ".5", "True", "'single'", "\u{0B}{}",
    ])
    func notJSON(text: String) throws {
        #expect(DataFormat.json.sniff(Data(text.utf8)) == .none)
        try expectError(kind: .unsupported) { try FormatRegistry([.json]).format(sniffing: Data(text.utf8)) }
    }

    @Test("a byte order mark alone, a partial one, or binary noise is not JSON", arguments: [
        bom, [0xEF, 0xBB], [0xFF, 0xFE, 0x7B, 0x00], [0x00, 0x7B], [0x82, 0xA1, 0x61, 0x01], [0xC0],
    ])
    func notJSONBytes(bytes: [UInt8]) {
        #expect(DataFormat.json.sniff(Data(bytes)) == .none)
    }

    @Test("empty input is reported as such")
    func emptyInput() throws {
        let error = try expectError { try FormatRegistry.standard.format(sniffing: Data()) }
        #expect(error.problem == "cannot tell the format of empty input (known formats: \(standardFormatNames))")
    }

    @Test("only the first sniffLength bytes are looked at")
    func sniffLengthIsTheLimit() throws {
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: FormatRegistry.sniffLength - 1)
        let justInside = Data(padding + Array("{}".utf8))
        #expect(try FormatRegistry.standard.format(sniffing: justInside).name == "json")
        let justOutside = Data(padding + Array(" {}".utf8))
        #expect(throws: DataMapperError.self) { try FormatRegistry.standard.format(sniffing: justOutside) }
    }

    @Test("a slice that does not start at index zero is sniffed correctly")
    func dataSlice() throws {
        let whole = Data("xxxx[1]".utf8)
        let slice = whole.dropFirst(4)
        #expect(try FormatRegistry.standard.format(sniffing: slice).name == "json")
    }

    @Test("confidence levels are ordered")
    func confidenceOrder() {
        #expect(Confidence.allCases == [.none, .possible, .likely, .certain])
        #expect(Confidence.none < .possible && Confidence.possible < .likely && Confidence.likely < .certain)
    }
}
