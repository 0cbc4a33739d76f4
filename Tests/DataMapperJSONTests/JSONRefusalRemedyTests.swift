import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Every value JSON refuses names the option that lets it through, and each such
/// option writes what its documentation says.
@Suite struct JSONRefusalRemedyTests {
    @Test("NaN and the infinities are refused by default, naming nonFiniteNumbers", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteRefused(number: Double) throws {
        let error = try expectError(kind: .unsupported, path: DataPath([.key("a"), .index(0)])) {
            try JSONSerializer().serialize(["a": [.double(number)]])
        }
        #expect(error.remedy?.setting == .nonFiniteNumbers)
        #expect(error.remedy?.choices == ["string", "null"])
        #expect(error.message.contains("JSONSerializer.Options.nonFiniteNumbers"))
        let typed = try expectError { try JSONSerializer().typedSerialize(.double(number)) }
        #expect(typed.message.contains("JSONSerializer.Options.nonFiniteNumbers"))
    }

    @Test("nonFiniteNumbers .string writes \"NaN\", \"Infinity\" and \"-Infinity\"; .null writes null")
    func nonFiniteChoices() throws {
        let value: SupportedType = [.double(.nan), .double(.infinity), .double(-.infinity), .double(1.5)]
        let asText = JSONSerializer(options: .init(nonFiniteNumbers: .string))
        #expect(try asText.serialize(toString: value) == #"["NaN","Infinity","-Infinity",1.5]"#)
        let asNull = JSONSerializer(options: .init(nonFiniteNumbers: .null))
        #expect(try asNull.serialize(toString: value) == "[null,null,null,1.5]")
        let objects = try #require(try asText.typedSerialize(value) as? [Any])
        #expect(objects.prefix(3).compactMap { $0 as? String } == ["NaN", "Infinity", "-Infinity"])
        let nulls = try #require(try asNull.typedSerialize(value) as? [Any])
        #expect(nulls.prefix(3).allSatisfy { $0 is NSNull })
    }

    @Test("an ext value is refused by default, naming extValues")
    func extRefused() throws {
        let value: SupportedType = ["e": .ext(type: 5, data: Data([1, 2, 3]))]
        let error = try expectError(kind: .unsupported, path: ["e"]) { try JSONSerializer().serialize(value) }
        #expect(error.remedy?.setting == .extValues)
        #expect(error.message.contains("JSONSerializer.Options.extValues"))
    }

    @Test("extValues .base64 writes the payload as base64, without the type code")
    func extAsBase64() throws {
        let value: SupportedType = ["e": .ext(type: 5, data: Data([1, 2, 3]))]
        let json = JSONSerializer(options: .init(extValues: .base64))
        #expect(try json.serialize(toString: value) == #"{"e":"AQID"}"#)
        #expect(try json.typedSerialize(value) as? [String: String] == ["e": "AQID"])
    }

    @Test("nesting past the limit names limits.maxDepth, reading and writing")
    func depthNamesLimit() throws {
        let json = JSONSerializer(options: .init(limits: .init(maxDepth: 2)))
        let reading = try expectError { try json.deserialize(fromString: "[[[1]]]") }
        #expect(reading.remedy?.setting == .maxDepth)
        #expect(reading.message.hasSuffix("raise JSONSerializer.Options.limits.maxDepth (now 2) to allow more"))
        let writing = try expectError { try json.serialize([[[1]]]) }
        #expect(writing.remedy?.setting == .maxDepth)
        #expect(writing.message.contains("JSONSerializer.Options.limits.maxDepth"))
    }

    @Test("input past the size limit names limits.maxInputBytes")
    func sizeNamesLimit() throws {
        let json = JSONSerializer(options: .init(limits: .init(maxInputBytes: 4)))
        let error = try expectError { try json.deserialize(fromString: "[1,2,3]") }
        #expect(error.problem == "the input is 7 bytes, more than the limit of 4")
        #expect(error.remedy?.setting == .maxInputBytes)
        #expect(error.message.contains("JSONSerializer.Options.limits.maxInputBytes"))
    }

    @Test("a repeated key under .error names duplicateKeys and its other choices")
    func duplicateKeysNamed() throws {
        let json = JSONSerializer(options: .init(duplicateKeys: .error))
        let error = try expectError { try json.deserialize(fromString: #"{"a":1,"a":2}"#) }
        #expect(error.remedy?.setting == .duplicateKeys)
        #expect(error.remedy?.choices == ["first", "last"])
        #expect(error.message.contains("JSONSerializer.Options.duplicateKeys to .firstWins or .lastWins"))
    }

    @Test("a front end tells the remedy its own way; the rest of the description is unchanged")
    func advisingDescription() throws {
        let error = try expectError { try JSONSerializer().serialize(["a": .double(.nan)]) }
        #expect(error.description == "a: JSON has no number nan; only finite numbers are allowed; " + (error.remedy?.advice ?? ""))
        #expect(error.description(advising: { "use --\($0.setting) " + $0.choices.joined(separator: "|") })
            == "a: JSON has no number nan; only finite numbers are allowed; use --nonFiniteNumbers string|null")
    }
}
