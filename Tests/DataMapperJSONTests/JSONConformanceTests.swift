import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Runs every file of JSONTestSuite (`shared/conformance/json/`) through the reader:
/// `y_` files must parse, `n_` files must be refused with a `DataMapperError`, and
/// `i_` files may go either way but must not crash.
@Suite struct JSONConformanceTests {
    static let suite = SharedData.jsonConformance

    /// The names of the suite's `.json` files, sorted; empty when the folder is missing.
    static let fileNames = suite.fileNames(endingIn: ".json")

    static func contents(of name: String) throws -> Data {
        try Data(contentsOf: suite.file(name))
    }

    @Test("the JSONTestSuite folder is complete", suite.enabledIfPresent)
    func folderIsComplete() {
        #expect(Self.fileNames.count == 318, "expected the 318 JSONTestSuite files in \(Self.suite.url.path)")
        #expect(Self.fileNames.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(Self.fileNames.filter { $0.hasPrefix("n_") }.count == 188)
        #expect(Self.fileNames.filter { $0.hasPrefix("i_") }.count == 35)
    }

    @Test("every y_ file parses", suite.enabledIfPresent, arguments: fileNames.filter { $0.hasPrefix("y_") })
    func acceptsValid(_ name: String) throws {
        let data = try Self.contents(of: name)
        #expect(throws: Never.self) { _ = try JSONSerializer().deserialize(data) }
    }

    @Test("every n_ file is refused with a DataMapperError", suite.enabledIfPresent, arguments: fileNames.filter { $0.hasPrefix("n_") })
    func refusesInvalid(_ name: String) throws {
        let data = try Self.contents(of: name)
        let error = #expect(throws: DataMapperError.self) { _ = try JSONSerializer().deserialize(data) }
        if let error {
            #expect(error.kind == .syntax || error.kind == .limitExceeded)
            #expect(error.location?.line != nil, "a syntax error names its line: \(error)")
        }
    }

    @Test("every i_ file either parses or throws a DataMapperError", suite.enabledIfPresent, arguments: fileNames.filter { $0.hasPrefix("i_") })
    func survivesImplementationDefined(_ name: String) throws {
        let data = try Self.contents(of: name)
        // The reader throws only DataMapperError; a refusal must still explain itself.
        do {
            _ = try JSONSerializer().deserialize(data)
        } catch {
            #expect(!error.message.isEmpty)
            #expect(error.location != nil || error.kind == .limitExceeded)
        }
    }

    @Test("y_ files give the values they spell", suite.enabledIfPresent, arguments: suite.cases([
        ("y_structure_lonely_int.json", SupportedType.int(42)),
        ("y_structure_lonely_string.json", .string("asd")),
        ("y_structure_lonely_null.json", .null),
        ("y_structure_lonely_true.json", .bool(true)),
        ("y_number_negative_zero.json", .array([.int(0)])),
        ("y_string_unicode_U+10FFFE_nonchar.json", .array([.string("\u{10FFFE}")])),
        ("y_string_accepted_surrogate_pair.json", .array([.string("\u{10437}")])),
        ("y_object_escaped_null_in_key.json", .dictionary(["foo\u{0}bar": .int(42)] as OrderedMap)),
        ("y_object_duplicated_key.json", .dictionary(["a": .string("c")] as OrderedMap)),
        ("y_number_real_capital_e.json", .array([.double(1e22)])),
        ("y_number_minus_zero.json", .array([.int(0)])),
    ] as [(String, SupportedType)]))
    func validValues(_ name: String, _ expected: SupportedType) throws {
        let value = try JSONSerializer().deserialize(try Self.contents(of: name))
        #expect(value == expected)
    }
}
