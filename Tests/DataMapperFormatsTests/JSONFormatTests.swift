import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct JSONFormatTests {
    let value: SupportedType = ["name": "api", "ports": [80, 443], "debug": false]

    @Test("the JSON format writes compact output in the document's key order by default")
    func compactDefault() throws {
        let data = try DataFormat.json.serializer().serialize(value)
        #expect(String(decoding: data, as: UTF8.self) == #"{"name":"api","ports":[80,443],"debug":false}"#)
    }

    @Test("the JSON format honours pretty output and sorted keys")
    func prettySorted() throws {
        let options = FormatWriteOptions(style: .pretty, sortKeys: true)
        let data = try DataFormat.json.serializer(options: options).serialize(value)
        let expected = """
            {
              "debug": false,
              "name": "api",
              "ports": [
                80,
                443
              ]
            }
            """
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }

    @Test("writing text ends it with one newline, unless told not to")
    func terminatesText() throws {
        let terminated = try DataFormat.json.write(["a": 1])
        #expect(String(decoding: terminated, as: UTF8.self) == "{\"a\":1}\n")
        let bare = try DataFormat.json.write(["a": 1], terminateText: false)
        #expect(String(decoding: bare, as: UTF8.self) == "{\"a\":1}")
    }

    @Test("a binary format's output gets no newline")
    func binaryNotTerminated() throws {
        let data = try DataFormat.fakeJSON.write(["a": "1"])
        #expect(data == Data("a=1\n".utf8))
        let empty = try DataFormat.fakeJSON.write([:])
        #expect(empty.isEmpty)
    }

    @Test("convert reads one format and writes another")
    func convertsBetweenFormats() throws {
        var registry = FormatRegistry.standard
        registry.register(.keyValue)
        let output = try registry.convert(
            Data(#"{"zone": "eu", "app": "shop"}"#.utf8),
            from: .json,
            to: .keyValue,
            options: FormatWriteOptions(sortKeys: true)
        )
        #expect(String(decoding: output, as: UTF8.self) == "app=shop\nzone=eu\n")
        let back = try registry.convert(output, from: .keyValue, to: .json, options: .default, terminateText: false)
        #expect(String(decoding: back, as: UTF8.self) == #"{"app":"shop","zone":"eu"}"#)
    }

    @Test("convert reports a syntax error with its line and column and writes nothing")
    func convertReportsSyntaxErrors() throws {
        let error = try expectError {
            try FormatRegistry.standard.convert(Data("{\n  \"a\": @\n}".utf8), from: .json, to: .json)
        }
        #expect(error.kind == .syntax)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 8)
    }

    @Test("the default write options are compact in document order")
    func defaultOptions() {
        #expect(FormatWriteOptions.default == FormatWriteOptions(style: .compact, sortKeys: false))
        #expect(FormatWriteOptions.Style.allCases == [.compact, .pretty])
    }
}
