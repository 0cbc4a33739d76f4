import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// Converting the objects `JSONSerialization` makes, and plain Swift values, into
/// `SupportedType`.
@Suite struct JSONFoundationReadingTests {
    let json = JSONSerializer()

    func foundationObject(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test("booleans stay booleans and 0 and 1 stay integers")
    func booleansAndNumbers() throws {
        let value = try json.typedDeserialize(try foundationObject("[true, false, 1, 0]"))
        #expect(value == .array([.bool(true), .bool(false), .int(1), .int(0)]))
        guard case .bool = value.array?[0].kind, case .int = value.array?[2].kind else {
            Issue.record("kinds were \(value)")
            return
        }
    }

    @Test("integers and doubles are told apart and large integers stay exact")
    func numberKinds() throws {
        let value = try json.typedDeserialize(try foundationObject(
            "[1.5, 10.0, 9223372036854775807, -9223372036854775808, 18446744073709551615, 123456789012345678901234]"
        ))
        #expect(value == .array([
            .double(1.5),
            .double(10.0),
            .int(Int.max),
            .int(Int.min),
            .uint64(UInt64.max),
            .bigNumber("123456789012345678901234"),
        ]))
    }

    @Test("dictionaries, arrays, strings and null convert, keys sorted")
    func containers() throws {
        let object = try foundationObject(#"{"zeta": "z", "alpha": [null, {"inner": "é"}]}"#)
        let value = try json.typedDeserialize(object)
        let map = try #require(value.orderedMap)
        #expect(map.keys == ["alpha", "zeta"])
        #expect(map["zeta"] == .string("z"))
        #expect(map["alpha"] == .array([.null, .dictionary(["inner": .string("é")] as OrderedMap)]))
    }

    @Test("NSDictionary, NSArray, NSString and NSNumber convert")
    func bridgedClasses() throws {
        let dictionary = NSMutableDictionary()
        dictionary["name"] = NSString(string: "api")
        dictionary["ports"] = NSArray(array: [NSNumber(value: 80), NSNumber(value: 443)])
        dictionary["ratio"] = NSNumber(value: 0.25)
        dictionary["on"] = NSNumber(value: true)
        dictionary["none"] = NSNull()
        let value = try json.typedDeserialize(dictionary)
        #expect(value == .dictionary([
            "name": .string("api"),
            "none": .null,
            "on": .bool(true),
            "ports": .array([.int(80), .int(443)]),
            "ratio": .double(0.25),
        ] as OrderedMap))
    }

    /// A plain Swift value, boxed in `Any` only inside the test so the table is `Sendable`.
    enum Scalar: Sendable, CustomTestStringConvertible {
        case bool(Bool), int(Int), int64(Int64), uint64(UInt64), uint8(UInt8), double(Double), float(Float), string(String)

        var boxed: Any {
            switch self {
            case .bool(let value): value
            case .int(let value): value
            case .int64(let value): value
            case .uint64(let value): value
            case .uint8(let value): value
            case .double(let value): value
            case .float(let value): value
            case .string(let value): value
            }
        }

        var testDescription: String { "\(boxed) as \(type(of: boxed))" }
    }

    @Test("plain Swift values convert by their own type", arguments: [
        (Scalar.bool(true), SupportedType.bool(true)),
        (.bool(false), .bool(false)),
        (.int(1), .int(1)),
        (.int(0), .int(0)),
        (.int64(Int64.min), .int(Int.min)),
        (.uint64(UInt64.max), .uint64(UInt64.max)),
        (.uint8(7), .int(7)),
        (.double(2.5), .double(2.5)),
        (.double(1.0), .double(1.0)),
        (.float(0.5), .double(0.5)),
        (.string("text"), .string("text")),
    ] as [(Scalar, SupportedType)])
    func swiftScalars(_ input: Scalar, _ expected: SupportedType) throws {
        let value = try json.typedDeserialize(input.boxed)
        #expect(value == expected)
        switch (value.kind, expected.kind) {
        case (.bool, .bool), (.int, .int), (.uint, .uint), (.double, .double), (.string, .string): break
        default: Issue.record("\(value) has another kind than \(expected)")
        }
    }

    @Test("Swift arrays and dictionaries of Any convert")
    func swiftContainers() throws {
        let input: [String: Any] = ["list": [1, "two", 3.0, false] as [Any], "nested": ["k": NSNull()] as [String: Any]]
        #expect(try json.typedDeserialize(input) == .dictionary([
            "list": .array([.int(1), .string("two"), .double(3), .bool(false)]),
            "nested": .dictionary(["k": .null] as OrderedMap),
        ] as OrderedMap))
    }

    @Test("an unsupported object is refused with its key path")
    func unsupportedObject() throws {
        let input: [String: Any] = ["servers": [["port": 80], ["port": Date(timeIntervalSince1970: 0)]] as [Any]]
        let error = #expect(throws: DataMapperError.self) { _ = try json.typedDeserialize(input) }
        #expect(error?.kind == .unsupported)
        #expect(error?.path.description == "servers[1].port")
        #expect(error?.message.hasPrefix("a value of type Date has no JSON form") == true)
    }

    @Test("a dictionary with a key that is not a string is refused")
    func nonStringKey() throws {
        let input: [String: Any] = ["outer": [1: "one"] as [Int: Any]]
        let error = #expect(throws: DataMapperError.self) { _ = try json.typedDeserialize(input) }
        #expect(error?.kind == .unsupported)
        #expect(error?.path.description == "outer")
        #expect(error?.problem == "a dictionary key must be a string to become JSON, found the Int key 1")
    }

    @Test("reading bytes and converting JSONSerialization's objects agree on the corpus", SharedData.corpus.enabledIfPresent)
    func agreesWithBytes() throws {
        let data = try Data(contentsOf: SharedData.corpus.file("citm_catalog.json"))
        let fromBytes = try json.deserialize(data)
        let fromObjects = try json.typedDeserialize(try JSONSerialization.jsonObject(with: data))
        #expect(fromBytes == fromObjects)
    }
}
