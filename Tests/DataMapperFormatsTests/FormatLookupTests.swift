import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct FormatLookupTests {
    let registry = FormatRegistry.standard

    @Test("the standard registry holds JSON under its documented names", arguments: ["json", "JSON", "Json"])
    func findsJSONByName(name: String) throws {
        #expect(try registry.format(named: name).name == "json")
    }

    @Test("JSON is text, uses .json and application/json")
    func describesJSON() {
        let json = DataFormat.json
        #expect(json.name == "json")
        #expect(json.isText)
        #expect(json.representation == .text)
        #expect(json.fileExtensions == ["json"])
        #expect(json.mediaTypes.contains("application/json"))
        #expect(json.mediaTypeSuffixes == ["json"])
    }

    @Test("an unknown name is an unsupported error that lists the known names")
    func unknownName() {
        #expect {
            try registry.format(named: "toml")
        } throws: { error in
            guard let error = error as? DataMapperError else { return false }
            return error.kind == .unsupported
                && error.description == #"unknown format "toml" (known formats: \#(standardFormatNames))"#
        }
    }

    @Test("extensions match with or without the dot and in any case", arguments: ["json", ".json", "JSON", ".Json"])
    func findsByExtension(fileExtension: String) throws {
        #expect(try registry.format(forExtension: fileExtension).name == "json")
    }

    @Test("an unknown or empty extension is an unsupported error", arguments: ["toml", "", ".", "json5"])
    func unknownExtension(fileExtension: String) throws {
        let error = try expectError(kind: .unsupported) { try registry.format(forExtension: fileExtension) }
        #expect(error.message.hasSuffix("(known formats: \(standardFormatNames))"))
    }

    @Test("a path's last extension picks the format", arguments: [
        "config.json", "/etc/app/config.JSON", "relative/dir.d/settings.json", "archive.tar.json", "a.json/",
    ])
    func findsByPath(path: String) throws {
        #expect(try registry.format(forPath: path).name == "json")
    }

    @Test("paths without a usable extension find nothing", arguments: [
        "README", ".json", "dir.json/file", "trailing.", "", "/",
    ])
    func pathWithoutExtension(path: String) throws {
        try expectError(kind: .unsupported) { try registry.format(forPath: path) }
    }

    @Test("the file extension helper reads the last component only")
    func fileExtensionHelper() {
        #expect(FormatRegistry.fileExtension(ofPath: "a/b.c/d.JSON") == "json")
        #expect(FormatRegistry.fileExtension(ofPath: "a/b.c/d") == nil)
        #expect(FormatRegistry.fileExtension(ofPath: ".hidden") == nil)
        #expect(FormatRegistry.fileExtension(ofPath: ".hidden.json") == "json")
    }

    @Test("a file URL's extension picks the format, whatever the query says")
    func findsByURL() throws {
        #expect(try registry.format(for: URL(fileURLWithPath: "/tmp/data.json")).name == "json")
        let remote = try #require(URL(string: "https://example.com/api/items.json?page=2"))
        #expect(try registry.format(for: remote).name == "json")
    }

    @Test("media types match ignoring parameters, case, spacing and +json suffixes", arguments: [
        "application/json",
        "APPLICATION/JSON",
        "application/json; charset=utf-8",
        "  application/json ;charset=\"UTF-8\"",
        "text/json",
        "application/ld+json",
        "application/problem+json; charset=utf-8",
        "application/vnd.api+JSON",
    ])
    func findsByMediaType(contentType: String) throws {
        #expect(try registry.format(forMediaType: contentType).name == "json")
    }

    @Test("other or malformed media types find nothing", arguments: [
        "text/plain", "application/jsonx", "application/json+zip", "json", "", "application/", "/json",
        "application/+", "application/x json",
    ])
    func unknownMediaType(contentType: String) throws {
        let error = try expectError(kind: .unsupported) { try registry.format(forMediaType: contentType) }
        #expect(error.message.hasSuffix("(known formats: \(standardFormatNames))"))
    }

    @Test("a file is recognised by its extension before its content")
    func fileByExtensionFirst() throws {
        #expect(try registry.format(forFile: "data.json", sniffing: Data("not json at all".utf8)).name == "json")
    }

    @Test("a file with an unknown extension or none is recognised by its content")
    func fileBySniffing() throws {
        #expect(try registry.format(forFile: "data.txt", sniffing: Data(#"{"a": 1}"#.utf8)).name == "json")
        #expect(try registry.format(forFile: "-", sniffing: Data("[1, 2]".utf8)).name == "json")
    }

    @Test("a file neither way recognises is an unsupported error naming it")
    func fileUnrecognised() throws {
        let error = try expectError {
            try registry.format(forFile: "notes.txt", sniffing: Data("hello".utf8))
        }
        #expect(error.kind == .unsupported)
        #expect(error.problem == #"cannot tell the format of "notes.txt" from its extension or its content (known formats: \#(standardFormatNames))"#)
    }

    @Test("the standard registry lists its formats")
    func listsFormats() {
        #expect(registry.names == standardFormatList)
        #expect(registry.formats.map(\.name) == standardFormatList)
    }
}
