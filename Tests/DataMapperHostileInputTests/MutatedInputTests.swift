import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperTestSupport
import DataMapperXML
import DataMapperYAML
import Foundation
import Testing

/// Seeded random damage to valid documents, fed to every parser: each damaged input
/// must come back as a value or as a `DataMapperError`, never a trap, a hang or another
/// error type. A value that does come back must also survive being written again.
@Suite("Mutated input")
struct MutatedInputTests {
    static let json = #"""
    {"name": "api", "port": 8080, "ratio": 0.25, "big": 18446744073709551615, "neg": -9223372036854775808,
     "tags": ["a", "b\n\u00e9\ud83d\ude00"], "nested": {"deep": [[1, 2], {"x": null}], "flag": true}, "e": 1.5e-7}
    """#

    static let yaml = """
    defaults: &defaults
      retries: 3
      timeout: 2.5
    service:
      <<: *defaults
      name: "api"
      ports: [80, 443]
      note: |
        two
        lines
      when: !!timestamp 2001-12-14T21:59:43.10-05:00
      raw: !!binary aGVsbG8=
    ---
    - ~
    - 0x1F
    - .inf
    """

    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <project xmlns="urn:x" xmlns:m="urn:m" id="7">
      <name>api</name>
      <m:dep scope="test"><group>a</group></m:dep>
      <m:dep><group>b</group></m:dep>
      <![CDATA[raw <text>]]>
      <!-- a comment -->
      <empty/>
    </project>
    """

    enum Format: String, CaseIterable, Sendable {
        case json, yaml, xml, msgpack

        var serializer: any Serializer {
            switch self {
            case .json: JSONSerializer()
            case .yaml: YAMLSerializer()
            case .xml: XMLSerializer()
            case .msgpack: MessagePackSerializer()
            }
        }

        func seed() throws -> [UInt8] {
            switch self {
            case .json: Array(MutatedInputTests.json.utf8)
            case .yaml: Array(MutatedInputTests.yaml.utf8)
            case .xml: Array(MutatedInputTests.xml.utf8)
            case .msgpack:
                [UInt8](try MessagePackSerializer().serialize(
                    try JSONSerializer().deserialize(fromString: MutatedInputTests.json)
                ))
            }
        }
    }

    @Test("damaged streams give documents or a DataMapperError", arguments: Format.allCases)
    func damagedDocuments(format: Format) throws {
        let seed = try format.seed()
        let serializer = format.serializer
        #expect(throws: Never.self) { try serializer.deserializeAll(Data(seed)) }

        var random = SplitMix64(seed: 0xDA7A_0000 &+ UInt64(format.rawValue.utf8.count))
        var parsed = 0
        for _ in 0..<3_000 {
            let input = Self.damage(seed, using: &random)
            do {
                let documents = try serializer.deserializeAll(Data(input))
                parsed += 1
                do {
                    _ = try serializer.serializeAll(documents)
                } catch is DataMapperError {
                    // Some values cannot be written back (a big number in MessagePack, say),
                    // nor several documents into XML.
                }
            } catch is DataMapperError {
                // Refused, as it should be.
            } catch {
                Issue.record("\(format): \(type(of: error)) is not a DataMapperError: \(error)")
            }
        }
        // The damage is mild enough that some documents still parse, so writers are exercised too.
        #expect(parsed > 0)
    }

    /// One to four random edits: flip, insert, delete, truncate or repeat a slice.
    static func damage(_ seed: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            case 3: bytes.remove(at: at)
            case 4: bytes.removeSubrange(at...)
            default:
                let end = min(bytes.count, at + Int.random(in: 1...16, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            }
        }
        return bytes
    }
}
