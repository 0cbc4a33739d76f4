import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct JSONWriterTests {
    private let compact = JSONSerializer()
    private let pretty = JSONSerializer(options: .init(outputStyle: .pretty))

    private func text(_ value: SupportedType, _ serializer: JSONSerializer = JSONSerializer()) throws -> String {
        try serializer.serialize(toString: value)
    }

    /// The bytes `serializer` writes for `value`.
    private func write(_ value: SupportedType, _ serializer: JSONSerializer = JSONSerializer()) throws -> [UInt8] {
        try serializer.serializeToBytes(value)
    }

    // MARK: - Scalars and integers

    @Test("scalars and integers are written exactly", arguments: [
        (SupportedType.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.int(0), "0"),
        (.int(7), "7"),
        (.int(-1), "-1"),
        (.int(10), "10"),
        (.int(99), "99"),
        (.int(100), "100"),
        (.int(-1234567890), "-1234567890"),
        (.int(Int.max), "9223372036854775807"),
        (.int(Int.min), "-9223372036854775808"),
        (.uint64(UInt64.max), "18446744073709551615"),
        (.uint64(9_223_372_036_854_775_808), "9223372036854775808"),
        (.intOrDouble(42), "42"),
        (.intOrDouble(-42), "-42"),
    ])
    func scalars(value: SupportedType, expected: String) throws {
        #expect(try text(value) == expected)
    }

    @Test("every power of ten and its neighbours is written as its decimal digits")
    func integerDigits() throws {
        var power: UInt64 = 1
        for exponent in 0...19 {
            for candidate in [power - 1, power, power + 1] where candidate <= UInt64(Int.max) {
                #expect(try text(.int(Int(candidate))) == String(candidate), "10^\(exponent)")
                #expect(try text(.int(-Int(candidate))) == (candidate == 0 ? "0" : "-\(candidate)"))
            }
            if exponent < 19 { power *= 10 }
        }
    }

    // MARK: - Doubles

    @Test("doubles take the shortest text that reads back, always marked as floating point", arguments: [
        (5.0, "5.0"),
        (-0.0, "-0.0"),
        (0.0, "0.0"),
        (0.1, "0.1"),
        (-2.5, "-2.5"),
        (1e-5, "1e-05"),
        (1e16, "1e+16"),
        (1e15, "1000000000000000.0"),
        (9_007_199_254_740_991.0, "9007199254740991.0"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (-65.61361699999998, "-65.61361699999998"),
        (123.456, "123.456"),
    ])
    func doubles(value: Double, expected: String) throws {
        #expect(try text(.double(value)) == expected)
    }

    @Test("random doubles read back bit for bit and are valid JSON numbers")
    func doublesRoundTrip() throws {
        var generator = SplitMix64(seed: 0x5EED_D0AB)
        for _ in 0..<5_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let written = try text(.double(value))
            let parsed = try #require(Double(written), "\(written)")
            #expect(parsed.bitPattern == value.bitPattern, "\(written)")
            #expect(written.contains(".") || written.contains("e"), "\(written)")
            #expect(!written.hasPrefix("+") && !written.contains("inf") && !written.contains("nan"))
        }
    }

    /// Doubles where shortest-digit printing goes wrong most easily: every power of two
    /// and its neighbours (the gap below a power of two is half the gap above), the
    /// subnormals, powers of ten and their neighbours, and whole numbers past 2^53.
    private static var awkwardDoubles: [Double] {
        var values: [Double] = []
        for biased in UInt64(0)...2046 {
            for fraction: UInt64 in [0, 1, 2, 3, (1 << 52) - 1, 1 << 51] {
                values.append(Double(bitPattern: biased << 52 | fraction))
            }
        }
        values += (1...3_000).map { Double(bitPattern: UInt64($0)) }
        values += (0...3_000).map { Double(bitPattern: (1 << 52) - 1 - UInt64($0)) }
        for exponent in -323...308 {
            let power = Double("1e\(exponent)") ?? 1
            values += [power, power.nextUp, power.nextDown]
        }
        var whole: Double = 9_007_199_254_740_992
        while whole.isFinite {
            values += [whole, whole + 2 * whole.ulp, 3 * whole]
            whole *= 10
        }
        return values.filter { $0.isFinite && $0 > 0 }
    }

    @Test("doubles are written exactly as the standard library describes them")
    func doublesMatchDescription() throws {
        var generator = SplitMix64(seed: 0xD0_0B1E)
        var values = Self.awkwardDoubles
        for _ in 0..<100_000 {
            values.append(Double(bitPattern: generator.next() & 0x7FFF_FFFF_FFFF_FFFF))
        }
        for value in values where value.isFinite {
            let written = try text(.double(value))
            #expect(written == value.description, "bits \(value.bitPattern): \(written)")
            let negative = try text(.double(-value))
            #expect(negative == (-value).description, "bits \((-value).bitPattern): \(negative)")
        }
    }

    @Test("NaN and the infinities are refused, naming their path", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDoubles(value: Double) throws {
        let document: SupportedType = ["points": [1, .double(value)]]
        let error = try expectError(kind: .unsupported) { try write(document) }
        #expect(error.path.description == "points[1]")
        #expect(error.message.contains("finite"))
    }

    // MARK: - Big numbers

    @Test("a big number is written as its text", arguments: [
        "123456789012345678901234567890",
        "-0.000000000000000000000000000001",
        "1.5e400",
        "2E-7",
        "0",
        "-0.5e+10",
    ])
    func bigNumbers(text number: String) throws {
        #expect(try text(.bigNumber(number)) == number)
    }

    @Test("a big number that is not a JSON number is refused", arguments: ["", "-", "abc", "01", "1.", ".5", "+1", "1e", "1e+", "0x10", "1 ", "NaN"])
    func invalidBigNumbers(text number: String) throws {
        try expectError(kind: .unsupported, path: ["total"]) { try write(["total": .bigNumber(number)]) }
    }

    // MARK: - Strings

    @Test("strings escape quotes, backslashes and control characters only", arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("C:\\path", #""C:\\path""#),
        ("line\nnext", #""line\nnext""#),
        ("a\rb\tc", #""a\rb\tc""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{00}", #""\u0000""#),
        ("\u{01}x\u{1F}", #""\u0001x\u001f""#),
        ("\u{1B}[0m", #""\u001b[0m""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("a/b", #""a/b""#),
        ("héllo wörld", "\"héllo wörld\""),
        ("日本語テキスト", "\"日本語テキスト\""),
        ("emoji 😀👍🏽", "\"emoji 😀👍🏽\""),
        ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),
    ])
    func strings(value: String, expected: String) throws {
        #expect(try text(.string(value)) == expected)
    }

    @Test("an escape is found wherever it sits in a long string")
    func escapesAtEveryOffset() throws {
        let specials: [(Character, String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1}", "\\u0001")]
        for length in [1, 7, 8, 9, 15, 16, 17, 33] {
            for offset in 0..<length {
                for (special, escaped) in specials {
                    var plain = Array(repeating: Character("x"), count: length)
                    plain[offset] = special
                    let prefix = String(repeating: "x", count: offset)
                    let suffix = String(repeating: "x", count: length - offset - 1)
                    #expect(try text(.string(String(plain))) == "\"" + prefix + escaped + suffix + "\"")
                }
            }
        }
    }

    @Test("bytes just above the escaped ones are copied as they are")
    func neighboursOfEscapedBytes() throws {
        // 0x20 (space), 0x21 '!', 0x23 '#', 0x5B '[', 0x5D ']', and bytes with the high bit set.
        let value = " !#[]é\u{80}\u{FF} !#[]é\u{80}\u{FF}"
        #expect(try text(.string(value)) == "\"" + value + "\"")
    }

    @Test("keys are escaped like strings")
    func keysAreEscaped() throws {
        #expect(try text(["a\"b\n": 1]) == #"{"a\"b\n":1}"#)
    }

    // MARK: - Layout

    private var sample: SupportedType {
        [
            "name": "api",
            "ports": [80, 443],
            "tls": ["enabled": true, "cert": .null],
            "tags": [],
            "extra": .dictionary(OrderedMap()),
            "ratio": 0.5,
        ]
    }

    @Test("compact output has no whitespace and keeps the key order")
    func compactLayout() throws {
        #expect(try text(sample) == #"{"name":"api","ports":[80,443],"tls":{"enabled":true,"cert":null},"tags":[],"extra":{},"ratio":0.5}"#)
    }

    @Test("pretty output puts one entry per line, indented two spaces per level")
    func prettyLayout() throws {
        let expected = """
            {
              "name": "api",
              "ports": [
                80,
                443
              ],
              "tls": {
                "enabled": true,
                "cert": null
              },
              "tags": [],
              "extra": {},
              "ratio": 0.5
            }
            """
        #expect(try text(sample, pretty) == expected)
    }

    @Test("pretty output follows the indent width")
    func indentWidth() throws {
        let serializer = JSONSerializer(options: .init(outputStyle: .pretty, indentWidth: 4))
        #expect(try text([[1]], serializer) == "[\n    [\n        1\n    ]\n]")
        let flat = JSONSerializer(options: .init(outputStyle: .pretty, indentWidth: 0))
        #expect(try text(["a": [1, 2]], flat) == "{\n\"a\": [\n1,\n2\n]\n}")
    }

    @Test("a scalar or an empty container at the top is written alone", arguments: [
        (SupportedType.string("x"), #""x""#),
        (.array([]), "[]"),
        (.dictionary(OrderedMap()), "{}"),
        (.int(3), "3"),
    ])
    func topLevel(value: SupportedType, expected: String) throws {
        #expect(try text(value, pretty) == expected)
        #expect(try text(value) == expected)
    }

    @Test("sorted keys follow Unicode scalar order at every level")
    func sortedKeys() throws {
        let value: SupportedType = ["b": 1, "é": 2, "a": ["z": 1, "y": 2], "B": 3, "aa": 4, "😀": 5, "ｚ": 6]
        let serializer = JSONSerializer(options: .init(sortKeys: true))
        #expect(try text(value, serializer) == #"{"B":3,"a":{"y":2,"z":1},"aa":4,"b":1,"é":2,"ｚ":6,"😀":5}"#)
        let prettySorted = JSONSerializer(options: .init(outputStyle: .pretty, sortKeys: true))
        #expect(try text(["b": 1, "a": 2], prettySorted) == "{\n  \"a\": 2,\n  \"b\": 1\n}")
    }

    // MARK: - Binary, timestamps, ext

    @Test("binary is written as padded base64", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func base64Vectors(input: String, expected: String) throws {
        #expect(try text(.binary(Data(input.utf8))) == "\"" + expected + "\"")
    }

    @Test("binary of every length and byte agrees with Foundation's base64")
    func base64MatchesFoundation() throws {
        var generator = SplitMix64(seed: 64)
        for length in 0..<70 {
            let data = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            #expect(try text(.binary(data)) == "\"" + data.base64EncodedString() + "\"")
        }
        let everyByte = Data((0...255).map { UInt8($0) })
        #expect(try text(.binary(everyByte)) == "\"" + everyByte.base64EncodedString() + "\"")
    }

    @Test("timestamps are RFC 3339 strings in UTC", arguments: [
        (0, 0, "1970-01-01T00:00:00Z"),
        (1_709_214_307, 0, "2024-02-29T13:45:07Z"),
        (1_709_214_307, 500_000_000, "2024-02-29T13:45:07.500Z"),
        (1_709_214_307, 123_456_000, "2024-02-29T13:45:07.123456Z"),
        (1_709_214_307, 1, "2024-02-29T13:45:07.000000001Z"),
        (-1, 0, "1969-12-31T23:59:59Z"),
        (-1, 999_999_999, "1969-12-31T23:59:59.999999999Z"),
        (951_868_800, 0, "2000-03-01T00:00:00Z"),
        (-2_203_934_400, 0, "1900-02-28T12:00:00Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        (-62_167_219_200, 0, "0000-01-01T00:00:00Z"),
        (253_402_300_799, 0, "9999-12-31T23:59:59Z"),
    ] as [(Int64, UInt32, String)])
    func timestamps(seconds: Int64, nanoseconds: UInt32, expected: String) throws {
        #expect(try text(.timestamp(seconds: seconds, nanoseconds: nanoseconds)) == "\"" + expected + "\"")
    }

    @Test("timestamps agree with Foundation's ISO 8601 formatter")
    func timestampsMatchFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SplitMix64(seed: 1970)
        for _ in 0..<500 {
            // Years 1900 to 2100.
            let seconds = Int64(generator.next() % 6_311_390_400) - 2_208_988_800
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(try text(.timestamp(seconds: seconds, nanoseconds: 0)) == "\"" + expected + "\"")
        }
    }

    @Test("timestamps JSON cannot write are refused", arguments: [
        (253_402_300_800, 0),
        (-62_167_219_201, 0),
        (Int64.max, 0),
        (Int64.min, 0),
        (0, 1_000_000_000),
    ] as [(Int64, UInt32)])
    func invalidTimestamps(seconds: Int64, nanoseconds: UInt32) throws {
        let error = try expectError(kind: .unsupported) { try write([.timestamp(seconds: seconds, nanoseconds: nanoseconds)]) }
        #expect(error.path.description == "[0]")
    }

    @Test("ext values are refused with their path")
    func extIsRefused() throws {
        let error = try expectError(kind: .unsupported) { try write(["a": ["b": [.null, .ext(type: 5, data: Data([1]))]]]) }
        #expect(error.path.description == "a.b[1]")
        #expect(error.description == "a.b[1]: JSON has no place for a MessagePack extension value (type 5); set JSONSerializer.Options.extValues to .base64 to write its payload as base64 (its type code is lost)")
    }

    // MARK: - Depth

    private func nested(_ depth: Int) -> SupportedType {
        var value: SupportedType = 1
        for level in 0..<depth { value = level.isMultiple(of: 2) ? [value] : ["k": value] }
        return value
    }

    @Test("nesting up to the depth limit is written, one level more is refused")
    func depthLimit() throws {
        let limited = JSONSerializer(options: .init(limits: ParsingLimits(maxDepth: 3)))
        #expect(try text([["k": [1]]], limited) == #"[{"k":[1]}]"#)
        let error = try expectError(kind: .limitExceeded) { try write([["k": [[1]]]], limited) }
        #expect(error.path.description == "[0].k[0]")
        let limit = ParsingLimits.default.maxDepth
        let deepest = try text(nested(limit))
        #expect(deepest.filter { $0 == "[" }.count == limit / 2)
        #expect(deepest.filter { $0 == "{" }.count == limit / 2)
    }

    @Test("a value nested far beyond the default limit is an error, not a crash")
    func deepValueIsRefused() throws {
        let error = try expectError(kind: .limitExceeded) { try write(nested(2_000)) }
        #expect(error.problem == "the value nests deeper than the limit of \(ParsingLimits.default.maxDepth) levels")
    }

    // MARK: - Entry points

    @Test("Data, bytes and String outputs hold the same text")
    func entryPointsAgree() throws {
        let bytes = try compact.serializeToBytes(sample)
        #expect(try compact.serialize(sample) == Data(bytes))
        #expect(try compact.serialize(toString: sample) == String(decoding: bytes, as: UTF8.self))
    }

    @Test("JSONSerialization reads what is written, in both layouts")
    func foundationReadsOutput() throws {
        for serializer in [compact, pretty] {
            let data = try serializer.serialize(sample)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["name"] as? String == "api")
            #expect(object["ports"] as? [Int] == [80, 443])
            #expect((object["tls"] as? [String: Any])?["enabled"] as? Bool == true)
            #expect(object["ratio"] as? Double == 0.5)
        }
    }
}
