import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// What a target format cannot keep of a value, and the check that each format's
/// declaration matches what its writer and reader really do.
@Suite struct WritingLossTests {
    static func summary(_ losses: [ConversionLoss]) -> [String] {
        losses.map { "\($0.kind.rawValue) \($0.path)" }
    }

    /// One value per feature, under a key so that XML keeps the root.
    static let samples: [(ValueFidelity.Features, SupportedType)] = [
        (.typedScalars, ["k": 42]),
        (.emptyStrings, ["k": ""]),
        (.edgeWhitespace, ["k": " x "]),
        (.binary, ["k": .binary(Data([0, 1, 2, 255]))]),
        (.bigNumbers, ["k": .bigNumber("18446744073709551616")]),
        (.nonFiniteNumbers, ["k": .double(.infinity)]),
        (.timestamps, ["k": .timestamp(seconds: 1_700_000_000, nanoseconds: 0)]),
        (.extValues, ["k": .ext(type: 5, data: Data([1, 2]))]),
        (.emptyArrays, ["k": ["a": [], "b": "x"]]),
        (.singleElementArrays, ["k": ["a"]]),
        (.nestedArrays, ["k": [["a", "b"], ["c", "d"]]]),
    ]

    /// Options under which every writer writes every sample instead of refusing it.
    static let permissive = FormatWriteOptions(bigNumbers: .string, nonFiniteNumbers: .string, extValues: .base64)

    @Test("each standard format declares a feature exactly when its writer and reader give the sample back", arguments: ["json", "yaml", "msgpack", "xml"])
    func declarationsMatchRoundTrips(name: String) throws {
        let format = try FormatRegistry.standard.format(named: name)
        for (feature, sample) in Self.samples {
            let root: SupportedType = ["root": sample]
            let back = try format.serializer().deserialize(format.write(root, options: Self.permissive))
            let kept = back == root
            #expect(kept == format.fidelity.features.contains(feature), "\(name), feature \(feature.rawValue): round trip gave \(back)")
            #expect(format.losses(writing: root, options: Self.permissive).isEmpty == kept, "\(name), feature \(feature.rawValue)")
        }
    }

    @Test("a value the default options make the writer refuse is no loss: the write fails, naming the option")
    func refusedIsNotLost() throws {
        let cases: [(DataFormat, SupportedType, String)] = [
            (.msgpack, ["k": .bigNumber("123456789012345678901234567890")], "bigNumbers"),
            (.json, ["k": .double(.nan)], "nonFiniteNumbers"),
            (.json, ["k": .ext(type: 5, data: Data([1]))], "extValues"),
            (.yaml, ["k": .ext(type: 5, data: Data([1]))], "extValues"),
        ]
        for (format, value, setting) in cases {
            #expect(format.losses(writing: value).isEmpty, "\(format.name) \(value)")
            let error = try expectError("\(format.name) \(value)") { try format.write(value) }
            #expect(error.remedy?.setting.name == setting, "\(format.name): \(error)")
        }
    }

    @Test("into XML: typed scalars, empty strings, edge whitespace, empty, one-element and nested arrays")
    func xmlShapes() throws {
        let value: SupportedType = ["doc": [
            "n": 42, "f": 1.5, "t": true, "e": "", "w": " x ", "s": "   ",
            "empty": [], "one": ["x"], "nested": [["a"], []],
            "@attr": "", "@pad": " y ", "ok": "text", "none": nil,
        ]]
        #expect(Self.summary(DataFormat.xml.losses(writing: value)) == [
            "scalarType doc.n", "scalarType doc.f", "scalarType doc.t", "emptyString doc.e",
            "edgeWhitespace doc.w", "edgeWhitespace doc.s", "emptyArray doc.empty", "singleElementArray doc.one",
            "nestedArray doc.nested[0]", "singleElementArray doc.nested[0]", "nestedArray doc.nested[1]", "emptyArray doc.nested[1]",
        ])
    }

    @Test("into XML: binary, big numbers, NaN, timestamps and ext values are reported by their own kind")
    func xmlSpecialScalars() throws {
        let value: SupportedType = ["doc": [
            "b": .binary(Data([1])), "big": .bigNumber("1e400"), "nan": .double(.nan),
            "time": .timestamp(seconds: 0, nanoseconds: 0), "ext": .ext(type: 3, data: Data()),
        ]]
        #expect(Self.summary(DataFormat.xml.losses(writing: value, options: Self.permissive)) == [
            "binary doc.b", "bigNumber doc.big", "nonFiniteNumber doc.nan", "timestamp doc.time", "ext doc.ext",
        ])
    }

    @Test("into XML: keys that are not XML names are escaped; attribute and text keys are names")
    func xmlKeys() throws {
        let value: SupportedType = ["doc": ["bad key": "v", "@id": "1", "#text": "t", "@bad attr": "2", "a:b:c": "3", "ok": "4"]]
        #expect(Self.summary(DataFormat.xml.losses(writing: value)) == [
            #"escapedKey doc["bad key"]"#, #"escapedKey doc["@bad attr"]"#, #"escapedKey doc["a:b:c"]"#,
        ])
    }

    static let roots: [(SupportedType, Bool)] = [
        (.array(["a"]), true),
        (["a": 1, "b": 2], true),
        (["a": ["x", "y"]], true),
        (["@a": "x"], true),
        (.string("text"), true),
        (["a": ["b": "x"]], false),
        (["a": nil], false),
    ]

    @Test("into XML: a root that is not one element is wrapped, and reads back under another root")
    func xmlRoot() throws {
        for (value, wrapped) in Self.roots {
            #expect(DataFormat.xml.losses(writing: value).contains { $0.kind == .wrappedRoot && $0.path.isRoot } == wrapped, "\(value)")
            let back = try DataFormat.xml.serializer().deserialize(DataFormat.xml.write(value))
            #expect((back["root"] != nil) == wrapped, "\(value) read back as \(back)")
        }
    }

    @Test("into JSON: binary, timestamps, NaN and ext values; big numbers and typed scalars are kept")
    func json() throws {
        let value: SupportedType = [
            "b": .binary(Data([1, 2])), "t": .timestamp(seconds: 0, nanoseconds: 5), "inf": .double(-.infinity),
            "x": .ext(type: 1, data: Data()), "big": .bigNumber("123456789012345678901234567890"), "n": 1, "e": [], "s": "",
        ]
        #expect(Self.summary(DataFormat.json.losses(writing: value, options: Self.permissive)) == ["binary b", "timestamp t", "nonFiniteNumber inf", "ext x"])
        #expect(Self.summary(DataFormat.json.losses(writing: value)) == ["binary b", "timestamp t"], "NaN and ext are refused by default")
    }

    @Test("into MessagePack: only numbers beyond 64 bits and Double")
    func messagePack() throws {
        let value: SupportedType = ["big": .bigNumber("18446744073709551616"), "u": .uint64(.max), "b": .binary(Data([1])), "x": .ext(type: 1, data: Data())]
        let losses = DataFormat.msgpack.losses(writing: value, options: Self.permissive)
        #expect(Self.summary(losses) == ["bigNumber big"])
        #expect(losses[0].detail.contains("18446744073709551616"))
        #expect(DataFormat.msgpack.losses(writing: value).map(\.detail) == [
            "msgpack has no exact form for the number 18446744073709551616 but a float of the same value, which it is written as",
        ], "2^64 is written as a float, whatever the option")
        let long: SupportedType = ["n": .bigNumber("123456789012345678901234567890")]
        let rounded = DataFormat.msgpack.losses(writing: long, options: FormatWriteOptions(bigNumbers: .nearest))
        #expect(rounded.map(\.detail) == ["msgpack has no exact form for the number 123456789012345678901234567890; it is rounded to the nearest double"])
    }

    @Test("into YAML: only ext values")
    func yaml() throws {
        let value: SupportedType = ["x": .ext(type: 1, data: Data()), "b": .binary(Data([1])), "nan": .double(.nan), "e": []]
        #expect(Self.summary(DataFormat.yaml.losses(writing: value, options: Self.permissive)) == ["ext x"])
    }

    @Test("losses carry the value's source position and the document number given")
    func positionsAndDocument() throws {
        let value = try DataFormat.json.serializer().deserialize(Data("{\n  \"a\": true\n}".utf8))
        let losses = DataFormat.xml.losses(writing: value, document: 3)
        let scalar = try #require(losses.first { $0.kind == .scalarType })
        #expect(scalar.position == .text(line: 2, column: 8))
        #expect(scalar.document == 3)
    }

    @Test("the registry's convertAll reports every document's losses, numbered, and writes as convertAll does")
    func registryConvertAll() throws {
        var report = ConversionReport()
        let yaml = Data("a: 1\n---\n# two\nb: !custom x\n".utf8)
        let output = try FormatRegistry.standard.convertAll(yaml, from: .yaml, to: .xml, documents: .wrapped, report: &report)
        #expect(output == (try FormatRegistry.standard.convertAll(yaml, from: .yaml, to: .xml, documents: .wrapped)))
        #expect(report.losses.map { "\($0.document) \($0.kind.rawValue) \($0.path)" } == [
            "2 comment b", "2 customTag b", "1 wrappedRoot ", "1 scalarType [0].a",
        ])
        var refused = ConversionReport()
        #expect(throws: DataMapperError.self) {
            try FormatRegistry.standard.convertAll(yaml, from: .yaml, to: .xml, report: &refused)
        }
    }

    @Test("the registry's convert adds the reading losses, then the target's, and writes as convert does")
    func registryConvert() throws {
        var report = ConversionReport()
        let yaml = Data("# note\nport: 8080\ntags: []\n".utf8)
        let output = try FormatRegistry.standard.convert(yaml, from: .yaml, to: .xml, report: &report)
        #expect(output == (try FormatRegistry.standard.convert(yaml, from: .yaml, to: .xml)))
        #expect(Self.summary(report.losses) == ["comment port", "wrappedRoot ", "scalarType port", "emptyArray tags"])
        #expect(report.losses.allSatisfy { $0.document == 1 })
    }

    @Test("a registered format with no declaration keeps everything")
    func customFormatDefault() throws {
        let format = DataFormat(name: "plain", representation: .text, makeSerializer: { _ in DataFormat.json.serializer() })
        #expect(format.losses(writing: ["a": [], "b": .binary(Data())]).isEmpty)
        #expect(try format.readingLosses(in: Data("{}".utf8)).isEmpty)
    }

    @Test("a registered format declares what it keeps")
    func customFormatDeclaration() throws {
        let format = DataFormat(
            name: "ini", representation: .text,
            fidelity: ValueFidelity(features: [.typedScalars], keepsKey: { !$0.contains("=") }),
            makeSerializer: { _ in DataFormat.json.serializer() }
        )
        #expect(Self.summary(format.losses(writing: ["a=b": [1]])) == [#"escapedKey ["a=b"]"#, #"singleElementArray ["a=b"]"#])
    }
}
