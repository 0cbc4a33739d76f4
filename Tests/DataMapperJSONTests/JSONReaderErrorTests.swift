import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// What the reader says about bad documents: kind, key path, line, column and the
/// whole message.
@Suite struct JSONReaderErrorTests {
    /// Reads `text` with the given options.
    func read(_ text: String, _ options: JSONSerializer.Options = .init()) throws -> SupportedType {
        try read(Data(text.utf8), options)
    }

    /// Reads `data` with the given options.
    func read(_ data: Data, _ options: JSONSerializer.Options = .init()) throws -> SupportedType {
        try JSONSerializer(options: options).deserialize(data)
    }

    /// One bad document and everything its error must say.
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var path: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { input }
    }

    @Test("syntax errors name the place and what was expected", arguments: [
        Case(input: #"{"a": 1 "b": 2}"#, path: "", line: 1, column: 9,
             message: #"expected ',' or '}' after an object entry, found '"'"#),
        Case(input: "[1, 2", path: "", line: 1, column: 6,
             message: "unexpected end of input; expected ',' or ']' after an array element"),
        Case(input: #"{"a": [1, x]}"#, path: "a[1]", line: 1, column: 11,
             message: "expected a value, found 'x'"),
        Case(input: #""abc"#, path: "", line: 1, column: 1,
             message: #"unterminated string; expected a closing '"'"#),
        Case(input: "[1] x", path: "", line: 1, column: 5,
             message: "unexpected 'x' after the document's value; a JSON document holds exactly one value"),
        Case(input: "[1]\n\n  {\"a\": 2}\n3\n", path: "", line: 3, column: 3,
             message: "a second document starts here (2 lines from here to the end); "
                + "this reads exactly one document: read a stream of several with deserializeAll(_:)"),
        Case(input: "{\"a\":\n  tru}", path: "a", line: 2, column: 3,
             message: "expected 'true', found 'tru'"),
        Case(input: #"["\uD800"]"#, path: "[0]", line: 1, column: 3,
             message: #"lone surrogate \uD800 in a string; a high surrogate must be followed by a low one (\uDC00 to \uDFFF)"#),
        Case(input: #"["\uDC00x"]"#, path: "[0]", line: 1, column: 3,
             message: #"lone surrogate \uDC00 in a string; a low surrogate must follow a high one (\uD800 to \uDBFF)"#),
        Case(input: "[\"a\tb\"]", path: "[0]", line: 1, column: 4,
             message: "control character U+0009 (tab) must be escaped inside a string"),
        Case(input: "[01]", path: "[0]", line: 1, column: 2,
             message: "a number cannot have a leading zero; write it without one or as a string"),
        Case(input: "[1.]", path: "[0]", line: 1, column: 4,
             message: "expected a digit after the decimal point, found ']'"),
        Case(input: "[1e+]", path: "[0]", line: 1, column: 5,
             message: "expected a digit in the exponent, found ']'"),
        Case(input: "-", path: "", line: 1, column: 2,
             message: "expected a digit after '-', found the end of input"),
        Case(input: "", path: "", line: 1, column: 1,
             message: "unexpected end of input; the document holds no value"),
        Case(input: "  \n ", path: "", line: 2, column: 2,
             message: "unexpected end of input; the document holds no value"),
        Case(input: #"["\x"]"#, path: "[0]", line: 1, column: 3,
             message: #"invalid escape '\x' in a string; use one of \" \\ \/ \b \f \n \r \t \uHHHH"#),
        Case(input: #"["\u12G4"]"#, path: "[0]", line: 1, column: 3,
             message: "expected four hex digits after \\u, found 'G'"),
        Case(input: "[1,]", path: "[1]", line: 1, column: 4,
             message: "expected a value, found ']'"),
        Case(input: #"{"a" 1}"#, path: "", line: 1, column: 6,
             message: #"expected ':' after the key "a", found '1'"#),
        Case(input: "{1:2}", path: "", line: 1, column: 2,
             message: "expected a string key or '}', found '1'"),
        Case(input: #"{"a":1,}"#, path: "", line: 1, column: 8,
             message: "expected a string key after ',', found '}'"),
        Case(input: "[é]", path: "[0]", line: 1, column: 2,
             message: "expected a value, found 'é'"),
        Case(input: "[\n\n  nul]", path: "[0]", line: 3, column: 3,
             message: "expected 'null', found 'nul'"),
        Case(input: "[True]", path: "[0]", line: 1, column: 2,
             message: "expected a value, found 'T'"),
        Case(input: #"{"servers": [{"port": 80}, {"port": 8x}]}"#, path: "servers[1]", line: 1, column: 38,
             message: "expected ',' or '}' after an object entry, found 'x'"),
        Case(input: "{\"a\": {\"b\": [1, 2,\n 3 4]}}", path: "a.b", line: 2, column: 4,
             message: "expected ',' or ']' after an array element, found '4'"),
    ])
    func syntaxErrors(_ item: Case) throws {
        let error = try expectError(kind: .syntax) { try read(item.input) }
        #expect(error.path.description == item.path)
        #expect(error.location?.line == item.line)
        #expect(error.location?.column == item.column)
        #expect(error.problem == item.message)
    }

    @Test("the description reads line:column: path: message")
    func description() throws {
        let error = try expectError { try read(#"{"servers": [{"port": 80}, {"port": 8x}]}"#) }
        #expect(error.description == "1:38: servers[1]: expected ',' or '}' after an object entry, found 'x'")
        #expect(error.inFile("api.json").description == "api.json:1:38: servers[1]: expected ',' or '}' after an object entry, found 'x'")
    }

    @Test("invalid UTF-8 inside a string is refused at the bad byte")
    func invalidUTF8() throws {
        let plain = try expectError(kind: .syntax, column: 4) { try read(Data([0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D])) }
        #expect(plain.path.description == "[0]")
        #expect(plain.problem == "invalid UTF-8 byte 0xFF in a string")

        // An overlong encoding of '/', after an escape.
        let escaped = try expectError(column: 5) { try read(Data(Array(#"["\n"#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8))) }
        #expect(escaped.problem == "invalid UTF-8 byte 0xC0 in a string")

        // A truncated three-byte sequence in a key.
        let key = try expectError(column: 5) { try read(Data(Array(#"{"ab"#.utf8) + [0xE2, 0x82] + Array(#"": 1}"#.utf8))) }
        #expect(key.problem == "invalid UTF-8 byte 0xE2 in a string")
    }

    @Test("a byte-order mark with no value after it is an empty document")
    func loneByteOrderMark() throws {
        let error = try expectError { try read(Data([0xEF, 0xBB, 0xBF])) }
        #expect(error.problem == "unexpected end of input; the document holds no value")
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 1)
    }

    @Test("with the error policy a repeated key names both places")
    func duplicateKeyError() throws {
        let error = try expectError(kind: .syntax) { try read("{\n \"a\": 1,\n \"b\": {\"c\": 1, \"a\": 1},\n \"a\": 2\n}", .init(duplicateKeys: .error)) }
        #expect(error.path.isRoot)
        #expect(error.location?.line == 4)
        #expect(error.location?.column == 2)
        #expect(error.problem == #"duplicate key "a"; it first appears at 2:2"#)
    }

    @Test("with the error policy distinct keys are accepted")
    func noDuplicateNoError() throws {
        let options = JSONSerializer.Options(duplicateKeys: .error)
        let value = try JSONSerializer(options: options).deserialize(fromString: #"{"a": {"a": 1}, "b": 2}"#)
        #expect(value.orderedMap?.keys == ["a", "b"])
    }

    @Test("nesting past the depth limit is refused at the opening bracket")
    func depthLimit() throws {
        let limit = ParsingLimits.default.maxDepth
        let text = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try expectError(kind: .limitExceeded, line: 1) { try read(text) }
        #expect(error.location?.column == limit + 1)
        #expect(error.problem == "arrays and objects nest deeper than the limit of \(limit) levels")
        #expect(error.path.components.count == limit)

        let small = try expectError(kind: .limitExceeded) { try read(#"{"a": {"b": [1]}}"#, .init(limits: ParsingLimits(maxDepth: 2))) }
        #expect(small.path.description == "a.b")
        #expect(small.location?.column == 13)
        #expect(small.problem == "arrays and objects nest deeper than the limit of 2 levels")
    }

    @Test("input larger than the byte limit is refused before reading")
    func inputSizeLimit() throws {
        let error = try expectError(kind: .limitExceeded) { try read("[1,2]", .init(limits: ParsingLimits(maxInputBytes: 4))) }
        #expect(error.problem == "the input is 5 bytes, more than the limit of 4")
        #expect(throws: Never.self) {
            _ = try JSONSerializer(options: .init(limits: ParsingLimits(maxInputBytes: 5))).deserialize(fromString: "[1,2]")
        }
    }

    // MARK: - Deep input on small stacks

    static let deepArrays = Data(repeating: UInt8(ascii: "["), count: 100_000)
    static let deepObjects = Data(String(repeating: #"{"a":"#, count: 100_000).utf8)

    @Test("100,000 nested arrays are an error on the main thread")
    @MainActor
    func deepOnMainThread() {
        for data in [Self.deepArrays, Self.deepObjects] {
            let error = #expect(throws: DataMapperError.self) { _ = try JSONSerializer().deserialize(data) }
            #expect(error?.kind == .limitExceeded)
        }
    }

    @Test("100,000 nested arrays are an error inside a task")
    func deepInTask() async {
        let result = await Task { try JSONSerializer().deserialize(Self.deepArrays) }.result
        #expect(throws: DataMapperError.self) { _ = try result.get() }
        let objects = await Task { try JSONSerializer().deserialize(Self.deepObjects) }.result
        #expect(throws: DataMapperError.self) { _ = try objects.get() }
    }

    @Test("100,000 nested arrays are an error inside a detached task")
    func deepInDetachedTask() async {
        let result = await Task.detached { try JSONSerializer().deserialize(Self.deepArrays) }.result
        let error = #expect(throws: DataMapperError.self) { _ = try result.get() }
        #expect(error?.kind == .limitExceeded)
    }
}
