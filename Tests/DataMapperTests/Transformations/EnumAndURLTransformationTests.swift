import DataMapper
import Foundation
import Testing

// The seed's EnumTransformation and URLTransformation.

private enum Level: Int { case low = 1, high = 2 }
private enum Colour: String { case red, green }

@Suite struct EnumAndURLTransformationTests {
    @Test("EnumTransformation reads and writes through the raw value")
    func enums() throws {
        #expect(try EnumTransformation<Level>().transform(from: 2) == .high)
        #expect(try EnumTransformation<Colour>().transform(from: "green") == .green)
        #expect(EnumTransformation<Level>().transform(object: .low) == 1)
        #expect(EnumTransformation<Colour>().transform(object: .red) == "red")
    }

    @Test("an unknown raw value is invalid, a raw value of the wrong type mismatched")
    func enumFailures() {
        #expect(throws: DataMapperError(.invalidValue, message: "the integer 3 is not a raw value of Level")) {
            try EnumTransformation<Level>().transform(from: 3)
        }
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a string, found the integer 3; quote the value to keep it as text exactly as written")) {
            try EnumTransformation<Colour>().transform(from: 3)
        }
    }

    @Test("URLTransformation reads absolute URLs and writes them back")
    func absolute() throws {
        let url = try URLTransformation().transform(from: "https://example.com/a?b=1")
        #expect(url.host == "example.com")
        #expect(URLTransformation().transform(object: url) == "https://example.com/a?b=1")
    }

    @Test("URLTransformation resolves relative references against a base URL")
    func relative() throws {
        let base = try #require(URL(string: "https://example.com/docs/"))
        let absolute = URLTransformation(baseURL: base)
        let relative = URLTransformation(baseURL: base, writesAbsoluteString: false)
        let url = try absolute.transform(from: "images/a.png")
        #expect(url.absoluteString == "https://example.com/docs/images/a.png")
        #expect(absolute.transform(object: url) == "https://example.com/docs/images/a.png")
        #expect(relative.transform(object: url) == "images/a.png")
    }

    @Test("URLTransformation refuses empty strings and non-strings")
    func urlFailures() {
        #expect(throws: DataMapperError(.invalidValue, message: "\"\" is not a valid URL")) {
            try URLTransformation().transform(from: "")
        }
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a URL string, found the integer 1")) {
            try URLTransformation().transform(from: 1)
        }
    }
}
