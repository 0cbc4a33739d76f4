import DataMapper
import DataMapperJSON
import DataMapperOperators
import DataMapperTestSupport
import Foundation
import Testing

// The operators throw what the `map` calls they stand for throw: the same kind, key
// path, line and column, for every required shape.

@Suite struct OperatorErrorTests {
    let mapper = ObjectMapper()

    /// A pet document with `field` replaced by `value` (JSON text), one key per line.
    func document(replacing field: String, with value: String) throws -> SupportedType {
        var lines = [
            "\"name\": \"Rex\"", "\"species\": \"cat\"", "\"born\": \"2024-05-17T09:30:00Z\"",
            "\"tags\": [\"calm\"]", "\"scores\": {\"agility\": 3}", "\"sizes\": [1]", "\"weights\": []",
        ]
        if let index = lines.firstIndex(where: { $0.hasPrefix("\"\(field)\":") }) {
            lines[index] = "\"\(field)\": \(value)"
        } else {
            lines.append("\"\(field)\": \(value)")
        }
        let text = "{\n" + lines.joined(separator: ",\n") + "\n}"
        return try JSONSerializer().deserialize(Data(text.utf8))
    }

    /// Maps `value` with both forms and requires the same error from each.
    @discardableResult
    func expectSameError(kind: DataMapperError.Kind, path: DataPath, line: Int, column: Int,
                         in value: SupportedType, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> DataMapperError {
        let byOperators = try expectError(kind: kind, path: path, line: line, column: column, sourceLocation: sourceLocation) {
            try mapper.deserialize(value, as: OperatorPet.self)
        }
        let byMap = try expectError(sourceLocation: sourceLocation) { try mapper.deserialize(value, as: MethodPet.self) }
        #expect(byOperators == byMap, sourceLocation: sourceLocation)
        return byOperators
    }

    @Test("an element of the wrong type in a required array names its index, line and column")
    func arrayElement() throws {
        let value = try document(replacing: "tags", with: "[\"calm\", 4]")
        try expectSameError(kind: .typeMismatch, path: DataPath([.key("tags"), .index(1)]), line: 5, column: 18, in: value)
    }

    @Test("an unknown raw value of a required enum is an invalid value at its key")
    func unknownCase() throws {
        let value = try document(replacing: "species", with: "\"fish\"")
        let error = try expectSameError(kind: .invalidValue, path: ["species"], line: 3, column: 12, in: value)
        #expect(error.description.contains("fish"))
    }

    @Test("a required field through a transformation fails where the transformation does")
    func transformationFailure() throws {
        let value = try document(replacing: "born", with: "\"yesterday\"")
        try expectSameError(kind: .invalidValue, path: ["born"], line: 4, column: 9, in: value)
    }

    @Test("a missing required field is a missing key at the dictionary that should hold it")
    func missingKey() throws {
        let value: SupportedType = try JSONSerializer().deserialize(Data("{\n  \"species\": \"cat\"\n}".utf8))
        try expectSameError(kind: .missingKey, path: ["name"], line: 1, column: 1, in: value)
    }

    @Test("a raw value outside a set's enum names the element's index")
    func setElement() throws {
        let value = try document(replacing: "sizes", with: "[1, 3]")
        try expectSameError(kind: .invalidValue, path: DataPath([.key("sizes"), .index(1)]), line: 7, column: 14, in: value)
    }

    @Test("a dictionary value of the wrong type names its key")
    func dictionaryValue() throws {
        let value = try document(replacing: "scores", with: "{\"agility\": \"high\"}")
        try expectSameError(kind: .typeMismatch, path: DataPath([.key("scores"), .key("agility")]), line: 6, column: 23, in: value)
    }
}
