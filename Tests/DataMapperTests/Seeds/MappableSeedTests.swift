import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

// The Mappable seed's documented behaviours, each shown in our API with models and
// data of our own. Documents are parsed from JSON text so that errors carry a line
// and column; the positions in the expectations were counted by hand.

private func parse(_ text: String) throws -> SupportedType {
    try JSONSerializer().deserialize(Data(text.utf8))
}

private enum Region: String, CaseIterable { case north, south }

/// An immutable model: every field a `let`, assigned once in the initializer.
private struct Observatory: Deserializable {
    let name: String
    let elevation: Int
    let region: Region
    let instruments: [Lens]

    init(_ data: DeserializableData) throws {
        name = try data.name.get()
        elevation = try data.elevation.get()
        region = try data[path: "site.region"].get()
        instruments = try data["instruments"].get()
    }
}

private struct Lens: Deserializable, Equatable {
    let focal: Int
    init(_ data: DeserializableData) throws { focal = try data["focal"].get() }
}

/// Reads Mappable's dotted keys through plain subscripts; needs `keySplitting: .mappable`.
private struct PortedSite: Deserializable {
    let region: Region
    let third: Double
    init(_ data: DeserializableData) throws {
        region = try data["site.region"].get()
        third = try data["readings.`2`"].get()
    }
}

private final class Dome: Deserializable {
    let diameter: Double
    init(_ data: DeserializableData) throws { diameter = try data["diameter"].get() }
}

/// One field of every kind the seed lists, and combinations of them.
private struct Inventory: Deserializable {
    let count: Int
    let ratio: Double
    let label: String
    let open: Bool
    let homepage: URL
    let opened: Date
    let scores: [Int]
    let weights: [String: Double]
    let tags: Set<String>
    let regions: Set<Region>
    let nickname: String?
    let region: Region
    let lens: Lens
    let dome: Dome
    let lensesByRoom: [String: Lens?]
    let spares: [Lens]?
    let optionalScores: [Int?]

    init(_ data: DeserializableData) throws {
        count = try data["count"].get()
        ratio = try data["ratio"].get()
        label = try data["label"].get()
        open = try data["open"].get()
        homepage = try data["homepage"].get()
        opened = try data["opened"].get()
        scores = try data["scores"].get()
        weights = try data["weights"].get()
        tags = try data["tags"].get()
        regions = try data["regions"].get()
        nickname = data["nickname"].get()
        region = try data["region"].get()
        lens = try data["lens"].get()
        dome = try data["dome"].get()
        lensesByRoom = try data["lensesByRoom"].get()
        spares = data["spares"].get()
        optionalScores = try data["optionalScores"].get()
    }
}

/// Optional fields and defaults: nothing here throws.
private struct Visitor: Deserializable {
    let id: String
    let note: String?
    let age: Int?
    let badges: [String]

    init(_ data: DeserializableData) throws {
        id = try data["id"].get()
        note = data["note"].get()
        age = data["age"].get()
        badges = data["badges"].get() ?? []
    }
}

private struct ListHolder: Deserializable {
    let field: [Int]
    init(_ data: DeserializableData) throws { field = try data["field"].get() }
}

private struct Holder<Field: Deserializable>: Deserializable {
    let field: Field
    init(_ data: DeserializableData) throws { field = try data["field"].get() }
}

/// A temperature written as text with its unit, converted by hand from the raw value.
private struct Weather: Deserializable {
    let celsius: Double
    init(_ data: DeserializableData) throws {
        guard let raw = data["temperature"].value, let text = raw.string, text.hasSuffix("C"),
              let number = Double(text.dropLast()) else {
            throw DataMapperError.invalidValue("a temperature such as \"12.5C\"", at: data["temperature"].value ?? .null)
        }
        celsius = number
    }
}

/// An enum with associated values, picked by a `kind` field.
private enum Measurement: Deserializable, Equatable {
    case count(Int)
    case label(String)

    init(_ data: DeserializableData) throws {
        let kind: String = try data["kind"].get()
        switch kind {
        case "count": self = .count(try data["amount"].get())
        case "label": self = .label(try data["amount"].get())
        default: throw DataMapperError.invalidValue("the kind \"count\" or \"label\"", at: data["kind"].value ?? .null)
        }
    }
}

private class Instrument: Deserializable {
    let serial: String
    required init(_ data: DeserializableData) throws { serial = try data["serial"].get() }
}

private final class Camera: Instrument {
    let megapixels: Int
    required init(_ data: DeserializableData) throws {
        megapixels = try data["megapixels"].get()
        try super.init(data)
    }
}

private struct Stamped: Deserializable {
    let at: Date
    init(_ data: DeserializableData) throws { at = try data["at"].get() }
}

@Suite struct MappableSeedTests {
    let observatoryText = """
        {
          "name": "Ridge",
          "elevation": 2400,
          "site": {"region": "north"},
          "instruments": [{"focal": 500}, {"focal": 1200}]
        }
        """

    @Test("an immutable model reads every let field in its initializer")
    func immutableModel() throws {
        let observatory = try ObjectMapper().deserialize(parse(observatoryText), as: Observatory.self)
        #expect(observatory.name == "Ridge")
        #expect(observatory.elevation == 2400)
        #expect(observatory.region == .north)
        #expect(observatory.instruments.map(\.focal) == [500, 1200])
    }

    @Test("a key that is an identifier reads as a member")
    func memberLookup() throws {
        let data = DeserializableData(value: try parse(observatoryText), objectMapper: ObjectMapper())
        #expect(try data.name.get() == "Ridge")
        #expect(try data.site.region.get() == Region.north)
        let missing: String? = data.telescope.get()
        #expect(missing == nil)
    }

    @Test("key paths through data[path:], with both index spellings")
    func pathSubscript() throws {
        let data = DeserializableData(value: try parse(#"{"site": {"region": "south"}, "readings": [1.5, 2.5, 3.5]}"#), objectMapper: ObjectMapper())
        #expect(try data[path: "site.region"].get() == Region.south)
        #expect(try data[path: "readings.`2`"].get() == 3.5)
        #expect(try data[path: "readings[0]"].get() == 1.5)
    }

    @Test("Mappable's dotted keys through plain subscripts under keySplitting: .mappable")
    func mappableSplitting() throws {
        let value = try parse(#"{"site": {"region": "south"}, "readings": [1.5, 2.5, 3.5]}"#)
        let site = try ObjectMapper(keySplitting: .mappable).deserialize(value, as: PortedSite.self)
        #expect(site.region == .south)
        #expect(site.third == 3.5)
        // Without the option a dotted key is one literal key, which this document lacks.
        try expectError(kind: .missingKey, path: ["site.region"]) {
            try ObjectMapper().deserialize(value, as: PortedSite.self)
        }
    }

    @Test("primitives, URL, Date, arrays, dictionaries, sets, optionals, enums, structs, classes and combinations")
    func supportedTypes() throws {
        let text = """
            {"count": 3, "ratio": 0.25, "label": "east wing", "open": true,
             "homepage": "https://example.org/ridge", "opened": 86400,
             "scores": [4, 5], "weights": {"a": 1.5, "b": 2},
             "tags": ["dark", "dry", "dark"], "regions": ["south", "north"],
             "region": "south", "lens": {"focal": 35}, "dome": {"diameter": 12.5},
             "lensesByRoom": {"r1": {"focal": 50}, "r2": {"focal": "?"}}, "spares": [{"focal": 85}],
             "optionalScores": [1, null, 3]}
            """
        let inventory = try ObjectMapper().deserialize(parse(text), as: Inventory.self)
        #expect(inventory.count == 3)
        #expect(inventory.ratio == 0.25)
        #expect(inventory.label == "east wing")
        #expect(inventory.open)
        #expect(inventory.homepage.host == "example.org")
        #expect(inventory.opened == Date(timeIntervalSince1970: 86400))
        #expect(inventory.scores == [4, 5])
        #expect(inventory.weights == ["a": 1.5, "b": 2])
        #expect(inventory.tags == ["dark", "dry"])
        #expect(inventory.regions == [.north, .south])
        #expect(inventory.nickname == nil)
        #expect(inventory.region == .south)
        #expect(inventory.lens.focal == 35)
        #expect(inventory.dome.diameter == 12.5)
        #expect(inventory.lensesByRoom["r1"]??.focal == 50)
        #expect(inventory.lensesByRoom["r2"] == .some(nil), "a failing entry of [String: T?] is kept as nil")
        #expect(inventory.spares?.map(\.focal) == [85])
        #expect(inventory.optionalScores == [1, nil, 3])
    }

    @Test("a default value through ??")
    func defaultValue() throws {
        let visitor = try ObjectMapper().deserialize(parse(#"{"id": "v1"}"#), as: Visitor.self)
        #expect(visitor.badges == [])
        let badged = try ObjectMapper().deserialize(parse(#"{"id": "v2", "badges": ["gold"]}"#), as: Visitor.self)
        #expect(badged.badges == ["gold"])
    }

    @Test("an optional field is nil when missing or malformed, and nothing throws")
    func optionalHandling() throws {
        let missing = try ObjectMapper().deserialize(parse(#"{"id": "v1"}"#), as: Visitor.self)
        #expect(missing.note == nil)
        #expect(missing.age == nil)
        let malformed = try ObjectMapper().deserialize(parse(#"{"id": "v1", "note": 7, "age": "old", "badges": "x"}"#), as: Visitor.self)
        #expect(malformed.note == nil)
        #expect(malformed.age == nil)
        #expect(malformed.badges == [])
        let present = try ObjectMapper().deserialize(parse(#"{"id": "v1", "note": "hi", "age": 30}"#), as: Visitor.self)
        #expect(present.note == "hi")
        #expect(present.age == 30)
    }

    /// `{"field": <value>}` with the value on line 2 at column 12.
    func field(_ json: String) throws -> SupportedType {
        try parse("{\n  \"field\": \(json)\n}")
    }

    @Test("Int and Double from decimal text under .compatible, refused under .strict")
    func numbersFromText() throws {
        let compatible = ObjectMapper(conversionPolicy: .compatible)
        #expect(try compatible.deserialize(field(#""12""#), as: Holder<Int>.self).field == 12)
        #expect(try compatible.deserialize(field(#""2.5""#), as: Holder<Double>.self).field == 2.5)
        try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
            try ObjectMapper().deserialize(field(#""12""#), as: Holder<Int>.self)
        }
        try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
            try ObjectMapper().deserialize(field(#""2.5""#), as: Holder<Double>.self)
        }
    }

    @Test("Bool from words and 0/1 under .compatible, refused under .strict", arguments: [
        (#""true""#, true), (#""True""#, true), (#""YES""#, true), (#""no""#, false), (#""FALSE""#, false),
        (#""1""#, true), (#""0""#, false), ("1", true), ("0", false),
    ])
    func boolFromText(json: String, expected: Bool) throws {
        #expect(try ObjectMapper(conversionPolicy: .compatible).deserialize(field(json), as: Holder<Bool>.self).field == expected)
        try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
            try ObjectMapper().deserialize(field(json), as: Holder<Bool>.self)
        }
    }

    @Test("String from integers and floating-point numbers under .compatible, refused under .strict")
    func stringFromNumbers() throws {
        let compatible = ObjectMapper(conversionPolicy: .compatible)
        #expect(try compatible.deserialize(field("42"), as: Holder<String>.self).field == "42")
        #expect(try compatible.deserialize(field("2.5"), as: Holder<String>.self).field == "2.5")
        try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
            try compatible.deserialize(field("true"), as: Holder<String>.self)
        }
        try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
            try ObjectMapper().deserialize(field("42"), as: Holder<String>.self)
        }
    }

    @Test("URL from a string under either policy; a number is refused")
    func urlFromString() throws {
        for mapper in [ObjectMapper(), ObjectMapper(conversionPolicy: .compatible)] {
            #expect(try mapper.deserialize(field(#""https://example.org/a""#), as: Holder<URL>.self).field.path == "/a")
            try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
                try mapper.deserialize(field("5"), as: Holder<URL>.self)
            }
        }
    }

    @Test("Date from seconds as text or RFC 3339 text under .compatible, refused under .strict")
    func dateFromText() throws {
        let compatible = ObjectMapper(conversionPolicy: .compatible)
        // 2020-01-01T00:00:00Z is 18262 days after 1970-01-01: 18262 × 86400 s.
        let expected = Date(timeIntervalSince1970: 1_577_836_800)
        #expect(try compatible.deserialize(field("1577836800"), as: Holder<Date>.self).field == expected)
        #expect(try compatible.deserialize(field(#""1577836800""#), as: Holder<Date>.self).field == expected)
        #expect(try compatible.deserialize(field(#""2020-01-01T01:00:00+01:00""#), as: Holder<Date>.self).field == expected)
        for json in [#""1577836800""#, #""2020-01-01T01:00:00+01:00""#] {
            try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
                try ObjectMapper().deserialize(field(json), as: Holder<Date>.self)
            }
        }
    }

    @Test("a single value as a list of one under .compatible, refused under .strict")
    func listFromSingleValue() throws {
        #expect(try ObjectMapper(conversionPolicy: .compatible).deserialize(field("7"), as: ListHolder.self).field == [7])
        try expectError(kind: .typeMismatch, path: ["field"], line: 2, column: 12) {
            try ObjectMapper().deserialize(field("7"), as: ListHolder.self)
        }
    }

    @Test("a custom conversion from the raw value, with a located error when it fails")
    func customConversion() throws {
        #expect(try ObjectMapper().deserialize(parse(#"{"temperature": "-3.5C"}"#), as: Weather.self).celsius == -3.5)
        try expectError(kind: .invalidValue, line: 2, column: 18) {
            try ObjectMapper().deserialize(parse("{\n  \"temperature\": \"hot\"\n}"), as: Weather.self)
        }
    }

    @Test("a date strategy on the mapper")
    func dateStrategy() throws {
        let value = try parse(#"{"at": "2020-01-01T00:00:00Z"}"#)
        let stamped = try ObjectMapper(dateStrategy: .iso8601).deserialize(value, as: Stamped.self)
        #expect(stamped.at == Date(timeIntervalSince1970: 1_577_836_800))
        let millis = try ObjectMapper(dateStrategy: .millisecondsSince1970).deserialize(parse(#"{"at": 1500}"#), as: Stamped.self)
        #expect(millis.at == Date(timeIntervalSince1970: 1.5))
        try expectError(path: ["at"], line: 1, column: 8) { try ObjectMapper().deserialize(value, as: Stamped.self) }
    }

    @Test("an enum with associated values read by hand")
    func enumWithValues() throws {
        let list = try parse(#"[{"kind": "count", "amount": 4}, {"kind": "label", "amount": "dim"}]"#)
        #expect(try [Measurement](from: list) == [.count(4), .label("dim")])
        try expectError(kind: .invalidValue, line: 1, column: 10) {
            try Measurement(from: parse(#"{"kind": "size", "amount": 1}"#))
        }
        try expectError(kind: .typeMismatch, path: ["amount"], line: 1, column: 29) {
            try Measurement(from: parse(#"{"kind": "count", "amount": "four"}"#))
        }
    }

    @Test("a subclass reads its own fields and its parent's")
    func classInheritance() throws {
        let camera = try ObjectMapper().deserialize(parse(#"{"serial": "C-9", "megapixels": 24}"#), as: Camera.self)
        #expect(camera.serial == "C-9")
        #expect(camera.megapixels == 24)
        try expectError(kind: .missingKey, path: ["serial"], line: 1, column: 1) {
            try ObjectMapper().deserialize(parse(#"{"megapixels": 24}"#), as: Camera.self)
        }
    }

    @Test("a required field that is missing names its key path and the holding object's position")
    func missingRequired() throws {
        let text = """
            {
              "name": "Ridge",
              "elevation": 2400,
              "site": {"area": "north"},
              "instruments": []
            }
            """
        try expectError(kind: .missingKey, path: "site.region", line: 4, column: 11) {
            try ObjectMapper().deserialize(parse(text), as: Observatory.self)
        }
    }

    @Test("a malformed value deep in an array names its full path and position")
    func mismatchInArray() throws {
        let text = """
            {
              "name": "Ridge",
              "elevation": 2400,
              "site": {"region": "north"},
              "instruments": [{"focal": 500}, {"focal": "wide"}]
            }
            """
        try expectError(kind: .typeMismatch, path: "instruments[1].focal", line: 5, column: 45) {
            try ObjectMapper().deserialize(parse(text), as: Observatory.self)
        }
    }

    @Test("an unknown raw value names the path and the accepted values")
    func unknownRawValue() throws {
        let error = try expectError(path: "site.region", line: 1, column: 21) {
            try ObjectMapper().deserialize(parse(#"{"site": {"region": "east"}, "name": "R", "elevation": 1, "instruments": []}"#), as: Observatory.self)
        }
        #expect(error.message.contains("north"))
    }
}
