import DataMapper
import Foundation
import Testing

// The seed's "ObjectMapper" section: the five shapes, both directions, with and
// without a transformation, and the nil rules.

private struct Tag: Mappable, Equatable {
    var label: String = ""

    init(_ label: String) { self.label = label }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["label"].map(&label)
    }
}

@Suite struct ObjectMapperTests {
    let mapper = ObjectMapper()
    let good: SupportedType = ["label": "red"]
    let bad: SupportedType = ["colour": "red"]

    // MARK: - T?

    @Test("T? reads an object and gives nil for null or for data that cannot make one")
    func single() {
        let tag: Tag? = mapper.deserialize(good)
        #expect(tag == Tag("red"))
        let fromNull: Tag? = mapper.deserialize(.null)
        #expect(fromNull == nil)
        let fromBad: Tag? = mapper.deserialize(bad)
        #expect(fromBad == nil)
    }

    @Test("serialize writes an object, and nil as null")
    func serializeSingle() {
        #expect(mapper.serialize(Tag("red")) == ["label": "red"])
        let none: Tag? = nil
        #expect(mapper.serialize(none) == .null)
    }

    // MARK: - Arrays

    @Test("[T]? is nil when any element fails; [T?]? keeps a nil element instead")
    func arrays() {
        let value: SupportedType = [["label": "a"], ["colour": "b"], nil, ["label": "c"]]
        let strict: [Tag]? = mapper.deserialize(value)
        #expect(strict == nil)
        let lenient: [Tag?]? = mapper.deserialize(value)
        #expect(lenient == [Tag("a"), nil, nil, Tag("c")] as [Tag?])
    }

    @Test("[T]? reads an array whose elements all succeed")
    func arrayOfGoodElements() {
        let tags: [Tag]? = mapper.deserialize([["label": "a"], ["label": "b"]])
        #expect(tags == [Tag("a"), Tag("b")])
    }

    @Test("arrays are nil when the value is not an array")
    func arrayFromNonArray() {
        let strict: [Tag]? = mapper.deserialize(good)
        let lenient: [Tag?]? = mapper.deserialize(good)
        #expect(strict == nil)
        #expect(lenient == nil)
    }

    @Test("arrays are written element by element, nil elements as null")
    func serializeArrays() {
        #expect(mapper.serialize([Tag("a"), Tag("b")]) == [["label": "a"], ["label": "b"]])
        let withNil: [Tag?] = [Tag("a"), nil]
        #expect(mapper.serialize(withNil) == [["label": "a"], nil])
        let none: [Tag]? = nil
        #expect(mapper.serialize(none) == .null)
    }

    // MARK: - Dictionaries

    @Test("[String: T]? is nil when any entry fails; [String: T?]? keeps a nil value instead")
    func dictionaries() {
        let value: SupportedType = ["x": ["label": "a"], "y": ["colour": "b"], "z": nil]
        let strict: [String: Tag]? = mapper.deserialize(value)
        #expect(strict == nil)
        let lenient: [String: Tag?]? = mapper.deserialize(value)
        #expect(lenient == ["x": Tag("a"), "y": nil, "z": nil] as [String: Tag?])
    }

    @Test("[String: T]? reads a dictionary whose entries all succeed")
    func dictionaryOfGoodEntries() {
        let tags: [String: Tag]? = mapper.deserialize(["x": ["label": "a"]])
        #expect(tags == ["x": Tag("a")])
        let fromArray: [String: Tag]? = mapper.deserialize([["label": "a"]])
        #expect(fromArray == nil)
    }

    @Test("dictionaries are written with sorted keys, nil values as null")
    func serializeDictionaries() {
        let output = mapper.serialize(["b": Tag("2"), "a": Tag("1")])
        #expect(output.orderedMap?.keys == ["a", "b"])
        #expect(output == ["a": ["label": "1"], "b": ["label": "2"]])
        let withNil: [String: Tag?] = ["a": nil]
        #expect(mapper.serialize(withNil) == ["a": nil])
    }

    // MARK: - Transformations

    @Test("every shape also works through a transformation")
    func withTransformation() {
        let url = URLTransformation()
        let one: URL? = mapper.deserialize("https://example.com/a", using: url)
        #expect(one?.absoluteString == "https://example.com/a")
        let many: [URL]? = mapper.deserialize(["https://a.example", 5], using: url)
        #expect(many == nil)
        let someNil: [URL?]? = mapper.deserialize(["https://a.example", 5], using: url)
        #expect(someNil?.count == 2)
        #expect(someNil?[1] == nil)
        let byKey: [String: URL]? = mapper.deserialize(["home": "https://a.example"], using: url)
        #expect(byKey?["home"]?.host == "a.example")
        let byKeyNil: [String: URL?]? = mapper.deserialize(["home": 1], using: url)
        #expect(byKeyNil?.keys.sorted() == ["home"])
        #expect(mapper.serialize(URL(string: "https://a.example/x"), using: url) == "https://a.example/x")
        let urls: [URL?] = [nil]
        #expect(mapper.serialize(urls, using: url) == [nil])
    }

    @Test("SupportedTypeConvertible types map without a transformation")
    func convertibleWithoutTransformation() {
        let numbers: [Int]? = mapper.deserialize([1, 2, 3])
        #expect(numbers == [1, 2, 3])
        #expect(mapper.serialize(["a": 1.5]) == ["a": 1.5])
    }

    // MARK: - Throwing variants

    @Test("the throwing deserialize names the failing element's path")
    func throwingVariantNamesPath() {
        let value: SupportedType = [["label": "a"], ["colour": "b"]]
        #expect {
            try mapper.deserialize(value, as: [Tag].self)
        } throws: { error in
            let error = error as? DataMapperError
            return error?.kind == .missingKey && error?.path.description == "[1].label"
        }
    }

    @Test("the throwing deserialize reports null at the root as a type mismatch")
    func throwingVariantRejectsNull() {
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a value, found null")) {
            try mapper.deserialize(.null, as: Tag.self)
        }
    }

    @Test("the throwing deserialize returns the same values as the optional one on success")
    func throwingVariantSucceeds() throws {
        #expect(try mapper.deserialize(good, as: Tag.self) == Tag("red"))
        #expect(try mapper.deserialize(["k": good], as: [String: Tag].self) == ["k": Tag("red")])
        #expect(try mapper.deserialize([good, bad], as: [Tag?].self) == [Tag("red"), nil] as [Tag?])
        #expect(try mapper.deserialize(["k": bad], as: [String: Tag?].self) == ["k": nil] as [String: Tag?])
        #expect(try mapper.deserialize("7", as: String.self, using: StringTransformation()) == "7")
        #expect(try mapper.deserialize([1, 2], as: [Int].self, using: IntTransformation()) == [1, 2])
    }
}
