import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

@Suite struct XMLErrorTests {
    let xml = XMLSerializer()

    @Test("a mismatched end tag names both tags, with line and column")
    func mismatchedTag() throws {
        let error = try expectError(kind: .syntax, line: 2, column: 11) { try xml.deserialize(fromString: "<r>\n  <a>1</b>\n</r>") }
        #expect(error.description == "2:11: malformed XML: Opening and ending tag mismatch: a line 2 and b")
    }

    @Test("bytes that do not fit the declared encoding are an error of ours, with a position")
    func conversionFailure() throws {
        let bytes = Data(#"<?xml version="1.0" encoding="Shift_JIS"?><a>"#.utf8) + Data([0x82, 0xFF, 0xFF]) + Data("</a>".utf8)
        let error = try expectError(kind: .syntax) { try xml.deserialize(bytes) }
        #expect(error.description == "1:41: the bytes do not fit the declared encoding: input conversion failed due to input error, bytes 0x82 0xFF 0xFF 0x3C")
        // The thread's handlers are put back: a later parse on it still reports its own errors.
        #expect(try expectError { try xml.deserialize(fromString: "<r>\n  <a>1</b>\n</r>") }.description == "2:11: malformed XML: Opening and ending tag mismatch: a line 2 and b")
    }

    @Test("input that is not XML is named for what it starts with, not called empty", arguments: [
        (Data(#"{"a": 1}"#.utf8), "1:1: an XML document starts with '<', this one with '{' (it looks like JSON)"),
        (Data("\n  [1, 2]".utf8), "2:3: an XML document starts with '<', this one with '[' (it looks like JSON)"),
        (Data("hello".utf8), "1:1: an XML document starts with '<', this one with 'h'"),
        (Data([0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0, 0x61, 0, 0, 0, 0x2F, 0, 0, 0, 0x3E, 0, 0, 0]),
         "1:1: the document is in UTF-32, which the XML reader does not read; convert it to UTF-8"),
    ])
    func notXML(_ bytes: Data, _ description: String) throws {
        let error = try expectError(kind: .syntax) { try xml.deserialize(bytes) }
        #expect(error.description == description)
    }

    @Test("a document that ends early is a syntax error at its end")
    func truncated() throws {
        let error = try expectError(kind: .syntax, line: 2) { try xml.deserialize(fromString: "<r>\n<a>") }
        #expect(error.message.hasPrefix("malformed XML: "))
    }

    @Test("an empty document and one without a root element are refused")
    func empty() throws {
        #expect(try expectError { try xml.deserialize(fromString: "") }.problem == "the document is empty; XML needs a root element")
        try expectError(kind: .syntax) { try xml.deserialize(fromString: "   ") }
        try expectError(kind: .syntax) { try xml.deserialize(fromString: "<?xml version=\"1.0\"?>") }
    }

    @Test("text after the root element and two roots are refused")
    func extraContent() throws {
        let error = try expectError(kind: .syntax) { try xml.deserialize(fromString: "<a/><b/>") }
        #expect(error.description == "1:5: malformed XML: Extra content at the end of the document")
    }

    @Test("a duplicate attribute is refused")
    func duplicateAttribute() throws {
        let error = try expectError(kind: .syntax) { try xml.deserialize(fromString: #"<r a="1" a="2"/>"#) }
        #expect(error.message.contains("Attribute a redefined"))
    }

    @Test("an unescaped ampersand is refused with its position")
    func bareAmpersand() throws {
        try expectError(kind: .syntax, line: 1) { try xml.deserialize(fromString: "<r>a & b</r>") }
    }

    @Test("errors are per parser: a failure does not leak into the next parse")
    func errorsDoNotLeak() throws {
        _ = try? xml.deserialize(fromString: "<r>")
        #expect(try xml.deserialize(fromString: "<r>ok</r>") == ["r": "ok"])
    }

    @Test("a file name added to an error prints in front of line and column")
    func inFile() throws {
        let error = try expectError { try xml.deserialize(fromString: "<r>\n</x>") }.inFile("pom.xml")
        #expect(error.description.hasPrefix("pom.xml:2:"))
    }
}

@Suite struct XMLConcurrencyTests {
    @Test("parsers running at once keep their own errors and results")
    func concurrentParsers() async throws {
        let serializer = XMLSerializer()
        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<32 {
                group.addTask {
                    let text = index.isMultiple(of: 2) ? "<r><n>\(index)</n></r>" : "<r>\n\(String(repeating: "\n", count: index))<n>\(index)</m></r>"
                    do {
                        return (index, try serializer.deserialize(fromString: text)["r"]?["n"]?.string ?? "?")
                    } catch let error as DataMapperError {
                        return (index, "line \(error.location?.line ?? 0)")
                    } catch {
                        return (index, "other")
                    }
                }
            }
            var results: [Int: String] = [:]
            for await (index, outcome) in group { results[index] = outcome }
            return results
        }
        for index in 0..<32 {
            #expect(outcomes[index] == (index.isMultiple(of: 2) ? "\(index)" : "line \(index + 2)"))
        }
    }

    @Test("the serializer and its options are Sendable values")
    func sendable() {
        let serializer: any Sendable = XMLSerializer(options: .init(forceList: ["a"]))
        let options: any Sendable = XMLSerializer.Options()
        #expect(serializer is XMLSerializer && options is XMLSerializer.Options)
    }
}
