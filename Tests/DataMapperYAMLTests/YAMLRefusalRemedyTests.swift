import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// Every refusal of the YAML reader and writer that an option resolves names it.
@Suite struct YAMLRefusalRemedyTests {
    @Test("an ext value is refused by default, naming extValues; .base64 writes its payload as !!binary")
    func extValues() throws {
        let value: SupportedType = ["e": .ext(type: 7, data: Data([1, 2, 3]))]
        let error = try expectError(kind: .unsupported, path: ["e"]) { _ = try writeYAML(value) }
        #expect(error.remedy?.setting == .extValues)
        #expect(error.message.contains("YAMLSerializer.Options.extValues to .base64"))
        let text = try writeYAML(value, .init(extValues: .base64))
        #expect(text == "e: !!binary AQID\n")
        #expect(try readYAML(text) == ["e": .binary(Data([1, 2, 3]))])
    }

    @Test("a repeated key names duplicateKeys; first- and last-wins read it")
    func duplicateKeys() throws {
        let text = "a: 1\na: 2\n"
        let error = try expectError { _ = try readYAML(text) }
        #expect(error.remedy?.setting == .duplicateKeys)
        #expect(error.message.hasSuffix("set YAMLSerializer.Options.duplicateKeys to .firstWins or .lastWins to keep one of the values"))
        #expect(try readYAML(text, .init(duplicateKeys: .firstWins)) == ["a": 1])
        #expect(try readYAML(text, .init(duplicateKeys: .lastWins)) == ["a": 2])
    }

    @Test("alias expansion past either budget names the limit that stopped it")
    func expansion() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        let values = try expectError { _ = try readYAML(text, .init(limits: .init(maxExpandedValues: 5))) }
        #expect(values.remedy?.setting == .maxExpandedValues)
        #expect(values.message.contains("YAMLSerializer.Options.limits.maxExpandedValues (now 5)"))
        let bytes = try expectError { _ = try readYAML(text, .init(limits: .init(maxExpandedBytes: 5))) }
        #expect(bytes.remedy?.setting == .maxExpandedBytes)
        #expect(bytes.message.contains("YAMLSerializer.Options.limits.maxExpandedBytes (now 5)"))
        #expect(try readYAML(text, .init(limits: .init(maxExpandedValues: 100)))["b"]?.array?.count == 3)
    }

    @Test("nesting past the limit names limits.maxDepth, reading and writing")
    func depth() throws {
        let options = YAMLSerializer.Options(limits: .init(maxDepth: 1))
        let reading = try expectError { _ = try readYAML("[[1]]", options) }
        #expect(reading.remedy?.setting == .maxDepth)
        #expect(reading.message.contains("YAMLSerializer.Options.limits.maxDepth (now 1)"))
        let writing = try expectError { _ = try writeYAML([[1]], options) }
        #expect(writing.remedy?.setting == .maxDepth)
    }

    @Test("a YAML 1.1 boolean reads as a string under 1.2 and as a boolean under the 1.1 schema")
    func schema() throws {
        #expect(try readYAML("on: yes") == ["on": "yes"])
        #expect(try readYAML("a: yes", .init(schema: .yaml11)) == ["a": true])
    }
}
