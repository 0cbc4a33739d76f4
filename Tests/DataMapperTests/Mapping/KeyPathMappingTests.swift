import DataMapper
import Testing

// Issue 28: `data[path:]` on the three data views, and Mappable-style splitting of
// plain subscripts as an opt-in mapper option.

private struct Country: Mappable {
    var name = ""
    var continent = ""
    var third = 0

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["name"].map(&name)
        try data["location.continent"].map(&continent)
        try data["list.`2`"].map(&third)
    }
}

@Suite struct KeyPathMappingTests {
    func at(_ line: Int, _ column: Int, _ kind: SupportedType.Kind) -> SupportedType {
        SupportedType(kind, position: .text(line: line, column: column))
    }

    /// {"a": {"b": [10, 20, {"c": "x"}]}, "app.kubernetes.io/name": "web"} with positions.
    var document: SupportedType {
        let list = at(1, 13, .array([at(1, 14, .int(10)), at(1, 18, .int(20)), at(1, 22, .dictionary(["c": at(1, 28, .string("x"))]))]))
        return at(1, 1, .dictionary([
            "a": at(1, 7, .dictionary(["b": list])),
            "app.kubernetes.io/name": at(2, 30, .string("web")),
        ]))
    }

    var data: DeserializableData { DeserializableData(value: document, objectMapper: ObjectMapper()) }

    @Test("a path reads keys and indexes in both index spellings")
    func readsPaths() throws {
        #expect(try data[path: "a.b[1]"].get() == 20)
        #expect(try data[path: "a.b.`1`"].get() == 20)
        #expect(try data[path: "a.b[2].c"].get() == "x")
        #expect(try data[path: "[\"app.kubernetes.io/name\"]"].get() == "web")
        #expect(try data[path: DataPath(parsing: ".a.b[0]")].get() == 10)
    }

    @Test("a plain subscript stays one literal key")
    func plainKeyIsLiteral() throws {
        #expect(try data["app.kubernetes.io/name"].get() == "web")
        let split: Int? = data["a.b"].get()
        #expect(split == nil)
    }

    @Test("an index past the end names the full path and the array's position")
    func indexPastEnd() {
        let error = #expect(throws: DataMapperError.self) {
            let _: Int = try data[path: "a.b[5]"].get()
        }
        #expect(error?.kind == .missingKey)
        #expect(error?.path.description == "a.b[5]")
        #expect(error?.location?.line == 1)
        #expect(error?.location?.column == 13)
        #expect(error?.message.contains("index 5 is past the end") == true)
    }

    @Test("an index into a value that is not an array says what it found")
    func indexIntoDictionary() {
        let error = #expect(throws: DataMapperError.self) {
            let _: Int = try data[path: "a[0]"].get()
        }
        #expect(error?.path.description == "a[0]")
        #expect(error?.location?.column == 7)
        #expect(error?.message.contains("expected an array holding index 0, found a dictionary") == true)
    }

    @Test("a missing key after an index names the full path")
    func missingKeyAfterIndex() {
        let error = #expect(throws: DataMapperError.self) {
            let _: String = try data[path: "a.b[2].d"].get()
        }
        #expect(error?.path.description == "a.b[2].d")
        #expect(error?.location?.column == 22)
    }

    @Test("a mismatch inside a nested object read through a path names the full path")
    func mismatchUnderPath() {
        let error = #expect(throws: DataMapperError.self) {
            let _: Int = try data[path: "a.b[2].c"].get()
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.path.description == "a.b[2].c")
        #expect(error?.location?.column == 28)
    }

    @Test("writing through a path creates dictionaries and arrays on the way")
    func writesPaths() {
        var data = SerializableData(value: [:], objectMapper: ObjectMapper())
        data[path: "a.b[0]"].set(1)
        data[path: "a.b[1].c"].set("x")
        data[path: "a.b[0]"].set(2)
        data["app.kubernetes.io/name"].set("web")
        let expected: SupportedType = ["a": ["b": [2, ["c": "x"]]], "app.kubernetes.io/name": "web"]
        #expect(data.value == expected)
    }

    @Test("writing past the end fills the gap with null, which later writes replace")
    func writesOutOfOrder() {
        var data = SerializableData(value: [:], objectMapper: ObjectMapper())
        data[path: "list[2]"].set(30)
        #expect(data.value == ["list": [nil, nil, 30]])
        data[path: "list[0]"].set(10)
        data[path: "list[1]"].set(20)
        #expect(data.value == ["list": [10, 20, 30]])
    }

    @Test("writing an index into a value that is not an array replaces it with one")
    func writesIndexOverScalar() {
        var data = SerializableData(value: ["list": "x"], objectMapper: ObjectMapper())
        data[path: "list[0]"].set(1)
        #expect(data.value == ["list": [1]])
    }

    @Test("a malformed path from input is a syntax error with its column")
    func malformedPath() {
        let error = #expect(throws: DataMapperError.self) { try DataPath(parsing: "a..b") }
        #expect(error?.kind == .syntax)
        #expect(error?.location?.column == 3)
    }

    @Test("mappable key splitting reads and writes Mappable's paths through plain subscripts")
    func mappableSplitting() throws {
        let value: SupportedType = ["name": "France", "location": ["continent": "Europe"], "list": [1, 2, 3]]
        let mapper = ObjectMapper(keySplitting: .mappable)
        let country = try mapper.deserialize(value, as: Country.self)
        #expect(country.continent == "Europe")
        #expect(country.third == 3)
        let written = mapper.serialize(country)
        #expect(written == ["name": "France", "location": ["continent": "Europe"], "list": [nil, nil, 3]])
    }

    @Test("without the option, Mappable's paths are literal keys and reading fails")
    func literalByDefault() {
        let value: SupportedType = ["name": "France", "location": ["continent": "Europe"], "list": [1, 2, 3]]
        let error = #expect(throws: DataMapperError.self) { try ObjectMapper().deserialize(value, as: Country.self) }
        #expect(error?.kind == .missingKey)
        #expect(error?.path == ["location.continent"])
    }

    @Test("mappable splitting keeps a key the grammar does not read as one literal key")
    func mappableFallsBackToLiteral() throws {
        let value: SupportedType = ["a..b": 1]
        let data = DeserializableData(value: value, objectMapper: ObjectMapper(keySplitting: .mappable))
        #expect(try data["a..b"].get() == 1)
    }

    @Test("the mappable view reads and writes through a path")
    func mappableDataPath() throws {
        var reading = MappableData(deserializing: DeserializableData(value: ["a": [5, 6]], objectMapper: ObjectMapper()))
        var read = 0
        try reading[path: "a[1]"].map(&read)
        #expect(read == 6)
        var writing = MappableData(serializing: SerializableData(value: [:], objectMapper: ObjectMapper()))
        try writing[path: "a[0].b"].map(&read)
        #expect(writing.serializingData?.value == ["a": [["b": 6]]])
    }
}
