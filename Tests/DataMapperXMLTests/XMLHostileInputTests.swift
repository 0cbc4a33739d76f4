import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

@Suite struct XMLHostileInputTests {
    let xml = XMLSerializer()

    @Test("an external entity is refused and the file it names is never read")
    func externalEntity() throws {
        // A file only this test writes: if the parser read it, its marker would show.
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("xml-xxe-\(UUID().uuidString).txt")
        try Data("SECRET-MARKER".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        for target in ["file:///etc/passwd", secret.absoluteString] {
            let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY x SYSTEM \"\(target)\">\n]>\n<r>&x;</r>"
            let error = try expectError(kind: .unsupported) { try xml.deserialize(fromString: text) }
            #expect(error.message.contains("entity 'x'"))
            #expect(error.location?.line == 3)
            #expect(!error.description.contains("SECRET-MARKER"))
            #expect(!error.description.contains("root:"))
        }
    }

    @Test("an unparsed entity declaration (NDATA) is refused like every other")
    func unparsedEntity() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!NOTATION n SYSTEM \"viewer\">\n<!ENTITY u SYSTEM \"file:///etc/passwd\" NDATA n>\n]>\n<r/>"
        let error = try expectError(kind: .unsupported) { try xml.deserialize(fromString: text) }
        #expect(error.problem == "the document declares the entity 'u' (SYSTEM \"file:///etc/passwd\"); entity declarations are refused, so no entity is ever expanded or loaded")
        #expect(error.location?.line == 4)
    }

    @Test("an external parameter entity and an external DTD are not loaded")
    func externalDTD() throws {
        let parameter = "<!DOCTYPE r [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><r/>"
        try expectError(kind: .unsupported) { try xml.deserialize(fromString: parameter) }
        // An external DTD subset is never fetched: the document reads as if it had none.
        let doctype = "<!DOCTYPE r SYSTEM \"http://example.invalid/evil.dtd\"><r>1</r>"
        #expect(try xml.deserialize(fromString: doctype) == ["r": "1"])
    }

    @Test("billion laughs is refused at its first declaration")
    func billionLaughs() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            text += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        text += "]>\n<lolz>&lol9;</lolz>"
        let error = try expectError(kind: .unsupported) { try xml.deserialize(fromString: text) }
        #expect(error.message.contains("entity 'lol'"))
    }

    @Test("a reference to an undeclared entity is a syntax error")
    func undeclaredEntity() throws {
        let error = try expectError(kind: .syntax) { try xml.deserialize(fromString: "<r>\n&nope;</r>") }
        #expect(error.message.contains("nope"))
        #expect(error.location?.line == 2)
    }

    @Test("nesting deeper than the limit is a limit error, not a crash", arguments: [10, 100])
    func depthLimit(limit: Int) throws {
        let serializer = XMLSerializer(options: .init(limits: ParsingLimits(maxDepth: limit)))
        let fits = String(repeating: "<a>", count: limit) + String(repeating: "</a>", count: limit)
        #expect(throws: Never.self) { try serializer.deserialize(fromString: fits) }
        let deep = String(repeating: "<a>", count: limit + 1) + String(repeating: "</a>", count: limit + 1)
        let error = try expectError(kind: .limitExceeded) { try serializer.deserialize(fromString: deep) }
        #expect(error.problem == "elements nest deeper than the limit of \(limit) levels")
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 3 * limit + 1)
        #expect(error.path.components.count == limit + 1)
    }

    @Test("libxml2's own depth cap of 256 applies when the limit is higher")
    func libxml2DepthCap() throws {
        let deep = String(repeating: "<a>", count: 400) + String(repeating: "</a>", count: 400)
        let xml = XMLSerializer(options: .init(limits: .init(maxDepth: 512)))
        let error = try expectError(kind: .limitExceeded) { try xml.deserialize(fromString: deep) }
        #expect(error.problem == "elements nest deeper than libxml2's limit of 256 levels, which no option raises")
    }

    @Test("deep nesting is refused on a small secondary thread stack as well")
    func deepOffMainThread() async throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let outcome = await Task.detached { Result { try XMLSerializer().deserialize(fromString: deep) } }.value
        try expectError(kind: .limitExceeded) { try outcome.get() }
    }

    @Test("input beyond the size limit is refused before parsing")
    func sizeLimit() throws {
        let serializer = XMLSerializer(options: .init(limits: ParsingLimits(maxInputBytes: 10)))
        let error = try expectError(kind: .limitExceeded) { try serializer.deserialize(fromString: "<r>0123456789</r>") }
        #expect(error.problem == "the input is 17 bytes, more than the limit of 10")
    }

    @Test("invalid UTF-8 is a syntax error with its line")
    func invalidUTF8() throws {
        var bytes = Data("<r>\n<a>".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Array("</a></r>".utf8))
        try expectError(kind: .syntax, line: 2) { try xml.deserialize(bytes) }
    }
}
