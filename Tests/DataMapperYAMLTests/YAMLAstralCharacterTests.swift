import DataMapper
import DataMapperTestSupport
@testable import DataMapperYAML
import Foundation
import PropertyBased
import Testing

/// Characters above U+FFFF (emoji and others) are written as themselves, not as
/// libyaml's `\U0001F600` escapes, and read back unchanged.
@Suite struct YAMLAstralCharacterTests {
    @Test("an emoji in a value or a key is written as itself, and the scalar style stays plain", arguments: [
        (["smile": "😀"] as SupportedType, "smile: 😀\n"),
        (["😀": 1] as SupportedType, "😀: 1\n"),
        (["note": "ship it 🚀 now"] as SupportedType, "note: ship it 🚀 now\n"),
        (["list": ["𝄞", "𠀀x"]] as SupportedType, "list:\n- 𝄞\n- 𠀀x\n"),
    ])
    func blockOutput(input: (SupportedType, String)) throws {
        let written = try writeYAML(input.0)
        #expect(written == input.1)
        #expect(try readYAML(written) == input.0)
    }

    @Test("flow style writes them as themselves too")
    func flowOutput() throws {
        let value: SupportedType = ["😀": ["a 😀", "🚀"]]
        let written = try writeYAML(value, .init(outputStyle: .flow))
        #expect(written == "{😀: [a 😀, 🚀]}\n")
        #expect(try readYAML(written) == value)
    }

    @Test("strings that need quotes or blocks keep them, with the characters inside as themselves")
    func quotedAndBlock() throws {
        let value: SupportedType = ["a": "😀: x", "b": "line 😀\nnext 🚀\n", "c": "\u{1}😀", "d": "'😀'"]
        let written = try writeYAML(value)
        #expect(written == "a: '😀: x'\nb: |\n  line 😀\n  next 🚀\nc: \"\\x01😀\"\nd: '''😀'''\n")
        #expect(try readYAML(written) == value)
    }

    @Test("the noncharacters U+FDD0–U+FDEF the coding uses are written as themselves beside emoji")
    func literalNoncharacters() throws {
        let all = String(String.UnicodeScalarView((0xFDD0...0xFDEF).compactMap(Unicode.Scalar.init)))
        let value: SupportedType = [
            scalar(0xFDD0) + "key": .string(all), "emoji": .string("😀" + scalar(0xFDEF) + "\u{4000}"), scalar(0xFDD5): "\u{10FFFF}",
        ]
        for options in [YAMLSerializer.Options(), YAMLSerializer.Options(outputStyle: .flow)] {
            let written = try writeYAML(value, options)
            #expect(try readYAML(written) == value, "written as:\n\(written)")
            #expect(written.contains(all) && written.contains("😀" + scalar(0xFDEF) + "\u{4000}") && written.contains("\u{10FFFF}"))
        }
    }

    @Test("folding long lines never splits a character or changes the text", arguments: [
        YAMLSerializer.Options(lineWidth: 20),
        YAMLSerializer.Options(outputStyle: .flow, lineWidth: 20),
    ])
    func folding(options: YAMLSerializer.Options) throws {
        let text = (0..<30).map { "w😀\($0) 🚀" }.joined(separator: " ")
        let value: SupportedType = ["k": .string(text), "q": .string("\"" + text)]
        let written = try writeYAML(value, options)
        #expect(try readYAML(written) == value, "written as:\n\(written)")
        #expect(!written.contains("\\U"))
        #expect(written.components(separatedBy: "\n").count > 10)
    }

    /// Pieces for random strings: astral characters from several planes and at the
    /// edges of the coding's ranges, the noncharacters, carriers, and syntax characters.
    static let pieces: [String] = [
        "\u{10000}", "\u{17FFF}", "\u{18000}", "\u{1F600}", "\u{1D11E}", "\u{20000}", "\u{E0001}", "\u{10FFFF}",
        scalar(0xFDD0), scalar(0xFDDF), scalar(0xFDE0), scalar(0xFDEF), "\u{FDCF}", "\u{FDF0}", "\u{4000}", "\u{C01F}", "\u{FFFD}",
        "\u{FEFF}", "日", "é", "a", " ", "  ", ":", "#", "-", "'", "\"", "\\", "\n", "\t", "\u{1}", "\u{85}", "\u{2028}",
    ]

    static func randomString(_ random: inout SplitMix64, maxLength: Int) -> String {
        (0..<Int.random(in: 0...maxLength, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
    }

    @Test("random strings with astral characters survive as keys and values, in every style", arguments: [
        YAMLSerializer.Options(),
        YAMLSerializer.Options(outputStyle: .flow),
        YAMLSerializer.Options(schema: .yaml11, indent: 4, lineWidth: 12),
        YAMLSerializer.Options(outputStyle: .flow, lineWidth: 12),
    ])
    func randomStrings(options: YAMLSerializer.Options) async {
        let yaml = YAMLSerializer(options: options)
        await propertyCheck(count: 400, input: Gen.uint64()) { seed in
            recordingErrors {
                var random = SplitMix64(seed: seed)
                var map = OrderedMap()
                var inner = OrderedMap()
                for _ in 0..<3 {
                    map[Self.randomString(&random, maxLength: 10)] = .string(Self.randomString(&random, maxLength: 40))
                    inner[Self.randomString(&random, maxLength: 10)] = [.string(Self.randomString(&random, maxLength: 20))]
                }
                map["inner"] = .dictionary(inner)
                let value = SupportedType.dictionary(map)
                let written = try yaml.serialize(value)
                let text = String(decoding: written, as: UTF8.self)
                #expect(try yaml.deserialize(written) == value, "written as:\n\(text)")
                // No character above U+FFFF is escaped: each appears in the output as itself.
                let astral = Set(Self.allStrings(of: value).flatMap(\.unicodeScalars).filter { $0.value > 0xFFFF })
                #expect(astral.isSubset(of: Set(text.unicodeScalars)), "written as:\n\(text)")
            }
        }
    }

    static func allStrings(of value: SupportedType) -> [String] {
        switch value.kind {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(allStrings)
        case .dictionary(let map): return map.flatMap { [$0.key] + allStrings(of: $0.value) }
        default: return []
        }
    }

    @Test("the coding turns back exactly, at the edges of its ranges")
    func codingInverts() {
        var scalars: [UInt32] = [0x10000, 0x17FFF, 0x18000, 0x1FFFF, 0x10FFFF, 0x4000, 0xC01F, 0xFDCF, 0xFDF0]
        scalars += Array(0xFDD0...0xFDEF)
        for value in scalars {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            var copy = text
            let coded = copy.withUTF8 { LibYAMLAstralCoding.encode($0) }
            let needed = copy.withUTF8 { LibYAMLAstralCoding.needsCoding($0) }
            #expect(needed == (value > 0xFFFF || (0xFDD0...0xFDEF).contains(value)), "U+\(String(value, radix: 16))")
            #expect(!String(decoding: coded, as: UTF8.self).unicodeScalars.contains { $0.value > 0xFFFF })
            #expect(LibYAMLAstralCoding.decode(coded) == Array(text.utf8), "U+\(String(value, radix: 16))")
        }
    }
}

/// The character `value`, for noncharacters, which Swift's `\u{...}` literals refuse.
private func scalar(_ value: UInt32) -> String {
    Unicode.Scalar(value).map { String(Character($0)) } ?? ""
}
