import DataMapper
import Foundation
import Testing

// The seed's "DeserializableData" section: get in its three forms, with and without a
// transformation, and the nested subscripts.

private struct Point: Deserializable, Equatable {
    let x: Int
    let y: Int

    init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    init(_ data: DeserializableData) throws {
        x = try data["x"].get()
        y = try data["y"].get()
    }
}

@Suite struct DeserializableDataTests {
    let value: SupportedType = [
        "count": 3,
        "nothing": nil,
        "word": "hi",
        "list": [1, 2, nil, "x"],
        "map": ["a": 1, "b": "x"],
        "origin": ["x": 0, "y": 0],
        "nested": ["inner": ["deep": 42]],
        "link": "https://example.com",
    ]

    var data: DeserializableData { DeserializableData(value: value, objectMapper: ObjectMapper()) }

    // MARK: - Optional form

    @Test("the optional form gives the value, or nil when missing, null or mistyped")
    func optionalForm() {
        let count: Int? = data["count"].get()
        let missing: Int? = data["absent"].get()
        let null: Int? = data["nothing"].get()
        let mistyped: Int? = data["word"].get()
        #expect(count == 3)
        #expect(missing == nil)
        #expect(null == nil)
        #expect(mistyped == nil)
    }

    @Test("the optional form reads the container shapes with the nil rules")
    func optionalShapes() {
        let strict: [Int]? = data["list"].get()
        let lenient: [Int?]? = data["list"].get()
        let strictMap: [String: Int]? = data["map"].get()
        let lenientMap: [String: Int?]? = data["map"].get()
        #expect(strict == nil)
        #expect(lenient == [1, 2, nil, nil] as [Int?])
        #expect(strictMap == nil)
        #expect(lenientMap == ["a": 1, "b": nil] as [String: Int?])
    }

    @Test("objects are read with their own initializer")
    func objects() {
        let origin: Point? = data["origin"].get()
        #expect(origin == Point(x: 0, y: 0))
    }

    // MARK: - Throwing form

    @Test("the try form returns the value when present")
    func throwingForm() throws {
        let count: Int = try data["count"].get()
        let lenient: [Int?] = try data["list"].get()
        let origin: Point = try data["origin"].get()
        #expect(count == 3)
        #expect(lenient.count == 4)
        #expect(origin == Point(x: 0, y: 0))
    }

    @Test("the try form throws missingKey for a missing key")
    func throwingFormMissing() {
        #expect(throws: DataMapperError(.missingKey, message: "the key \"absent\" is missing", path: ["absent"])) {
            let _: Int = try data["absent"].get()
        }
    }

    @Test("the try form throws missingKey for a null value")
    func throwingFormNull() {
        #expect(throws: DataMapperError(.missingKey, message: "the value of key \"nothing\" is null", path: ["nothing"])) {
            let _: String = try data["nothing"].get()
        }
    }

    @Test("the try form throws typeMismatch for a value of the wrong type")
    func throwingFormMismatch() {
        #expect(throws: DataMapperError(.typeMismatch, message: "expected an integer, found the string \"hi\"", path: ["word"])) {
            let _: Int = try data["word"].get()
        }
    }

    @Test("the try form for [T] names the failing element by index")
    func throwingFormArrayIndex() {
        let expected = DataMapperError(.typeMismatch, message: "expected a value, found null",
                                       path: DataPath([.key("list"), .index(2)]))
        #expect(throws: expected) {
            let _: [Int] = try data["list"].get()
        }
    }

    @Test("the try form for [String: T] names the failing entry by key")
    func throwingFormDictionaryKey() {
        let expected = DataMapperError(.typeMismatch, message: "expected an integer, found the string \"x\"",
                                       path: ["map", "b"])
        #expect(throws: expected) {
            let _: [String: Int] = try data["map"].get()
        }
    }

    @Test("the try form for an object names the path inside it")
    func throwingFormInsideObject() {
        let bad: SupportedType = ["origin": ["x": 1]]
        let data = DeserializableData(value: bad, objectMapper: ObjectMapper())
        #expect(throws: DataMapperError(.missingKey, message: "the key \"y\" is missing", path: ["origin", "y"])) {
            let _: Point = try data["origin"].get()
        }
    }

    // MARK: - Default form

    @Test("the or form replaces missing, null and mistyped values")
    func defaultForm() {
        #expect(data["count"].get(or: 0) == 3)
        #expect(data["absent"].get(or: 9) == 9)
        #expect(data["nothing"].get(or: 9) == 9)
        #expect(data["word"].get(or: 9) == 9)
        #expect(data["list"].get(or: [Int]()) == [])
        #expect(data["list"].get(or: [Int?]()) == [1, 2, nil, nil] as [Int?])
        #expect(data["map"].get(or: ["z": 0]) == ["z": 0])
        #expect(data["map"].get(or: [String: Int?]()).count == 2)
        #expect(data["origin"].get(or: Point(x: 5, y: 5)) == Point(x: 0, y: 0))
    }

    // MARK: - Transformations

    @Test("get(using:) reads in the three forms through a transformation")
    func usingTransformation() throws {
        let link: URL? = data["link"].get(using: URLTransformation())
        let required: URL = try data["link"].get(using: URLTransformation())
        let fallback: URL = data["count"].get(using: URLTransformation(), or: URL(fileURLWithPath: "/"))
        #expect(link?.host == "example.com")
        #expect(required.host == "example.com")
        #expect(fallback.path == "/")
        #expect(throws: DataMapperError.self) {
            let _: URL = try data["count"].get(using: URLTransformation())
        }
        let lenient: [Int?] = try data["list"].get(using: IntTransformation())
        #expect(lenient == [1, 2, nil, nil] as [Int?])
        let strictMap: [String: Int] = data["map"].get(using: IntTransformation(), or: [:])
        #expect(strictMap.isEmpty)
    }

    // MARK: - Nested subscripts

    @Test("data[\"a\"][\"b\"], data[[\"a\", \"b\"]] and data[\"a\", \"b\"] reach the same value")
    func nestedSubscripts() {
        let chained: Int? = data["nested"]["inner"]["deep"].get()
        let array: Int? = data[["nested", "inner", "deep"]].get()
        let variadic: Int? = data["nested", "inner", "deep"].get()
        #expect(chained == 42)
        #expect(array == 42)
        #expect(variadic == 42)
    }

    @Test("a missing step in a nested path reports the whole path")
    func nestedMissingPath() {
        #expect(throws: DataMapperError(.missingKey, message: "the key \"deep\" is missing", path: ["nested", "other", "deep"])) {
            let _: Int = try data["nested", "other", "deep"].get()
        }
    }

    @Test("a key under a value that is not a dictionary says what it found")
    func keyUnderNonDictionary() {
        let expected = DataMapperError(.missingKey, message: "expected a dictionary holding key \"x\", found a string",
                                       path: ["word", "x"])
        #expect(throws: expected) {
            let _: Int = try data["word"]["x"].get()
        }
    }

    @Test("the root value can be read without a key")
    func rootValue() throws {
        let root = DeserializableData(value: "plain", objectMapper: ObjectMapper())
        let text: String = try root.get()
        #expect(text == "plain")
    }
}
