import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// `Decimal`, `Int128` and `UInt128` through every format: numbers where the format
/// holds them exactly, their exact text where it does not.
@Suite struct BigNumberTests {
    struct Price: Codable, Equatable { var amount: Decimal }

    struct Wide: Codable, Equatable {
        var signed: Int128
        var unsigned: UInt128
        var optional: Int128?
        var list: [UInt128]
    }

    static let decimals: [Decimal] = [
        "12345678901234567890.123456789", "-12345678901234567890.123456789", "0.30000000000000001", "-0.1000000000000001",
        "1234567890123456.7", "0.00001", "0.1", "-0", "18446744073709551615", "18446744073709551616",
        "-9223372036854775809", "99999999999999999999999999999999999999",
    ].compactMap { Decimal(string: $0, locale: nil) } + [
        .greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude,
        Decimal(sign: .minus, exponent: -128, significand: 1),
        Decimal(sign: .plus, exponent: -100, significand: Decimal(string: "12345678901234567890123456789012345678", locale: nil) ?? 1),
        Decimal(sign: .minus, exponent: 90, significand: Decimal(string: "98765432109876543210987654321098765432", locale: nil) ?? 1),
    ]

    @Test("the issue's decimal encodes to MessagePack and decodes back")
    func issueDecimalThroughMessagePack() throws {
        let price = Price(amount: try #require(Decimal(string: "12345678901234567890.123456789", locale: nil)))
        let data = try MessagePackSerializer().encode(price)
        // Its exact text as a MessagePack string (fixstr of 30 bytes: 0xBE).
        #expect(data.contains(0xBE))
        #expect(try MessagePackSerializer().deserialize(data)["amount"]?.string == "12345678901234567890.123456789")
        #expect(try MessagePackSerializer().decode(Price.self, from: data) == price)
        // Under the string option the serializer writes the same text, which decodes too.
        let serializer = MessagePackSerializer(options: .init(bigNumbers: .exactDoubleOrString))
        #expect(try serializer.decode(Price.self, from: serializer.encode(price)) == price)
    }

    @Test("decimals of every size, sign and exponent read back equal", arguments: Format.allCases)
    func decimals(format: Format) throws {
        for decimal in Self.decimals {
            let data = try format.serializer.encode(Price(amount: decimal))
            let read = try format.serializer.decode(Price.self, from: data)
            #expect(read.amount == decimal, "\(decimal) written as \(String(decoding: data, as: UTF8.self))")
        }
        do {
            let read = try format.serializer.decode([Decimal].self, from: format.serializer.encode(Self.decimals))
            #expect(read == Self.decimals)
        }
    }

    @Test("JSON writes a big decimal as its exact number text, not a string")
    func jsonKeepsNumbers() throws {
        let text = try JSONSerializer().serialize(toString: SupportedTypeEncoder().encode([
            Decimal(string: "12345678901234567890.123456789", locale: nil), Decimal(string: "0.30000000000000001", locale: nil),
        ]))
        // 17 significant digits get a trailing zero: the reader keeps 18 as text, not a Double.
        #expect(text == "[12345678901234567890.123456789,0.300000000000000010]")
    }

    @Test("Int128 and UInt128 at their limits read back equal", arguments: Format.allCases)
    func wideIntegers(format: Format) throws {
        let values = [
            Wide(signed: .min, unsigned: .max, optional: .max, list: [0, .max, UInt128(UInt64.max), UInt128(UInt64.max) + 1]),
            Wide(signed: .max, unsigned: 0, optional: nil, list: []),
            Wide(signed: Int128(Int64.min) - 1, unsigned: UInt128(UInt64.max), optional: Int128(Int64.min), list: [1]),
        ]
        for value in values {
            let data = try format.serializer.encode(value)
            #expect(try format.serializer.decode(Wide.self, from: data) == value, "written as \(String(decoding: data, as: UTF8.self))")
        }
        #expect(try format.serializer.decode(Int128.self, from: format.serializer.encode(Int128.min)) == .min)
        do {
            let read = try format.serializer.decode([UInt128].self, from: format.serializer.encode([UInt128.max, 0]))
            #expect(read == [.max, 0])
        }
    }

    @Test("a 128-bit integer that fits 64 bits is a plain integer; beyond, text only where the format has no number for it")
    func wideIntegerShapes() throws {
        #expect(try SupportedTypeEncoder().encode(Int128(-5)) == .int(-5))
        #expect(try SupportedTypeEncoder().encode(UInt128(UInt64.max)) == .uint64(UInt64.max))
        #expect(try SupportedTypeEncoder().encode(Int128.max) == .bigNumber("170141183460469231731687303715884105727"))
        #expect(try JSONSerializer().encode(Int128.min) == Data("-170141183460469231731687303715884105728".utf8))
        let packed = try MessagePackSerializer().deserialize(MessagePackSerializer().encode(UInt128.max))
        #expect(packed == .string("340282366920938463463374607431768211455"))
    }

    @Test("a 128-bit integer out of range, or text that is no integer, is an error")
    func wideIntegerErrors() throws {
        #expect(throws: DecodingError.self) {
            try JSONSerializer().decode(UInt128.self, fromString: "-1")
        }
        #expect(throws: DecodingError.self) {
            try JSONSerializer().decode(Int128.self, fromString: "\"12a\"")
        }
        #expect(throws: DecodingError.self) {
            try JSONSerializer().decode(UInt128.self, fromString: "340282366920938463463374607431768211456")
        }
    }
}
