import DataMapper
import Testing

extension MappingContextKey where Value == String {
    fileprivate static let region = MappingContextKey("test.codable.region")
}

/// A `Codable` type that reads and writes the region it finds in `userInfo`.
private struct Zone: Codable, Equatable {
    var name: String
    var region: String?

    init(name: String, region: String?) { (self.name, self.region) = (name, region) }

    init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
        region = decoder.userInfo[MappingContextKey.region.codingUserInfoKey] as? String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let region = encoder.userInfo[MappingContextKey.region.codingUserInfoKey] as? String
        try container.encode("\(name)@\(region ?? "none")")
    }
}

/// A mapped type holding a `Codable` one.
private struct Site: Mappable {
    var zone = Zone(name: "", region: nil)
    init(zone: Zone) { self.zone = zone }
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws {
        try data["zone"].map(&zone, using: CodableTransformation())
    }
}

/// A mapped type inside a `Codable` one, reading the context as `data.context`.
private struct Rack: Mappable, MappedCodable {
    var id = 0
    var region: String?
    init(id: Int) { self.id = id }
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws {
        try data["id"].map(&id)
        if data.isDeserializing { region = data.context[.region] }
        if !data.isDeserializing { data["region"].map(&region) }
    }
}

private struct Hall: Codable {
    var zone: Zone
    var racks: [Rack]
}

@Suite struct CodableContextTests {
    let eu = MappingContext().with(.region, "eu")

    @Test("a Codable type inside a mapping finds the context in userInfo, both ways")
    func codableTransformation() throws {
        let site = try ObjectMapper().deserialize(["zone": "z1"], as: Site.self, context: eu)
        #expect(site.zone == Zone(name: "z1", region: "eu"))
        let withoutContext = try ObjectMapper().deserialize(["zone": "z1"], as: Site.self)
        #expect(withoutContext.zone.region == nil)
        #expect(ObjectMapper(context: eu).serialize(Site(zone: Zone(name: "z2", region: nil))) == ["zone": "z2@eu"])
        #expect(ObjectMapper().serialize(Site(zone: Zone(name: "z2", region: nil))) == ["zone": "z2@none"])
    }

    @Test("the bridge's decoder takes a context: userInfo outside, data.context inside")
    func decoderEntryPoint() throws {
        let value: SupportedType = ["zone": "z3", "racks": [["id": 1], ["id": 2]]]
        let hall = try SupportedTypeDecoder().decode(Hall.self, from: value, context: eu)
        #expect(hall.zone.region == "eu")
        #expect(hall.racks.map(\.region) == ["eu", "eu"])
        var decoder = SupportedTypeDecoder()
        decoder.objectMapper = ObjectMapper(context: eu)
        #expect(try decoder.decode(Hall.self, from: value).racks.first?.region == "eu")
        #expect(try SupportedTypeDecoder().decode(Hall.self, from: value).zone.region == nil)
    }

    @Test("the bridge's encoder takes a context: userInfo outside, data.context inside")
    func encoderEntryPoint() throws {
        var rack = Rack(id: 4)
        rack.region = nil
        let hall = Hall(zone: Zone(name: "z4", region: nil), racks: [rack])
        let written = try SupportedTypeEncoder().encode(hall, context: eu)
        #expect(written == ["zone": "z4@eu", "racks": [["id": 4, "region": .null]]])
        #expect(try SupportedTypeEncoder().encode(hall)["zone"] == "z4@none")
    }

    @Test("a context entry wins over a userInfo entry of the same name; other entries stay")
    func userInfoPrecedence() throws {
        var decoder = SupportedTypeDecoder()
        decoder.userInfo[MappingContextKey.region.codingUserInfoKey] = "from userInfo"
        #expect(try decoder.decode(Zone.self, from: "z").region == "from userInfo")
        #expect(try decoder.decode(Zone.self, from: "z", context: eu).region == "eu")
        #expect(MappingContextKey.region.codingUserInfoKey.rawValue == "test.codable.region")
    }

    @Test("concurrent mappings through CodableTransformation keep their own contexts")
    func concurrent() async throws {
        let results = try await withThrowingTaskGroup(of: (Int, Site).self) { group in
            for task in 0..<16 {
                group.addTask {
                    let context = MappingContext().with(.region, "r\(task)")
                    return (task, try ObjectMapper().deserialize(["zone": "z"], as: Site.self, context: context))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 16)
        for (task, site) in results { #expect(site.zone.region == "r\(task)") }
    }
}
