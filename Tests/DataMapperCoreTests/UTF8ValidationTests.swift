import DataMapperCore
import DataMapperTestSupport
import Testing

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    typealias Validity = UTF8Validation.Validity
    typealias SourceLocation = Testing.SourceLocation

    static func validity(_ bytes: [UInt8]) -> Validity {
        bytes.withUnsafeBufferPointer { UTF8Validation.validity(of: $0) }
    }

    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
    }

    static func makeString(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { UTF8Validation.makeString($0) }
    }

    /// What the standard library says of `bytes`.
    static func expected(_ bytes: [UInt8]) -> Validity {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .invalid }
        return bytes.allSatisfy { $0 < 0x80 } ? .ascii : .nonASCII
    }

    /// Where the first ill-formed sequence starts by the standard library's measure:
    /// the length of the longest prefix that is valid UTF-8.
    static func expectedOffset(_ bytes: [UInt8]) -> Int? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        return (0..<bytes.count).last { String(validating: bytes[..<$0], as: UTF8.self) != nil }
    }

    /// Checks every entry point against the standard library for `bytes`.
    static func agree(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = expected(bytes)
        #expect(validity(bytes) == expected, "\(hex(bytes))", sourceLocation: sourceLocation)
        #expect(makeString(bytes) == String(validating: bytes, as: UTF8.self), "\(hex(bytes))", sourceLocation: sourceLocation)
        #expect(firstInvalidOffset(bytes) == expectedOffset(bytes), "\(hex(bytes))", sourceLocation: sourceLocation)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    // MARK: - Edge cases

    @Test("an empty run is ASCII and makes an empty string")
    func empty() {
        #expect(Self.validity([]) == .ascii)
        #expect(Self.makeString([]) == "")
        #expect(Self.firstInvalidOffset([]) == nil)
    }

    @Test("the first and last code points of each length are accepted", arguments: [
        0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF,
    ] as [UInt32])
    func boundaries(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let bytes = Array(String(scalar).utf8)
        #expect(Self.validity(bytes) == (value < 0x80 ? .ascii : .nonASCII))
        #expect(Self.makeString(bytes) == String(scalar))
        // The same in every position of a longer run, to pass through each loop.
        for before in 0...17 {
            Self.agree(Array(repeating: 0x61, count: before) + bytes + Array(repeating: 0x62, count: 17 - before))
        }
    }

    @Test("overlong forms, surrogates, code points past U+10FFFF and bytes that lead nowhere are refused", arguments: [
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF],
        [0x80], [0xBF], [0x61, 0x80, 0x62], [0xC3, 0xA9, 0xA9],
        [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFC, 0x84, 0x80, 0x80, 0x80, 0x80], [0xFE], [0xFF],
    ] as [[UInt8]])
    func illFormed(_ bytes: [UInt8]) {
        #expect(Self.validity(bytes) == .invalid)
        #expect(Self.makeString(bytes) == nil)
        #expect(Self.firstInvalidOffset(bytes) == Self.expectedOffset(bytes))
        for before in [0, 1, 7, 8, 9, 15, 16] {
            Self.agree(Array(repeating: 0x61, count: before) + bytes + [0x62])
        }
    }

    @Test("a sequence cut short by the end, or by an ASCII byte, is refused", arguments: [
        [0xC3], [0xE3], [0xE3, 0x81], [0xF0], [0xF0, 0x9F], [0xF0, 0x9F, 0x98],
    ] as [[UInt8]])
    func truncated(_ bytes: [UInt8]) {
        for before in 0...17 {
            let prefix = Array(repeating: UInt8(0x61), count: before)
            #expect(Self.validity(prefix + bytes) == .invalid)
            #expect(Self.firstInvalidOffset(prefix + bytes) == before)
            #expect(Self.firstInvalidOffset(prefix + bytes + [0x62]) == before)
            #expect(Self.firstInvalidOffset(prefix + bytes + Array(repeating: 0x62, count: 9)) == before)
        }
    }

    @Test("a bad byte at any place in an ASCII run is found there", arguments: [
        0x80, 0xC0, 0xC3, 0xE0, 0xED, 0xF4, 0xF5, 0xFF,
    ] as [UInt8])
    func badByteInASCII(_ bad: UInt8) {
        for length in [7, 8, 9, 15, 16, 17, 24] {
            for place in 0..<length {
                var bytes = Array(repeating: UInt8(0x61), count: length)
                bytes[place] = bad
                #expect(Self.validity(bytes) == .invalid, "length \(length), place \(place)")
                #expect(Self.firstInvalidOffset(bytes) == place, "length \(length), place \(place)")
            }
        }
    }

    @Test("a character at any place in an ASCII run leaves it valid but not ASCII")
    func characterInASCII() {
        for character in ["é", "日", "😀"] {
            for length in [7, 8, 9, 15, 16, 17, 24] {
                for place in 0...length {
                    let text = String(repeating: "a", count: place) + character + String(repeating: "b", count: length - place)
                    let bytes = Array(text.utf8)
                    #expect(Self.validity(bytes) == .nonASCII)
                    #expect(Self.makeString(bytes) == text)
                }
            }
        }
        #expect(Self.validity(Array(String(repeating: "ascii only ", count: 5).utf8)) == .ascii)
    }

    @Test("ASCII the caller has checked makes the same string as the standard library")
    func knownASCII() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(0x20 + ($0 * 7) % 0x5F) }
            let text = bytes.withUnsafeBufferPointer { UTF8Validation.makeString(knownASCII: $0) }
            #expect(text == String(decoding: bytes, as: UTF8.self))
            #expect(Array(text.utf8) == bytes)
            #expect(text.count == length)
        }
    }

    @Test("runs of three-byte characters accept E0 and ED where they are allowed and refuse them where not")
    func threeByteRuns() {
        let japanese = Array("日本語のテキスト、ＡＢＣ！".utf8)
        let inserts: [[UInt8]] = [
            [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF],  // U+0800, U+D7FF, U+FFFF
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
            [0xE3, 0x81], [0xE3, 0x41, 0x81], [0xE3, 0x81, 0xC1], [0x80], [0x61], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80],
        ]
        for insert in inserts {
            for place in stride(from: 0, through: japanese.count, by: 3) {
                Self.agree(Array(japanese[..<place]) + insert + Array(japanese[place...]))
            }
        }
    }

    // MARK: - Random bytes

    /// Bytes that look like UTF-8 often enough to reach every check: ASCII runs, the
    /// encodings of random scalars, and bytes that are often wrong.
    static func randomBytes(using random: inout SplitMix64) -> [UInt8] {
        let tricky: [UInt8] = [0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var bytes: [UInt8] = []
        let pieces = Int.random(in: 0...12, using: &random)
        for _ in 0..<pieces {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                bytes += (0..<Int.random(in: 1...12, using: &random)).map { _ in UInt8.random(in: 0x20..<0x7F, using: &random) }
            case 3...5:
                // A run of three-byte characters, like Japanese text.
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    let value = UInt32.random(in: 0x800...0xFFFF, using: &random)
                    bytes += Unicode.Scalar(value).map { Array(String($0).utf8) } ?? [0xED, 0xA0, 0x80]
                }
            case 6:
                let value = UInt32.random(in: 0x80...0x10FFFF, using: &random)
                bytes += Unicode.Scalar(value).map { Array(String($0).utf8) } ?? [0xED, 0xB0, 0x80]
            case 7:
                bytes.append(tricky[Int.random(in: 0..<tricky.count, using: &random)])
            case 8:
                // A character cut short.
                let encoded = Array(String(Unicode.Scalar(UInt32.random(in: 0x10000...0x10FFFF, using: &random)) ?? "😀").utf8)
                bytes += encoded.prefix(Int.random(in: 1...3, using: &random))
            default:
                bytes.append(UInt8.random(in: 0...255, using: &random))
            }
        }
        return bytes
    }

    @Test("agrees with the standard library on random UTF-8-like bytes", arguments: [1, 2, 3, 4] as [UInt64])
    func randomAgreement(seed: UInt64) {
        var random = SplitMix64(seed: 0x0075_7466_3800 &+ seed)
        var invalid = 0
        for _ in 0..<2_500 {
            let bytes = Self.randomBytes(using: &random)
            if Self.expected(bytes) == .invalid { invalid += 1 }
            Self.agree(bytes)
        }
        // Both outcomes are common enough to have been tested.
        #expect(invalid > 250 && invalid < 2_250)
    }
}
