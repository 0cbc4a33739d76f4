import DataMapper
import Foundation
import Testing

// The seed's "MappableData" section: map in its three forms, with and without a
// transformation; try and or change deserialization only.

private enum Size: String { case small, large }

private struct Settings: Mappable, Equatable {
    var name: String?
    var volume: Int = 0
    var theme: String = "light"
    var size: Size?
    var strictSize: Size = .small
    var fallbackSize: Size = .small
    var tags: [String] = []
    var scores: [String: Int]?

    init() {}

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["name"].map(&name)
        try data["volume"].map(&volume)
        data["theme"].map(&theme, or: "light")
        data["size"].map(&size, using: EnumTransformation())
        try data["strictSize"].map(&strictSize, using: EnumTransformation())
        data["fallbackSize"].map(&fallbackSize, using: EnumTransformation(), or: .large)
        data["display", "tags"].map(&tags, or: [])
        data["scores"].map(&scores)
    }
}

@Suite struct MappableDataTests {
    let mapper = ObjectMapper()
    let full: SupportedType = [
        "name": "desk", "volume": 5, "theme": "dark", "size": "large", "strictSize": "large",
        "fallbackSize": "small", "display": ["tags": ["a", "b"]], "scores": ["x": 1],
    ]

    @Test("map reads every form while deserializing")
    func reads() throws {
        let settings = try mapper.deserialize(full, as: Settings.self)
        #expect(settings.name == "desk")
        #expect(settings.volume == 5)
        #expect(settings.theme == "dark")
        #expect(settings.size == .large)
        #expect(settings.strictSize == .large)
        #expect(settings.fallbackSize == .small)
        #expect(settings.tags == ["a", "b"])
        #expect(settings.scores == ["x": 1])
    }

    @Test("the or form stores its default, the optional form nil, when values are absent")
    func defaults() throws {
        let settings = try mapper.deserialize(["volume": 1, "strictSize": "small", "fallbackSize": "huge"], as: Settings.self)
        #expect(settings.name == nil)
        #expect(settings.theme == "light")
        #expect(settings.size == nil)
        #expect(settings.fallbackSize == .large)
        #expect(settings.tags == [])
    }

    @Test("the try form throws while deserializing when the value is missing")
    func tryThrows() {
        #expect(throws: DataMapperError(.missingKey, message: "the key \"volume\" is missing", path: ["volume"])) {
            try mapper.deserialize(["strictSize": "small"], as: Settings.self)
        }
    }

    @Test("an unknown enum raw value is an invalidValue error")
    func unknownRawValue() {
        let expected = DataMapperError(.invalidValue, message: "the string \"medium\" is not a raw value of Size",
                                       path: ["strictSize"])
        #expect(throws: expected) {
            try mapper.deserialize(["volume": 1, "strictSize": "medium"], as: Settings.self)
        }
    }

    @Test("map writes every field while serializing, whatever its form")
    func writes() {
        var settings = Settings()
        settings.volume = 2
        settings.tags = ["t"]
        let value = mapper.serialize(settings)
        #expect(value == [
            "name": nil, "volume": 2, "theme": "light", "size": nil, "strictSize": "small",
            "fallbackSize": "small", "display": ["tags": ["t"]], "scores": nil,
        ])
    }

    @Test("serializing then deserializing gives the same settings")
    func roundTrip() throws {
        let settings = try mapper.deserialize(full, as: Settings.self)
        #expect(try mapper.deserialize(mapper.serialize(settings), as: Settings.self) == settings)
    }

    @Test("MappableData reports its mode")
    func mode() {
        let reading = MappableData(deserializing: DeserializableData(value: nil, objectMapper: mapper))
        let writing = MappableData(serializing: SerializableData(value: .null, objectMapper: mapper))
        #expect(reading.isDeserializing)
        #expect(!writing.isDeserializing)
        #expect(reading.serializingData == nil)
        #expect(writing.deserializingData == nil)
    }
}
