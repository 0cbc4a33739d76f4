import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// The registry hands the same write choices and read options to every format, and
/// each format maps them onto its own options.
@Suite struct FormatOptionsTests {
    let registry = FormatRegistry.standard
    let big = Data(#"{"n": 123456789012345678901234567890}"#.utf8)

    @Test("a big number going to MessagePack is refused by default, naming bigNumbers")
    func bigNumbersRefused() throws {
        let error = try expectError { try registry.convert(big, from: .json, to: .msgpack) }
        #expect(error.remedy?.setting == .bigNumbers)
        #expect(error.remedy?.choices == ["string", "nearest"])
        #expect(error.path == ["n"])
        #expect(error.location?.position == .text(line: 1, column: 7))
    }

    @Test("bigNumbers .string keeps the digits as text, .nearest rounds to a double")
    func bigNumbersChoices() throws {
        let asText = try registry.convert(big, from: .json, to: .msgpack, options: .init(bigNumbers: .string))
        #expect(try registry.convert(asText, from: .msgpack, to: .json) == Data(#"{"n":"123456789012345678901234567890"}"#.utf8 + [0x0A]))
        let nearest = try registry.convert(big, from: .json, to: .msgpack, options: .init(bigNumbers: .nearest))
        #expect(try DataFormat.msgpack.serializer().deserialize(nearest) == ["n": .double(1.2345678901234568e29)])
    }

    @Test("nonFiniteNumbers and extValues reach the JSON, YAML and XML writers")
    func textFormatChoices() throws {
        let value: SupportedType = ["x": .double(.infinity), "e": .ext(type: 3, data: Data([0xFF]))]
        let options = FormatWriteOptions(nonFiniteNumbers: .string, extValues: .base64)
        #expect(try DataFormat.json.write(value, options: options) == Data(#"{"x":"Infinity","e":"/w=="}"#.utf8 + [0x0A]))
        #expect(try DataFormat.yaml.write(value, options: options) == Data("x: .inf\ne: !!binary /w==\n".utf8))
        #expect(try DataFormat.xml.write(value, options: options)
            == Data(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8 + [0x0A] + Data("<root><x>inf</x><e>/w==</e></root>\n".utf8)))
        for format in [DataFormat.json, .yaml, .xml] {
            let error = try expectError { try format.write(["e": .ext(type: 3, data: Data())]) }
            #expect(error.remedy?.setting == .extValues, "\(format.name)")
        }
    }

    @Test("duplicateKeys reaches every reader that has keys; nil keeps each format's default")
    func duplicateKeys() throws {
        let json = Data(#"{"a":1,"a":2}"#.utf8)
        #expect(try DataFormat.json.serializer().deserialize(json) == ["a": 2])
        #expect(try DataFormat.json.serializer(reading: .init(duplicateKeys: .firstWins)).deserialize(json) == ["a": 1])
        let refused = try expectError {
            try DataFormat.json.serializer(reading: .init(duplicateKeys: .error)).deserialize(json)
        }
        #expect(refused.remedy?.setting == .duplicateKeys)
        let yaml = Data("a: 1\na: 2\n".utf8)
        #expect(throws: DataMapperError.self) { try DataFormat.yaml.serializer().deserialize(yaml) }
        #expect(try DataFormat.yaml.serializer(reading: .init(duplicateKeys: .lastWins)).deserialize(yaml) == ["a": 2])
        let msgpack = Data([0x82, 0xA1, 0x61, 0x01, 0xA1, 0x61, 0x02])
        #expect(try DataFormat.msgpack.serializer(reading: .init(duplicateKeys: .firstWins)).deserialize(msgpack) == ["a": 1])
    }

    @Test("the YAML schema and the limits reach the readers, and the limits the writers")
    func schemaAndLimits() throws {
        #expect(try DataFormat.yaml.serializer(reading: .init(yamlSchema: .yaml11)).deserialize(Data("a: yes".utf8)) == ["a": true])
        #expect(try DataFormat.yaml.serializer().deserialize(Data("a: yes".utf8)) == ["a": "yes"])
        let deep = Data((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8)
        let refused = try expectError { try registry.convert(deep, from: .json, to: .yaml) }
        #expect(refused.remedy?.setting == .maxDepth)
        let raised = FormatReadOptions(limits: .init(maxDepth: 300))
        for target in [DataFormat.json, .yaml, .msgpack, .xml] {
            #expect(throws: Never.self, "\(target.name)") { try registry.convert(deep, from: .json, to: target, reading: raised) }
        }
        let small = FormatReadOptions(limits: .init(maxInputBytes: 4))
        for format in [DataFormat.json, .yaml, .msgpack, .xml] {
            let error = try expectError { try format.serializer(reading: small).deserialize(Data("[1, 2, 3]".utf8)) }
            #expect(error.remedy?.setting == .maxInputBytes, "\(format.name)")
        }
    }

    @Test("a format described with the writing-only factory still gets its write options")
    func writingOnlyFactory() throws {
        let format = DataFormat(name: "plain", representation: .text, makeSerializer: { options in
            JSONLikeSerializer(sorted: options.sortKeys)
        })
        #expect((format.serializer(options: .init(sortKeys: true), reading: .init(duplicateKeys: .error)) as? JSONLikeSerializer)?.sorted == true)
    }
}

/// A serializer that only records how it was made.
private struct JSONLikeSerializer: Serializer {
    let sorted: Bool
    func serialize(_ value: SupportedType) throws -> Data { Data() }
    func deserialize(_ data: Data) throws -> SupportedType { .null }
}
