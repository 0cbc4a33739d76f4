import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// What the reader makes of valid documents: values, numbers, strings, positions,
/// duplicate keys and nesting.
@Suite struct JSONReaderTests {
    func read(_ text: String, _ options: JSONSerializer.Options = .init()) throws -> SupportedType {
        try JSONSerializer(options: options).deserialize(fromString: text)
    }

    // MARK: - Values

    @Test("objects keep their keys in the order written")
    func objectOrder() throws {
        let value = try read(#"{"zeta": 1, "alpha": [true, false, null], "mid": {"x": "y"}}"#)
        let map = try #require(value.orderedMap)
        #expect(map.keys == ["zeta", "alpha", "mid"])
        #expect(map["zeta"] == .int(1))
        #expect(map["alpha"] == .array([.bool(true), .bool(false), .null]))
        #expect(map["mid"] == .dictionary(["x": .string("y")] as OrderedMap))
    }

    @Test("empty containers and whitespace everywhere")
    func emptyContainers() throws {
        #expect(try read(" \t\r\n[ ] ") == .array([]))
        #expect(try read("{ }") == .dictionary(OrderedMap()))
        #expect(try read("[ [ ] , { } ]") == .array([.array([]), .dictionary(OrderedMap())]))
    }

    @Test("top-level scalars are documents")
    func topLevelScalars() throws {
        #expect(try read("42") == .int(42))
        #expect(try read(#""hi""#) == .string("hi"))
        #expect(try read("null") == .null)
        #expect(try read("false") == .bool(false))
        #expect(try read(" 1.5 ") == .double(1.5))
    }

    @Test("a UTF-8 byte-order mark before the value is skipped")
    func byteOrderMark() throws {
        let value = try JSONSerializer().deserialize(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)))
        #expect(value == .dictionary(["a": .int(1)] as OrderedMap))
        #expect(value.position == .text(line: 1, column: 1))
        #expect(value.orderedMap?["a"]?.position == .text(line: 1, column: 7))
    }

    @Test("the byte entry point agrees with the Data one")
    func entryPoints() throws {
        let bytes = Array(#"[1, "two", {"three": 3.0}]"#.utf8)
        let json = JSONSerializer()
        let expected: SupportedType = .array([.int(1), .string("two"), .dictionary(["three": .double(3)] as OrderedMap)])
        #expect(try json.deserialize(bytes: bytes) == expected)
        #expect(try json.deserialize(Data(bytes)) == expected)
    }

    @Test("a slice of Data is read from its own start")
    func dataSlice() throws {
        let data = Data("xx[7]yy".utf8)
        #expect(try JSONSerializer().deserialize(data[2..<5]) == .array([.int(7)]))
    }

    // MARK: - Numbers

    @Test("integers keep their exact type and value", arguments: [
        ("0", SupportedType.int(0)),
        ("-0", .int(0)),
        ("123", .int(123)),
        ("-123", .int(-123)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .uint64(9_223_372_036_854_775_808)),
        ("18446744073709551615", .uint64(UInt64.max)),
        ("18446744073709551616", .bigNumber("18446744073709551616")),
        ("99999999999999999999", .bigNumber("99999999999999999999")),
        ("-9223372036854775809", .bigNumber("-9223372036854775809")),
        ("123456789012345678901234567890", .bigNumber("123456789012345678901234567890")),
    ] as [(String, SupportedType)])
    func integers(_ text: String, _ expected: SupportedType) throws {
        let value = try read(text)
        #expect(value == expected)
        if case .int = expected.kind { #expect(value.int != nil) }
    }

    @Test("UInt64 values are stored as .uint, bigger ones as text")
    func integerKinds() throws {
        guard case .uint(let big) = try read("18446744073709551615").kind else {
            Issue.record("expected .uint")
            return
        }
        #expect(big == UInt64.max)
        guard case .bigNumber(let text) = try read("-18446744073709551616").kind else {
            Issue.record("expected .bigNumber")
            return
        }
        #expect(text == "-18446744073709551616")
    }

    @Test("numbers with a fraction or exponent become the nearest Double", arguments: [
        ("1.0", 1.0),
        ("-0.0", -0.0),
        ("0.1", 0.1),
        ("3.141592653589793", 3.141592653589793),
        ("1e3", 1000.0),
        ("1E+3", 1000.0),
        ("25e-1", 2.5),
        ("-1.5e-7", -1.5e-7),
        ("1.7976931348623157e308", 1.7976931348623157e308),
        ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("5e-324", Double.leastNonzeroMagnitude),
        ("2.2250738585072009e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),
        ("0.000001234", 0.000001234),
        ("12345678901234567e-5", 123456789012.34567),
        ("9007199254740993.0", 9007199254740992.0),
        ("1e38", 1e38),
        ("123.456e30", 123.456e30),
        ("0e99999", 0.0),
        ("-65.613616999999977", -65.613616999999977),
    ] as [(String, Double)])
    func doubles(_ text: String, _ expected: Double) throws {
        let value = try read(text)
        guard case .double(let number) = value.kind else {
            Issue.record("\(text) gave \(value), not a double")
            return
        }
        #expect(number == expected)
        #expect(number.sign == expected.sign)
    }

    @Test("numbers no Double holds are kept as written", arguments: [
        "1e400",
        "-1e400",
        "1e-400",
        "123456789012345678.5",
        "0.123456789012345678",
        "1.000000000000000000",
        "1e99999999999999999999",
    ])
    func bigDoubles(_ text: String) throws {
        #expect(try read(text) == .bigNumber(text))
        #expect(try read("[\(text)]") == .array([.bigNumber(text)]))
    }

    @Test("every fraction with up to 17 digits reads back exactly")
    func doublesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bits = UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)
            let number = Double(bitPattern: bits)
            let text = "\(number)"
            let value = try read(text)
            if case .double(let parsed) = value.kind {
                #expect(parsed == number, "\(text)")
            } else if case .int = value.kind {
                // Swift prints some whole doubles without a fraction or exponent.
                #expect(!text.contains(".") && !text.contains("e"), "\(text) gave \(value)")
            } else {
                Issue.record("\(text) gave \(value)")
            }
        }
    }

    @Test("decimal text reads as the standard library's nearest Double, or is kept when none fits")
    func decimalsAgreeWithStandardLibrary() throws {
        var random = SplitMix64(seed: 0x5EED_D0B1)
        let shapes: [ClosedRange<Int>] = [-30...30, -350...(-300), 280...320, -330...310]
        for round in 0..<30_000 {
            let digitCount = Int.random(in: 1...17, using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digitCount { digits.append(String(Int.random(in: 0...9, using: &random))) }
            if round % 7 == 0 { digits = String(digits.prefix(max(1, digitCount - 5))) + "00000".prefix(digitCount - 1) }
            let point = Int.random(in: 0...digits.count, using: &random)
            var text = switch point {
            case 0: "0." + digits
            case digits.count: digits
            default: String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            }
            let exponent = Int.random(in: shapes[round % shapes.count], using: &random)
            text += "e\(exponent)"
            if round % 2 == 1 { text = "-" + text }

            let value = try read(text)
            let expected = try #require(Double(text))
            if expected.isFinite && expected != 0 {
                #expect(value == .double(expected), "\(text)")
            } else {
                #expect(value == .bigNumber(text), "\(text)")
            }
        }
    }

    @Test("hard cases near halfway points round to even", arguments: [
        "9007199254740993e0",
        "9007199254740995e0",
        "2.2250738585072011e-308",
        "4.9406564584124654e-324",
        "1.7976931348623158e308",
        "7.2057594037927933e16",
        "8.988465674311579e307",
        "1.00000000000000011102230246251565404236316680908203125",
        "0.1e1",
        "123456789012345.67",
        "3.0517578125e-05",
        "1.448997445238699",
        "2.2250738585072012e-308",
        "9.109383560e-31",
    ])
    func hardDecimals(_ text: String) throws {
        let value = try read(text)
        let expected = try #require(Double(text))
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        let significant = mantissa.filter(\.isNumber).drop { $0 == "0" }.count
        if significant > 17 {
            #expect(value == .bigNumber(text))
        } else if expected.isFinite {
            #expect(value == .double(expected), "\(text)")
        } else {
            #expect(value == .bigNumber(text))
        }
    }

    // MARK: - Strings

    @Test("escapes decode to their characters", arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{c}\n\r\t"),
        (#""\u0041\u00e9\u4E2D""#, "Aé中"),
        (#""\uD83D\uDE00 smile""#, "😀 smile"),
        (#""a\u0000b""#, "a\u{0}b"),
        (#""plain then \n escaped""#, "plain then \n escaped"),
        (#""é and \u00e9""#, "é and é"),
        (#""""#, ""),
    ])
    func escapes(_ text: String, _ expected: String) throws {
        #expect(try read(text) == .string(expected))
    }

    @Test("non-ASCII text and long strings come through unchanged")
    func unicode() throws {
        let text = "名前:前田あゆみ 😋✨ Ünïcödé " + String(repeating: "abcdefgh", count: 40)
        #expect(try read("\"\(text)\"") == .string(text))
        #expect(try read("{\"\(text)\": 1}").orderedMap?.keys == [text])
    }

    @Test("long keys repeated across objects read back equal")
    func repeatedLongKeys() throws {
        let keys = ["profile_background_image_url_https", "profile_background_image_url_http", "a_key_of_exactly_16", "0123456789abcdef"]
        let object = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        let value = try read("[" + Array(repeating: object, count: 5).joined(separator: ",") + "]")
        let array = try #require(value.array)
        #expect(array.count == 5)
        for element in array {
            #expect(element.orderedMap?.keys == keys)
            #expect(element.orderedMap?["profile_background_image_url_http"] == .int(1))
        }
    }

    // MARK: - Positions

    @Test("every value carries the line and column of its first byte")
    func positions() throws {
        let text = """
        {
          "name": "api",
          "ports": [80,
             443],
          "tls": {"on": true}
        }
        """
        let value = try read(text)
        let map = try #require(value.orderedMap)
        #expect(value.position == .text(line: 1, column: 1))
        #expect(map["name"]?.position == .text(line: 2, column: 11))
        #expect(map["ports"]?.position == .text(line: 3, column: 12))
        #expect(map["ports"]?.array?[0].position == .text(line: 3, column: 13))
        #expect(map["ports"]?.array?[1].position == .text(line: 4, column: 6))
        #expect(map["tls"]?.position == .text(line: 5, column: 10))
        #expect(map["tls"]?.orderedMap?["on"]?.position == .text(line: 5, column: 17))
    }

    @Test("columns count UTF-8 bytes and CRLF ends a line")
    func columnsInBytes() throws {
        let value = try read("{\"é\": 1,\r\n \"k\": 2}")
        #expect(value.orderedMap?["é"]?.position == .text(line: 1, column: 8))
        #expect(value.orderedMap?["k"]?.position == .text(line: 2, column: 7))
    }

    // MARK: - Duplicate keys

    @Test("last wins keeps the first key's place with the last value")
    func duplicateLastWins() throws {
        let value = try read(#"{"a": 1, "b": 2, "a": 3}"#)
        let map = try #require(value.orderedMap)
        #expect(map.keys == ["a", "b"])
        #expect(map["a"] == .int(3))
    }

    @Test("first wins keeps the first value")
    func duplicateFirstWins() throws {
        let value = try read(#"{"a": 1, "b": 2, "a": 3}"#, .init(duplicateKeys: .firstWins))
        #expect(value.orderedMap?.keys == ["a", "b"])
        #expect(value.orderedMap?["a"] == .int(1))
    }

    @Test("repeats are found in large objects too")
    func duplicateInLargeObject() throws {
        let entries = (0..<200).map { "\"key\($0)\": \($0)" } + ["\"key150\": \"again\"", "\"k\\u0065y7\": \"escaped\""]
        let value = try read("{" + entries.joined(separator: ",") + "}")
        let map = try #require(value.orderedMap)
        #expect(map.count == 200)
        #expect(map.keys[150] == "key150")
        #expect(map["key150"] == .string("again"))
        #expect(map["key7"] == .string("escaped"))
        #expect(map["key199"] == .int(199))
    }

    // MARK: - Depth

    @Test("nesting up to the limit is accepted")
    func depthAtLimit() throws {
        let limit = ParsingLimits.default.maxDepth
        let text = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { _ = try read(text) }
        let limited = JSONSerializer.Options(limits: ParsingLimits(maxDepth: 3))
        #expect(throws: Never.self) { _ = try read(#"[{"a": [1]}]"#, limited) }
    }
}
