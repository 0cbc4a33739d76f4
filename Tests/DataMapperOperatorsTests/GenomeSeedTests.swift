import DataMapper
import DataMapperJSON
import DataMapperOperators
import DataMapperTestSupport
import Foundation
import Testing

// The Genome seed's documented behaviours, each shown in our API with models and data
// of our own. Documents are parsed from JSON text so that errors carry a line and
// column; the positions in the expectations were counted by hand.

private func parse(_ text: String) throws -> SupportedType {
    try JSONSerializer().deserialize(Data(text.utf8))
}

private enum Crop: String { case wheat, barley, fallow }

/// Constants read by an initializer and written back by `serialize(to:)`.
private struct Field: Deserializable, Serializable, Equatable {
    let code: String
    let crop: Crop
    let owner: String?

    init(code: String, crop: Crop, owner: String?) { (self.code, self.crop, self.owner) = (code, crop, owner) }

    init(_ data: DeserializableData) throws {
        code = try data["code"].get()
        owner = data["owner"].get()
        // An unknown crop reads as fallow, through a closure over the raw text.
        crop = try data["crop"].get(using: AnyDeserializableTransformation<Crop> { value in
            Crop(rawValue: value.string ?? "") ?? .fallow
        })
    }

    func serialize(to data: inout SerializableData) {
        data["code"].set(code)
        data["crop"].set(crop)
        data["owner"].set(owner)
    }
}

/// The three operators: `<~>` both ways, `<~` read only, `~>` write only.
private struct Tractor: Mappable {
    var model = ""
    var hours = 0
    var servicedAt: Date?
    let fleetID: String
    var power: Int = 0

    init(fleetID: String) { self.fleetID = fleetID }

    init(_ data: DeserializableData) throws {
        fleetID = "unassigned"
        try mapping(data)
    }

    /// Horsepower in the document, kilowatts in the model (1 hp taken as 3/4 kW).
    static let kilowatts = AnyTransformation<Int>(
        transformFrom: { value in
            guard let horsepower = value.int else { throw DataMapperError.typeMismatch(expected: "an integer", found: value) }
            return horsepower * 3 / 4
        },
        transformObject: { .int($0 * 4 / 3) }
    )

    mutating func mapping(_ data: inout MappableData) throws {
        try model <~> data["model"]
        try hours <~> data["hours"]
        servicedAt <~ data["serviced_at"][using: ISO8601DateTransformation()]
        fleetID ~> data["fleet_id"]
        try power <~> data["power"][using: Self.kilowatts]
    }
}

extension MappingContextKey where Value == String {
    fileprivate static let farm = MappingContextKey("test.genome.farm")
}

/// Reads the farm from the context, in a nested model and in a Codable one.
private struct Barn: Deserializable {
    let farm: String?
    let silo: Silo
    let stalls: [Stall]

    init(_ data: DeserializableData) throws {
        farm = data.context[.farm]
        silo = try data["silo"].get(using: CodableTransformation<Silo>())
        stalls = try data["stalls"].get()
    }
}

private struct Stall: Deserializable {
    let number: Int
    let farm: String?
    init(_ data: DeserializableData) throws {
        number = try data["number"].get()
        farm = data.context[.farm]
    }
}

private struct Silo: Codable {
    let tons: Int
    let farm: String?

    enum CodingKeys: String, CodingKey { case tons }

    init(from decoder: any Decoder) throws {
        tons = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .tons)
        farm = decoder.userInfo[MappingContextKey.farm.codingUserInfoKey] as? String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tons, forKey: .tons)
    }
}

/// A class hierarchy mapped both ways: the subclass maps its own key, then its parent's.
private class Machine: Mappable {
    var maker = ""
    required init(_ data: DeserializableData) throws { try mapping(data) }
    init(maker: String) { self.maker = maker }
    func mapping(_ data: inout MappableData) throws {
        try maker <~> data["maker"]
    }
}

private final class Harvester: Machine {
    var width = 0.0
    init(maker: String, width: Double) {
        self.width = width
        super.init(maker: maker)
    }
    required init(_ data: DeserializableData) throws { try super.init(data) }
    override func mapping(_ data: inout MappableData) throws {
        try width <~> data["width"]
        try super.mapping(&data)
    }
}

@Suite struct GenomeSeedTests {
    @Test("a model of constants reads through its initializer and writes back")
    func constantsBothWays() throws {
        let value = try parse(#"{"code": "F-7", "crop": "barley", "owner": "Ada"}"#)
        let field = try Field(from: value)
        #expect(field == Field(code: "F-7", crop: .barley, owner: "Ada"))
        #expect(ObjectMapper().serialize(field) == ["code": "F-7", "crop": "barley", "owner": "Ada"])
        let unowned = Field(code: "F-8", crop: .wheat, owner: nil)
        #expect(ObjectMapper().serialize(unowned) == ["code": "F-8", "crop": "wheat", "owner": nil])
    }

    @Test("the closure read turns an unknown crop into fallow")
    func readClosure() throws {
        #expect(try Field(from: parse(#"{"code": "F-9", "crop": "rye"}"#)).crop == .fallow)
    }

    @Test("an array and a dictionary of models from a value")
    func collections() throws {
        let fields = try [Field](from: parse(#"[{"code": "a", "crop": "wheat"}, {"code": "b", "crop": "barley"}]"#))
        #expect(fields.map(\.code) == ["a", "b"])
        let named = try [String: Field](from: parse(#"{"north": {"code": "n", "crop": "wheat"}}"#))
        #expect(named["north"]?.crop == .wheat)
    }

    @Test("a failing element names its index, the key and the position")
    func collectionFailure() throws {
        let text = "[\n  {\"code\": \"a\", \"crop\": \"wheat\"},\n  {\"code\": 5, \"crop\": \"wheat\"}\n]"
        try expectError(kind: .typeMismatch, path: "[1].code", line: 3, column: 12) {
            try [Field](from: parse(text))
        }
    }

    @Test("nested lookup with several keys at once")
    func nestedLookup() throws {
        let value = try parse(#"{"root": {"items": [{"code": "x", "crop": "wheat"}]}}"#)
        let data = DeserializableData(value: value, objectMapper: ObjectMapper())
        let items: [Field] = try data["root", "items"].get()
        #expect(items.map(\.code) == ["x"])
        try expectError(kind: .missingKey, path: "root.entries", line: 1, column: 10) {
            let _: [Field] = try data["root", "entries"].get()
        }
    }

    let tractorText = #"{"model": "T4", "hours": 310, "serviced_at": "2021-03-04T05:06:07Z", "fleet_id": "ignored", "power": 120}"#

    @Test("<~> reads and writes, <~ only reads, ~> only writes")
    func operatorDirections() throws {
        let tractor = try ObjectMapper().deserialize(parse(tractorText), as: Tractor.self)
        #expect(tractor.model == "T4")
        #expect(tractor.hours == 310)
        #expect(tractor.servicedAt == Date(timeIntervalSince1970: 1_614_834_367))
        #expect(tractor.fleetID == "unassigned", "a write-only field is not read")
        #expect(tractor.power == 90)

        var fresh = Tractor(fleetID: "fleet-2")
        fresh.model = "T5"
        fresh.hours = 1
        fresh.servicedAt = Date(timeIntervalSince1970: 0)
        fresh.power = 60
        let written = ObjectMapper().serialize(fresh)
        #expect(written == ["model": "T5", "hours": 1, "fleet_id": "fleet-2", "power": 80], "a read-only field is not written")
    }

    @Test("a failing operator throws with its key path and position")
    func operatorFailure() throws {
        let text = "{\n  \"model\": \"T4\",\n  \"hours\": \"many\",\n  \"power\": 1\n}"
        try expectError(kind: .typeMismatch, path: ["hours"], line: 3, column: 12) {
            try ObjectMapper().deserialize(parse(text), as: Tractor.self)
        }
        try expectError(kind: .missingKey, path: ["model"], line: 1, column: 1) {
            try ObjectMapper().deserialize(parse(#"{"hours": 1, "power": 1}"#), as: Tractor.self)
        }
    }

    @Test("a failing transformation throws with its key path and position")
    func transformationFailure() throws {
        try expectError(kind: .typeMismatch, path: ["power"], line: 1, column: 38) {
            try ObjectMapper().deserialize(parse(#"{"model": "T4", "hours": 1, "power": "high"}"#), as: Tractor.self)
        }
    }

    @Test("the context reaches nested models, array elements and a Codable model's userInfo")
    func contextEverywhere() throws {
        let value = try parse(#"{"silo": {"tons": 40}, "stalls": [{"number": 1}, {"number": 2}]}"#)
        let context = MappingContext().with(.farm, "Hillside")
        let barn = try ObjectMapper().deserialize(value, as: Barn.self, context: context)
        #expect(barn.farm == "Hillside")
        #expect(barn.stalls.map(\.farm) == ["Hillside", "Hillside"])
        #expect(barn.silo.tons == 40)
        #expect(barn.silo.farm == "Hillside")

        let bare = try ObjectMapper().deserialize(value, as: Barn.self)
        #expect(bare.farm == nil)
        #expect(bare.silo.farm == nil)
    }

    @Test("a class hierarchy maps its own and its parent's fields both ways")
    func inheritance() throws {
        let harvester = try ObjectMapper().deserialize(parse(#"{"maker": "Acme", "width": 7.5}"#), as: Harvester.self)
        #expect(harvester.maker == "Acme")
        #expect(harvester.width == 7.5)
        #expect(ObjectMapper().serialize(Harvester(maker: "Bolt", width: 3)) == ["width": 3.0, "maker": "Bolt"])
        try expectError(kind: .missingKey, path: ["maker"]) {
            try ObjectMapper().deserialize(parse(#"{"width": 1}"#), as: Harvester.self)
        }
    }
}
