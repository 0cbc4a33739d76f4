import DataMapper
import DataMapperStore
import Foundation
import Testing

// The rules every attribute follows, whichever way its value is converted.

private enum Gear: String, CaseIterable { case manual, automatic }

private struct Profile {
    var nickname = "old"
    var motto: String?
    var birthday: Date?
    var gear = Gear.manual
    var homepage: URL?
    var height = 0.0
    var verified = false
}

@Suite struct AttributeRuleTests {
    @Test func nullReachesTheMapClosure() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.nickname, at: "nickname",
                             map: { $0.isNull ? "(none)" : $0.string ?? "?" },
                             reverseMap: { .string($0) })
        let profile = try EntityDeserializer().object(from: json(#"{"nickname": null}"#), mapping: mapping)
        #expect(profile.nickname == "(none)")
    }

    @Test func aMissingKeyCallsNoClosureAndKeepsTheValue() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.nickname, at: "nickname",
                             map: { _ in throw UnexpectedCall() },
                             reverseMap: { .string($0) })
        mapping.addAttribute(\.motto, at: "motto")
        var profile = Profile(nickname: "kept", motto: "carpe diem")
        try EntityDeserializer().fill(&profile, from: json(#"{"other": 1}"#), mapping: mapping)
        #expect(profile.nickname == "kept")
        #expect(profile.motto == "carpe diem")
    }

    @Test func aMissingIntermediateKeyIsAMissingKeyToo() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.nickname, at: "names.nick")
        var profile = Profile(nickname: "kept")
        try EntityDeserializer().fill(&profile, from: json(#"{"names": null}"#), mapping: mapping)
        #expect(profile.nickname == "kept")
        try EntityDeserializer().fill(&profile, from: json(#"{"other": {}}"#), mapping: mapping)
        #expect(profile.nickname == "kept")
    }

    @Test func reverseMapIsCalledOnlyForValuesThatAreNotNil() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.motto, at: "motto",
                             map: { $0.string },
                             reverseMap: { _ in throw UnexpectedCall() })
        let written = try EntitySerializer.serialize(Profile(motto: nil), mapping: mapping)
        #expect(written == ["motto": nil])
        #expect(throws: DataMapperError.self) {
            try EntitySerializer.serialize(Profile(motto: "x"), mapping: mapping)
        }
    }

    @Test func nilAndAReverseMapReturningNilBothWriteNull() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.motto, at: "motto")
        mapping.addAttribute(\.nickname, at: "nickname", map: { $0.string ?? "" },
                             reverseMap: { $0.isEmpty ? nil : .string($0) })
        let written = try EntitySerializer.serialize(Profile(nickname: "", motto: nil), mapping: mapping)
        #expect(written == ["motto": nil, "nickname": nil])
        #expect(written["motto"]?.isNull == true)
        #expect(written["nickname"]?.isNull == true)
    }

    @Test func nullSetsAnOptionalPropertyToNil() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.motto, at: "motto")
        mapping.addAttribute(\.birthday, at: "birthday", using: ISO8601DateTransformation())
        var profile = Profile(motto: "old", birthday: Date(timeIntervalSince1970: 0))
        try EntityDeserializer().fill(&profile, from: json(#"{"motto": null, "birthday": null}"#), mapping: mapping)
        #expect(profile.motto == nil)
        #expect(profile.birthday == nil)
    }

    @Test func transformationsReadAndWrite() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.birthday, at: "birthday", using: ISO8601DateTransformation())
        mapping.addAttribute(\.gear, at: "gear", using: EnumTransformation<Gear>())
        let document = try json(#"{"birthday": "2013-05-17T09:30:00Z", "gear": "automatic"}"#)
        let profile = try EntityDeserializer().object(from: document, mapping: mapping)
        #expect(profile.birthday == Date(timeIntervalSince1970: 1_368_783_000))
        #expect(profile.gear == .automatic)
        #expect(try EntitySerializer.serialize(profile, mapping: mapping) == document)
    }

    @Test func anUnknownEnumRawValueIsAnInvalidValueAtItsPath() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.gear, at: "car.gear", using: EnumTransformation<Gear>())
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"car": {"gear": "cvt"}}"#), mapping: mapping)
        }
        #expect(error.kind == .invalidValue)
        #expect(error.path.description == "car.gear")
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 18)
    }

    @Test func selfConvertingTypesReadAndWrite() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.homepage, at: "homepage")
        mapping.addAttribute(\.height, at: "height")
        mapping.addAttribute(\.verified, at: "verified")
        let document = try json(#"{"homepage": "https://example.com/luke", "height": 1.8, "verified": true}"#)
        let profile = try EntityDeserializer().object(from: document, mapping: mapping)
        #expect(profile.homepage == URL(string: "https://example.com/luke"))
        #expect(profile.height == 1.8)
        #expect(profile.verified)
        #expect(try EntitySerializer.serialize(profile, mapping: mapping) == document)
    }

    @Test func theListFormAddsAttributesInOrder() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttributes([
            MappedAttribute(\Profile.nickname, at: "nick"),
            MappedAttribute(\Profile.motto, at: "motto"),
            MappedAttribute(\Profile.gear, at: "gear", using: EnumTransformation<Gear>()),
        ])
        #expect(mapping.attributes.map(\.path.description) == ["nick", "motto", "gear"])
        let profile = try EntityDeserializer().object(from: json(#"{"nick": "L", "motto": "m", "gear": "automatic"}"#), mapping: mapping)
        #expect(profile.nickname == "L")
        #expect(profile.motto == "m")
        #expect(profile.gear == .automatic)
        let written = try EntitySerializer.serialize(profile, mapping: mapping)
        #expect(written.orderedMap?.keys.map { $0 } == ["nick", "motto", "gear"])
    }

    @Test func theKeyValuePairsFormAddsAttributesInOrder() throws {
        var mapping = EntityMapping(create: Person.init)
        mapping.addAttributes([\.email: "user_email", \.name: "name"])
        #expect(mapping.attributes.map(\.path.description) == ["user_email", "name"])
        let person = try EntityDeserializer().object(from: json(#"{"name": "Luke", "user_email": "luke@example.com"}"#), mapping: mapping)
        #expect(person.name == "Luke")
        #expect(person.email == "luke@example.com")
    }

    @Test func nullIntoANonOptionalPropertyIsAnError() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.nickname, at: "nickname")
        mapping.addAttribute(\.gear, at: "gear", using: EnumTransformation<Gear>())
        let plain = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"nickname": null}"#), mapping: mapping)
        }
        #expect(plain.path.description == "nickname")
        let transformed = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json(#"{"gear": null}"#), mapping: mapping)
        }
        #expect(transformed.path.description == "gear")
    }

    @Test func anErrorAMapClosureThrowsKeepsItsCauseAndPlace() throws {
        struct NotANickname: Error {}
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.nickname, at: "nickname", map: { _ in throw NotANickname() }, reverseMap: { .string($0) })
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: json("{\n  \"nickname\": 7\n}"), mapping: mapping)
        }
        #expect(error.kind == .invalidValue)
        #expect(error.path.description == "nickname")
        #expect(error.underlyingError is NotANickname)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 15)
    }

    @Test func anErrorAReverseMapClosureThrowsNamesThePath() throws {
        var mapping = EntityMapping(create: Profile.init)
        mapping.addAttribute(\.nickname, at: "names.nick", map: { $0.string ?? "" }, reverseMap: { _ in throw UnexpectedCall() })
        let error = try #require(throws: DataMapperError.self) {
            try EntitySerializer.serialize(Profile(), mapping: mapping)
        }
        #expect(error.path.description == "names.nick")
        #expect(error.underlyingError is UnexpectedCall)
    }
}
