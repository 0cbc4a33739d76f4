import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Testing

@Suite struct MediaRangeTests {
    @Test("a range keeps its type, subtype, parameters and quality")
    func parsesOneRange() throws {
        let range = try #require(MediaRange(parsing: " Application/JSON ; charset=\"utf-8\" ; q=0.25 "))
        #expect(range.type == "application")
        #expect(range.subtype == "json")
        #expect(range.parameters == ["charset": "utf-8"])
        #expect(range.quality == 0.25)
        #expect(range.specificity == 3)
    }

    @Test("malformed ranges are refused", arguments: [
        "", "json", "application/", "/json", "*/json", "application/json;q=2", "application/json;q=0.12345",
        "application/json;q=abc", "application/json;charset", "appli cation/json",
    ])
    func refusesMalformed(text: String) {
        #expect(MediaRange(parsing: text) == nil)
    }

    @Test("a header lists ranges in order, skips bad entries and keeps commas inside quotes")
    func parsesList() {
        let ranges = MediaRange.parseList(#"text/html, application/x;note="a,b";q=0.5, nonsense, */*;q=0.1"#)
        #expect(ranges.map(\.description) == ["text/html", "application/x;note=a,b;q=0.5", "*/*;q=0.1"])
    }

    @Test("wildcards match by type or everything", arguments: [
        ("*/*", "application/json", true), ("application/*", "application/json", true),
        ("application/*", "text/json", false), ("application/json", "application/json; charset=utf-8", true),
        ("application/json", "application/xml", false),
    ])
    func matching(range: String, mediaType: String, expected: Bool) throws {
        #expect(try #require(MediaRange(parsing: range)).matches(mediaType) == expected)
    }
}

@Suite struct NegotiationTests {
    let registry = FormatRegistry.standard

    @Test("the heaviest acceptable format wins, answered with the media type the client named", arguments: [
        ("application/json", "json", "application/json"),
        ("application/x-msgpack", "msgpack", "application/x-msgpack"),
        ("application/json;q=0.5, application/vnd.msgpack", "msgpack", "application/vnd.msgpack"),
        ("text/yaml;q=0.9, application/json;q=0.8", "yaml", "text/yaml"),
        ("text/*;q=0.3, application/xml;q=0.2", "json", "text/json"),
        ("image/png, application/xml;q=0.1", "xml", "application/xml"),
    ])
    func picksHeaviest(accept: String, format: String, mediaType: String) throws {
        let answer = try registry.negotiate(accept: accept)
        #expect(answer.format.name == format)
        #expect(answer.mediaType == mediaType)
    }

    @Test("the most specific range decides a media type's weight, and q=0 rules it out")
    func specificity() throws {
        let answer = try registry.negotiate(accept: "*/*;q=0.9, application/json;q=0.1, text/json;q=0.1")
        // Both of JSON's media types are held to 0.1 by their own ranges; YAML, next in
        // registration order, gets 0.9 from */*.
        #expect(answer.format.name == "yaml")
        #expect(answer.quality == 0.9)
        let ruledOut = try registry.negotiate(accept: "application/*;q=0, text/yaml;q=0.2")
        #expect(ruledOut.format.name == "yaml")
        #expect(ruledOut.mediaType == "text/yaml")
    }

    @Test("ties go to the server's preferences, then to registration order")
    func tieBreaking() throws {
        #expect(try registry.format(forAccept: "*/*").name == "json")
        #expect(try registry.format(forAccept: "*/*", preferring: ["msgpack", "json"]).name == "msgpack")
        #expect(try registry.format(forAccept: "application/json, application/x-msgpack", preferring: ["msgpack"]).name == "msgpack")
        #expect(try registry.format(forAccept: "application/json, application/x-msgpack", preferring: ["nonsense"]).name == "json")
    }

    @Test("an empty or unusable header accepts anything")
    func emptyHeader() throws {
        #expect(try registry.format(forAccept: "").name == "json")
        #expect(try registry.format(forAccept: "garbage", preferring: ["xml"]).name == "xml")
    }

    @Test("nothing acceptable is an unsupported error")
    func notAcceptable() throws {
        let error = try expectError(kind: .unsupported) { try registry.negotiate(accept: "image/png, */*;q=0") }
        #expect(error.description == #"no format is acceptable for "Accept: image/png, */*;q=0" (known formats: \#(standardFormatNames))"#)
    }

    @Test("a Content-Type with parameters picks the format of a request body")
    func contentType() throws {
        #expect(try registry.format(forMediaType: "application/x-msgpack; charset=binary").name == "msgpack")
    }
}

@Suite struct SettingTests {
    let registry = FormatRegistry.standard

    @Test("a setting may be a name, an alias, an extension or a media type", arguments: [
        ("json", "json"), (" MsgPack ", "msgpack"), ("yml", "yaml"), (".mpk", "msgpack"),
        ("application/xml", "xml"), ("application/x-yaml", "yaml"),
    ])
    func fromSetting(setting: String, expected: String) throws {
        #expect(try registry.format(fromSetting: setting).name == expected)
    }

    @Test("an unknown setting is an error listing the known formats")
    func unknownSetting() throws {
        let error = try expectError { try registry.format(fromSetting: "xson") }
        #expect(error.description == #"unknown format "xson" (known formats: \#(standardFormatNames))"#)
    }

    @Test("an environment variable picks the format; unset or empty, the default does")
    func fromEnvironment() throws {
        #expect(try registry.format(fromEnvironment: "WIRE", default: "json", environment: ["WIRE": "msgpack"]).name == "msgpack")
        #expect(try registry.format(fromEnvironment: "WIRE", default: "json", environment: [:]).name == "json")
        #expect(try registry.format(fromEnvironment: "WIRE", default: "json", environment: ["WIRE": " "]).name == "json")
    }

    @Test("a bad value in the variable is an error naming the variable")
    func badEnvironment() throws {
        let error = try expectError {
            try registry.format(fromEnvironment: "WIRE", default: "json", environment: ["WIRE": "xson"])
        }
        #expect(error.description == #"WIRE: unknown format "xson" (known formats: \#(standardFormatNames))"#)
    }
}
