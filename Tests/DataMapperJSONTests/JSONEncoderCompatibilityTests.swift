import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// `JSONSerializer.Options.foundationCompatible` with sorted keys writes what
/// Foundation's `JSONEncoder` with `.sortedKeys` writes, byte for byte.
@Suite struct JSONEncoderCompatibilityTests {
    struct Node: Codable {
        var name: String
        var number: Double
        var numbers: [Double]
        var count: Int
        var large: UInt64
        var wide: Int128
        var small: Float
        var flag: Bool
        var note: String?
        var price: Decimal
        var when: Date
        var blob: Data
        var link: URL
        var id: UUID
        var tags: [String: String]
        var children: [Node]
    }

    static let serializer = JSONSerializer(options: .init(sortKeys: true, foundationCompatible: true))

    static func foundationText(_ value: some Encodable, keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.keyEncodingStrategy = keys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func ourText(_ value: some Encodable, encoder: SupportedTypeEncoder = SupportedTypeEncoder()) throws -> String {
        // The default strategies write what JSONEncoder's do: `Data` as base64 text
        // (binary, which JSON writes so) and dates as seconds since 2001.
        String(decoding: try serializer.encode(value, encoder: encoder), as: UTF8.self)
    }

    @Test("the cases the issue names: 5, -0, 1e+16, \\/ and \\u001f")
    func namedCases() throws {
        let doubles: [Double] = [5, -0.0, 1e16, 1e15, 9_007_199_254_740_992, 1e-5, 0.0001, 1.5e300, 0.1, 123456789012345680]
        #expect(try Self.ourText(doubles) == "[5,-0,1e+16,1000000000000000,9007199254740992,1e-05,0.0001,1.5e+300,0.1,1.2345678901234568e+17]")
        #expect(try Self.ourText(doubles) == Self.foundationText(doubles))
        let text = "a/b\u{1F}\u{7F}é😀\u{2028}\"\\\t\n\r\u{8}\u{C}"
        #expect(try Self.ourText([text]) == #"["a\/b\u001f\#u{7F}é😀\#u{2028}\"\\\t\n\r\b\f"]"#)
        #expect(try Self.ourText([text]) == Self.foundationText([text]))
    }

    @Test("default output is unchanged: 5.0 and a bare slash")
    func defaultUnchanged() throws {
        #expect(try JSONSerializer().encode([5.0]) == Data("[5.0]".utf8))
        #expect(try JSONSerializer().encode(["a/b"]) == Data(#"["a/b"]"#.utf8))
    }

    @Test("random nested values are written byte for byte as JSONEncoder writes them", arguments: 0..<4)
    func randomValues(batch: UInt64) throws {
        for seed in (batch * 50)..<(batch * 50 + 50) {
            var generator = NodeGenerator(seed: seed)
            let node = generator.node(depth: 3)
            let expected = try Self.foundationText(node)
            #expect(try Self.ourText(node) == expected, "seed \(seed)")
            var snake = SupportedTypeEncoder()
            snake.keyEncodingStrategy = .convertToSnakeCase
            #expect(try Self.ourText(node, encoder: snake) == Self.foundationText(node, keys: .convertToSnakeCase), "seed \(seed)")
        }
    }
}

/// Random ``JSONEncoderCompatibilityTests/Node`` values, replayable by seed.
private struct NodeGenerator {
    var random: SplitMix64
    var strings: RandomValues

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        strings = RandomValues(seed: seed &+ 1, leaves: .json)
    }

    /// A finite double of any magnitude: whole numbers near 2^53, powers of ten at the
    /// thresholds where the notation changes, and random bit patterns.
    mutating func double() -> Double {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return Double(Int64.random(in: -(1 << 54)...(1 << 54), using: &random))
        case 1: return [1e-5, 1e-4, 9.999e-5, 1e15, 1e16, 1e17, -0.0, 0, 5, 2e21].randomElement(using: &random) ?? 0
        case 2: return Double.random(in: -1e6...1e6, using: &random)
        case 3: return Double.random(in: 0..<1, using: &random) * pow(10, Double(Int.random(in: -30...30, using: &random)))
        default:
            var number: Double
            repeat { number = Double(bitPattern: random.next()) } while !number.isFinite
            return number
        }
    }

    mutating func decimal() -> Decimal {
        let digits = Int.random(in: 1...38, using: &random)
        var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        if Bool.random(using: &random) { text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 0..<digits, using: &random))) }
        if text.hasPrefix(".") { text = "0" + text }
        if Bool.random(using: &random) { text = "-" + text }
        return Decimal(string: text, locale: nil) ?? 0
    }

    mutating func node(depth: Int) -> JSONEncoderCompatibilityTests.Node {
        var tags: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) { tags[strings.string(maxLength: 6)] = strings.string(maxLength: 12) }
        let smallFloat = Float.random(in: -16_777_215...16_777_215, using: &random)
        return JSONEncoderCompatibilityTests.Node(
            name: strings.string(maxLength: 16),
            number: double(),
            numbers: (0..<Int.random(in: 0...5, using: &random)).map { _ in double() },
            count: Int(truncatingIfNeeded: random.next()),
            large: random.next(),
            wide: Int128(truncatingIfNeeded: random.next()) << Int.random(in: 0...63, using: &random),
            small: Bool.random(using: &random) ? smallFloat : smallFloat.rounded(),
            flag: Bool.random(using: &random),
            note: Bool.random(using: &random) ? strings.string(maxLength: 8) : nil,
            price: decimal(),
            when: Date(timeIntervalSinceReferenceDate: double()),
            blob: Data((0..<Int.random(in: 0...24, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }),
            link: URL(string: "https://example.com/a/\(Int.random(in: 0...999, using: &random))?q=x/y") ?? URL(fileURLWithPath: "/"),
            id: UUID(uuid: (UInt8.random(in: 0...255, using: &random), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
            tags: tags,
            children: depth > 0 ? (0..<Int.random(in: 0...2, using: &random)).map { _ in node(depth: depth - 1) } : []
        )
    }
}
