import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import PropertyBased
import Testing

@Suite struct YAMLRoundTripTests {
    /// Every kind YAML carries: JSON's, binary data and timestamps.
    static let leaves: RandomValues.Leaves = [.json, .binary, .timestamp]

    /// A generator of random value trees, each drawn from a seed.
    static let values = Gen.uint64().map { seed -> SupportedType in
        var random = RandomValues(seed: seed, leaves: leaves)
        return random.value(depth: 4)
    }

    @Test("reading what was written gives the same value, in every schema and style", arguments: [
        YAMLSerializer.Options(),
        YAMLSerializer.Options(schema: .yaml11),
        YAMLSerializer.Options(outputStyle: .flow),
        YAMLSerializer.Options(schema: .yaml11, outputStyle: .flow, indent: 4, lineWidth: 20),
    ])
    func roundTrip(options: YAMLSerializer.Options) async {
        let yaml = YAMLSerializer(options: options)
        await propertyCheck(count: 300, input: Self.values) { value in
            expectRoundTrip(value, through: yaml)
        }
    }

    @Test("random strings survive as keys and values")
    func strings() async {
        let yaml = YAMLSerializer()
        await propertyCheck(count: 500, input: Gen.uint64()) { seed in
            var random = RandomValues(seed: seed, leaves: .string)
            let key = random.string(maxLength: 12)
            let text = random.string(maxLength: 30)
            var map = OrderedMap()
            map[key] = .string(text)
            map["list"] = [.string(text)]
            expectRoundTrip(.dictionary(map), through: yaml)
        }
    }

    @Test("multi-document streams round-trip")
    func documents() async {
        let yaml = YAMLSerializer()
        await propertyCheck(count: 100, input: Self.values.array(of: 0...4)) { documents in
            recordingErrors {
                let written = try yaml.serializeAll(documents)
                #expect(try yaml.deserializeAll(written) == documents)
            }
        }
    }
}
