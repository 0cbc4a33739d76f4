import DataMapper
import DataMapperYAML
import Foundation
import Testing

@Suite struct YAMLScalarResolutionTests {
    static let core: [(String, SupportedType)] = [
        ("null", .null), ("Null", .null), ("NULL", .null), ("~", .null), ("", .null),
        ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false),
        ("yes", "yes"), ("No", "No"), ("on", "on"), ("OFF", "OFF"), ("y", "y"), ("tRue", "tRue"), ("nULL", "nULL"),
        ("0", .int(0)), ("-17", .int(-17)), ("+17", .int(17)), ("0o17", .int(15)), ("0x1F", .int(31)), ("0xff", .int(255)),
        ("0777", .int(777)), ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
        ("18446744073709551615", .uint64(.max)), ("123456789012345678901234567890", .bigNumber("123456789012345678901234567890")),
        ("-99999999999999999999", .bigNumber("-99999999999999999999")),
        ("0x10000000000000000", .bigNumber("18446744073709551616")),
        ("0x1_0", "0x1_0"), ("0b101", "0b101"), ("1_000", "1_000"), ("-0x1F", "-0x1F"), ("0o8", "0o8"),
        ("1.5", .double(1.5)), (".5", .double(0.5)), ("-.5", .double(-0.5)), ("1.", .double(1)), ("1e3", .double(1000)),
        ("1.5E-3", .double(0.0015)), ("+2.5e+2", .double(250)), ("-0.0", .double(-0.0)),
        (".inf", .double(.infinity)), ("-.Inf", .double(-.infinity)), ("+.INF", .double(.infinity)),
        (".nan", .double(.nan)), (".NaN", .double(.nan)), ("-.nan", "-.nan"), (".Nan", ".Nan"),
        ("0.12345678901234567890", .bigNumber("0.12345678901234567890")), ("1e400", .bigNumber("1e400")),
        ("1.2.3", "1.2.3"), ("12:30", "12:30"), ("2001-12-14", "2001-12-14"), ("1e", "1e"), (".", "."), ("-x", "-x"),
        ("hello", "hello"), ("<<", "<<"),
    ]

    @Test("plain scalars resolve by the YAML 1.2 core schema", arguments: core)
    func coreSchema(text: String, expected: SupportedType) throws {
        #expect(try readYAML(text) == expected)
    }

    static let yaml11: [(String, SupportedType)] = [
        ("yes", true), ("Yes", true), ("YES", true), ("on", true), ("On", true), ("ON", true),
        ("no", false), ("No", false), ("NO", false), ("off", false), ("Off", false), ("OFF", false),
        ("y", "y"), ("n", "n"), ("true", true), ("~", .null),
        ("0777", .int(511)), ("-010", .int(-8)), ("0b1010", .int(10)), ("1_000", .int(1000)), ("0x_1F", .int(31)),
        ("-0x1F", .int(-31)), ("0", .int(0)), ("09", "09"), ("0o17", "0o17"), ("1:30", "1:30"),
        ("1.5", .double(1.5)), ("1_000.5", .double(1000.5)), ("1.0e+3", .double(1000)), ("1e3", "1e3"),
        (".inf", .double(.infinity)), (".nan", .double(.nan)),
    ]

    @Test("the YAML 1.1 option reads yes/no/on/off, 0777 octal, binary and underscores", arguments: yaml11)
    func yaml11Schema(text: String, expected: SupportedType) throws {
        #expect(try readYAML(text, .init(schema: .yaml11)) == expected)
    }

    @Test("integers are exact integers, not numbers that might be doubles")
    func integerKinds() throws {
        let value = try readYAML("small: 1\nlarge: 18446744073709551615\nfloat: 1.0\n")
        guard case .int(1)? = value["small"]?.kind else { Issue.record("small is \(String(describing: value["small"]))"); return }
        guard case .uint(UInt64.max)? = value["large"]?.kind else { Issue.record("large is \(String(describing: value["large"]))"); return }
        #expect(value["float"]?.int == nil)
        #expect(value["float"]?.double == 1.0)
    }

    @Test("quoted and block scalars are strings whatever they contain")
    func quotedScalarsAreStrings() throws {
        let value = try readYAML("""
        a: "1"
        b: 'true'
        c: "null"
        d: |
          123
        e: >-
          false
        f: ''
        """)
        #expect(value == ["a": "1", "b": "true", "c": "null", "d": "123\n", "e": "false", "f": ""])
    }
}
