import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// libxml2 spends time growing with the square of one element's attribute count, so
/// an element with more than `maxAttributesPerElement` is refused before it reads.
@Suite("XML attributes per element")
struct XMLAttributeLimitTests {
    /// `<r a0="0" a1="1" …/>` with `count` attributes, after `prefix`.
    static func element(attributes count: Int, prefix: String = "") -> String {
        prefix + "<r " + (0..<count).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + "/>"
    }

    @Test("an element with 200,000 attributes is refused at once, at its line and column")
    func crowdedElementRefused() throws {
        let text = Self.element(attributes: 200_000, prefix: "<?xml version=\"1.0\"?>\n  ")
        let outcome = try GuardedThread.run { Result { try XMLSerializer().deserialize(fromString: text) } }
        let refused = try expectError(kind: .limitExceeded) { try outcome?.get() }
        #expect(refused.message.contains("more than 10000 attributes; raise XMLSerializer.Options.maxAttributesPerElement"))
        #expect(refused.location?.line == 2)
        #expect(refused.location?.column == 3)
    }

    @Test("an element with exactly the limit reads, with every attribute")
    func atTheLimit() throws {
        let options = XMLSerializer.Options(maxAttributesPerElement: 300)
        let value = try XMLSerializer(options: options).deserialize(fromString: Self.element(attributes: 300))
        #expect(value["r"]?.count == 300)
        #expect(value["r"]?["@a299"] == "299")
        let error = try expectError {
            try XMLSerializer(options: options).deserialize(fromString: Self.element(attributes: 301))
        }
        #expect(error.kind == .limitExceeded)
    }

    @Test("signs in text, values, comments, CDATA, instructions and the DOCTYPE are not attributes")
    func onlyTagsCount() throws {
        let signs = String(repeating: "=", count: 50)
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE r [ <!ATTLIST r a CDATA "\(signs)"> <!-- \(signs) ' --> ]>
            <?tool \(signs) ?>
            <r a="\(signs)" b='\(signs) > "' c="1">\(signs)<!-- \(signs) --><![CDATA[\(signs) <x a=1 b=2 c=3 d=4>]]></r>
            """
        let options = XMLSerializer.Options(maxAttributesPerElement: 3)
        let value = try XMLSerializer(options: options).deserialize(fromString: text)
        #expect(value["r"]?["@c"] == "1")
        let crowded = text.replacingOccurrences(of: "c=\"1\"", with: "c=\"1\" d=\"2\"")
        try expectError(kind: .limitExceeded, line: 4, column: 1) { try XMLSerializer(options: options).deserialize(fromString: crowded) }
    }

    @Test("a later element past the limit is found after earlier ones within it")
    func laterElement() throws {
        let options = XMLSerializer.Options(maxAttributesPerElement: 2)
        let text = "<r a=\"1\" b=\"2\">\n<c x=\"1\"/>\n  <d p=\"1\" q=\"2\" r=\"3\"/></r>"
        try expectError(line: 3, column: 3) { try XMLSerializer(options: options).deserialize(fromString: text) }
    }
}
