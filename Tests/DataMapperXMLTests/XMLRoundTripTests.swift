import DataMapper
import DataMapperXML
import Foundation
import PropertyBased
import DataMapperTestSupport
import Testing

@Suite struct XMLRoundTripTests {
    static let documents = Gen.uint64().map { seed -> SupportedType in
        var values = ConventionValues(seed: seed)
        return values.document()
    }

    @Test("documents that follow the convention read back equal, compact and pretty", arguments: [
        XMLSerializer.Options(),
        XMLSerializer.Options(outputStyle: .pretty),
        XMLSerializer.Options(outputStyle: .pretty, indent: 4, writesDeclaration: false, sortKeys: true),
    ])
    func roundTrip(options: XMLSerializer.Options) async {
        let xml = XMLSerializer(options: options)
        await propertyCheck(count: 300, input: Self.documents) { value in
            expectRoundTrip(value, through: xml)
        }
    }

    @Test("with unwrapping and a root name, the root's value round-trips alone")
    func unwrappedRoundTrip() async {
        let xml = XMLSerializer(options: .init(unwrapsRoot: true, rootName: "config"))
        await propertyCheck(count: 200, input: Self.documents) { document in
            guard let inner = document.orderedMap?.values.first, inner.orderedMap != nil else { return }
            expectRoundTrip(inner, through: xml)
        }
    }

    @Test("text keeps every character when whitespace is preserved")
    func preservedText() async {
        let xml = XMLSerializer(options: .init(whitespace: .preserve))
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var values = ConventionValues(seed: seed)
            let text = "  " + values.text() + " \r\n\t"
            expectRoundTrip(["r": ["a": .string(text), "@b": .string(text)]], through: xml)
        }
    }

    @Test("scalars are written as text and read back as strings")
    func scalarsBecomeStrings() {
        let value: SupportedType = ["r": ["i": 42, "d": 2.5, "b": true, "bin": .binary(Data([1, 2, 3]))]]
        expectRoundTrip(value, through: XMLSerializer(), expecting: ["r": ["i": "42", "d": "2.5", "b": "true", "bin": "AQID"]])
    }
}
