import DataMapper
import Foundation
import Testing

// Issue 28: one conversion policy for the mapper and the scope; Mappable's table of
// compatible conversions under `.compatible`, refused under `.strict`.

private struct Flight: Deserializable {
    let count: Int
    let ratio: Double
    let flag: Bool
    let code: String
    let link: URL
    let tags: [String]

    init(_ data: DeserializableData) throws {
        count = try data["count"].get()
        ratio = try data["ratio"].get()
        flag = try data["flag"].get()
        code = try data["code"].get()
        link = try data["link"].get()
        tags = try data["tags"].get()
    }
}

private struct Holder<Field: Deserializable>: Deserializable {
    let field: Field
    init(_ data: DeserializableData) throws { field = try data["field"].get() }
}

private struct ListHolder: Deserializable {
    let field: [Int]
    init(_ data: DeserializableData) throws { field = try data["field"].get() }
}

@Suite struct ConversionPolicyTests {
    let compatible = ObjectMapper(conversionPolicy: .compatible)

    func at(_ line: Int, _ column: Int, _ kind: SupportedType.Kind) -> SupportedType {
        SupportedType(kind, position: .text(line: line, column: column))
    }

    /// `{"field": <value>}`, the value at line 2, column 12.
    func document(_ field: SupportedType.Kind) -> SupportedType {
        at(1, 1, .dictionary(["field": at(2, 12, field)]))
    }

    func read<Field: Deserializable>(_ kind: SupportedType.Kind, as type: Field.Type, by mapper: ObjectMapper) throws -> Field {
        try mapper.deserialize(document(kind), as: Holder<Field>.self).field
    }

    @Test("a document of compatible types reads as the model under .compatible")
    func wholeModel() throws {
        let value: SupportedType = [
            "count": "12", "ratio": "2.5", "flag": "YES", "code": 42,
            "link": "https://example.com/a", "tags": "one",
        ]
        let flight = try compatible.deserialize(value, as: Flight.self)
        #expect(flight.count == 12)
        #expect(flight.ratio == 2.5)
        #expect(flight.flag)
        #expect(flight.code == "42")
        #expect(flight.link.absoluteString == "https://example.com/a")
        #expect(flight.tags == ["one"])
        #expect(throws: DataMapperError.self) { try ObjectMapper().deserialize(value, as: Flight.self) }
    }

    @Test("numbers from decimal text", arguments: [("12", 12.0), (" -7 ", -7.0), ("2.5", 2.5), ("1e3", 1000.0)])
    func numbersFromText(text: String, expected: Double) throws {
        #expect(try read(.string(text), as: Double.self, by: compatible) == expected)
        // An integer field reads decimal integers only: "1e3" is a number but not an integer's text.
        if text != "1e3", let whole = Int(exactly: expected) { #expect(try read(.string(text), as: Int.self, by: compatible) == whole) }
    }

    @Test("Bool from words and numbers, in any case", arguments: [
        (SupportedType.Kind.string("true"), true), (.string("False"), false), (.string("TRUE"), true),
        (.string("YES"), true), (.string("no"), false), (.string("Yes"), true), (.string("1"), true), (.string("0"), false),
        (.int(1), true), (.int(0), false), (.double(1), true),
    ])
    func booleans(kind: SupportedType.Kind, expected: Bool) throws {
        #expect(try read(kind, as: Bool.self, by: compatible) == expected)
    }

    @Test("String from integers and floating-point numbers, not from booleans")
    func textFromNumbers() throws {
        #expect(try read(.int(-3), as: String.self, by: compatible) == "-3")
        #expect(try read(.double(2.5), as: String.self, by: compatible) == "2.5")
        #expect(throws: DataMapperError.self) { try read(.bool(true), as: String.self, by: compatible) }
    }

    @Test("URL from a string, under either policy")
    func urls() throws {
        #expect(try read(.string("https://example.com"), as: URL.self, by: ObjectMapper()).host == "example.com")
        #expect(try read(.string("https://example.com"), as: URL.self, by: compatible).host == "example.com")
    }

    @Test("Date from seconds, seconds as text, or RFC 3339 text")
    func dates() throws {
        let expected = Date(timeIntervalSince1970: 1_465_833_600)
        #expect(try read(.int(1_465_833_600), as: Date.self, by: compatible) == expected)
        #expect(try read(.string("1465833600"), as: Date.self, by: compatible) == expected)
        #expect(try read(.string("2016-06-13T16:00:00+00:00"), as: Date.self, by: compatible) == expected)
        let iso = ObjectMapper(conversionPolicy: .compatible, dateStrategy: .iso8601)
        #expect(try read(.int(1_465_833_600), as: Date.self, by: iso) == expected)
    }

    @Test("[T] from a single value")
    func singleValueAsArray() throws {
        #expect(try compatible.deserialize(document(.string("7")), as: ListHolder.self).field == [7])
    }

    @Test("the same inputs are refused under .strict with the key path and position", arguments: [
        (SupportedType.Kind.string("12"), "Int"), (.string("2.5"), "Double"), (.string("YES"), "Bool"),
        (.int(1), "Bool"), (.int(42), "String"), (.string("2016-06-13T16:00:00+00:00"), "Date"), (.string("7"), "[Int]"),
    ])
    func strictRefuses(kind: SupportedType.Kind, type: String) throws {
        let error = #expect(throws: DataMapperError.self) {
            switch type {
            case "Int": _ = try read(kind, as: Int.self, by: ObjectMapper())
            case "Double": _ = try read(kind, as: Double.self, by: ObjectMapper())
            case "Bool": _ = try read(kind, as: Bool.self, by: ObjectMapper())
            case "String": _ = try read(kind, as: String.self, by: ObjectMapper())
            case "Date": _ = try read(kind, as: Date.self, by: ObjectMapper())
            default: _ = try ObjectMapper().deserialize(document(kind), as: ListHolder.self)
            }
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.path.description == "field")
        #expect(error?.location?.line == 2)
        #expect(error?.location?.column == 12)
    }

    @Test("what the table does not list still fails under .compatible, with its position")
    func compatibleFailures() {
        for (kind, check) in [
            (SupportedType.Kind.string("twelve"), { (k: SupportedType.Kind) in _ = try read(k, as: Int.self, by: compatible) }),
            (.string("0x10"), { k in _ = try read(k, as: Double.self, by: compatible) }),
            (.string("maybe"), { k in _ = try read(k, as: Bool.self, by: compatible) }),
            (.int(2), { k in _ = try read(k, as: Bool.self, by: compatible) }),
            (.string("13 June 2016"), { k in _ = try read(k, as: Date.self, by: compatible) }),
            (.array([]), { k in _ = try read(k, as: String.self, by: compatible) }),
        ] as [(SupportedType.Kind, (SupportedType.Kind) throws -> Void)] {
            let error = #expect(throws: DataMapperError.self) { try check(kind) }
            #expect(error?.path.description == "field")
            #expect(error?.location?.column == 12)
        }
    }

    @Test("a missing required field stays an error under .compatible (no XML empties)")
    func noEmptyForNull() {
        #expect(throws: DataMapperError.self) { try compatible.deserialize(at(1, 1, .dictionary([:])), as: ListHolder.self) }
        #expect(throws: DataMapperError.self) { try compatible.deserialize(document(.null), as: Holder<String>.self) }
    }

    @Test("writing is unaffected by the policy")
    func writing() {
        #expect(compatible.serialize(["a": 1] as [String: Int]) == ["a": 1])
    }
}
