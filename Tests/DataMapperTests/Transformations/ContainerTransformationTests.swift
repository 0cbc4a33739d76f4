import DataMapper
import Testing

// Beyond the seed: nested containers through ArrayTransformation and DictionaryTransformation.

@Suite struct ContainerTransformationTests {
    let data = DeserializableData(value: ["groups": ["a": [1, 2], "b": []], "grid": [[1], [2, "x"]]],
                                  objectMapper: ObjectMapper())

    @Test("a dictionary of arrays reads through nested transformations")
    func dictionaryOfArrays() throws {
        let groups: [String: [Int]] = try data["groups"].get(using: DictionaryTransformation(ArrayTransformation(IntTransformation())))
        #expect(groups == ["a": [1, 2], "b": []])
    }

    @Test("a failing inner element names its full path")
    func innerFailure() {
        let expected = DataMapperError(.typeMismatch, message: "expected an integer, found the string \"x\"",
                                       path: DataPath([.key("grid"), .index(1), .index(1)]))
        #expect(throws: expected) {
            let _: [[Int]] = try data["grid"].get(using: ArrayTransformation(IntTransformation()))
        }
        let lenient: [[Int]?]? = data["grid"].get(using: ArrayTransformation(IntTransformation()))
        #expect(lenient == [[1], nil] as [[Int]?])
    }

    @Test("nested containers write back, keys sorted")
    func writing() {
        let value = ObjectMapper().serialize(["b": [2], "a": [1]], using: ArrayTransformation(IntTransformation()))
        #expect(value == ["a": [1], "b": [2]])
        #expect(value.orderedMap?.keys == ["a", "b"])
    }
}
