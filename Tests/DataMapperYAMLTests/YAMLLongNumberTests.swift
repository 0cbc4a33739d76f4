import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// Plain scalars of a million digits are read and written in time linear in their
/// length: the reader turns a long decimal integer into a big number by copying its
/// digits, and the writer's check whether a string of digits may stay plain uses the
/// same reading.
@Suite struct YAMLLongNumberTests {
    static let millionDigits = "9" + String(repeating: "1234567890", count: 100_000)

    @Test("a plain integer of a million digits reads as a big number, digits unchanged")
    func readsLongInteger() throws {
        let value = try GuardedThread.run { try readYAML("v: \(Self.millionDigits)\n") }
        let same = value?["v"] == SupportedType(.bigNumber(Self.millionDigits))
        #expect(same)
    }

    @Test("leading zeros, signs and underscores of a long integer are read as the schemas say")
    func longIntegerForms() throws {
        let digits = String(repeating: "7", count: 30)
        #expect(try readYAML("v: -000\(digits)")["v"] == SupportedType(.bigNumber("-" + digits)))
        #expect(try readYAML("v: +\(digits)")["v"] == SupportedType(.bigNumber(digits)))
        let underscored = "1_000_000_000_000_000_000_000"
        #expect(try readYAML("v: \(underscored)", .init(schema: .yaml11))["v"] == SupportedType(.bigNumber("1" + String(repeating: "0", count: 21))))
        // Hexadecimal beyond 64 bits is still converted: 2^64.
        #expect(try readYAML("v: 0x10000000000000000")["v"] == SupportedType(.bigNumber("18446744073709551616")))
    }

    @Test("a float of a million digits reads as a big number in linear time")
    func readsLongFloat() throws {
        let text = Self.millionDigits + ".5"
        let value = try GuardedThread.run { try readYAML("v: \(text)\n") }
        let same = value?["v"] == SupportedType(.bigNumber(text))
        #expect(same)
        let tiny = "0." + String(repeating: "0", count: 1_000_000) + "1"
        let small = try GuardedThread.run { try readYAML("v: \(tiny)\n") }
        let sameTiny = small?["v"] == SupportedType(.bigNumber(tiny))
        #expect(sameTiny)
    }

    @Test("a string of a million digits is written quoted, in linear time, and reads back as a string")
    func writesLongDigitString() throws {
        let value: SupportedType = ["v": .string(Self.millionDigits)]
        let back = try GuardedThread.run { try readYAML(writeYAML(value)) }
        let same = back == value
        #expect(same)
    }

    @Test("a big number of a million digits is written plain and reads back the same")
    func writesLongBigNumber() throws {
        let value: SupportedType = ["v": SupportedType(.bigNumber(Self.millionDigits))]
        let text = try GuardedThread.run { try writeYAML(value) }
        #expect(text == "v: \(Self.millionDigits)\n")
        #expect(try readYAML(text ?? "") == value)
    }

    @Test("a hexadecimal integer too long to convert is a limit error at its position")
    func longHexadecimal() throws {
        let hex = "0x" + String(repeating: "f", count: 100_000)
        let outcome = try GuardedThread.run { Result { try readYAML("a: 1\nv: \(hex)\n") } }
        let error = try expectError(kind: .limitExceeded) { _ = try outcome?.get() }
        #expect(error.problem == "a hexadecimal integer of 100000 digits is longer than the 4096 digits DataMapper converts to decimal; quote it to read it as a string")
        #expect(error.location?.position == .text(line: 2, column: 4))
        #expect(error.path == DataPath([.key("v")]))
        // At the bound it is still read.
        let longest = "0x" + String(repeating: "f", count: 4_096)
        guard case .bigNumber(let digits)? = try readYAML("v: \(longest)")["v"]?.kind else {
            Issue.record("4,096 hexadecimal digits should read as a big number")
            return
        }
        #expect(digits.count == 4_933)
    }

    @Test("a string that looks like a too-long hexadecimal integer is written quoted")
    func writesLongHexString() throws {
        let hex = "0x" + String(repeating: "f", count: 10_000)
        let text = try writeYAML(["v": .string(hex)])
        #expect(text.hasPrefix("v: '0x") || text.hasPrefix("v: \"0x"))
    }
}
