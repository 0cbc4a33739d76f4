@_spi(Parsing) import DataMapper
import Testing

@Suite("StringValueCache")
struct StringValueCacheTests {
    /// Looks `text` up in `cache`, counting how often the cache has to make the value.
    static func lookUp(_ text: String, in cache: inout StringValueCache, made: inout Int) -> String? {
        var texts = TextSlabWriter(documentSize: 4096)
        return lookUp(text, in: &cache, texts: &texts, made: &made)
    }

    static func lookUp(_ text: String, in cache: inout StringValueCache, texts: inout TextSlabWriter, made: inout Int) -> String? {
        var text = text
        return text.withUTF8 { run in
            cache.value(run, at: .unknown, context: &texts) { bytes, texts in
                made += 1
                guard UTF8Validation.validity(of: bytes) != .invalid else { return nil }
                return texts.string(bytes, position: .unknown) ?? UTF8Validation.makeString(bytes).map { .string($0) }
            }?.string
        }
    }

    @Test("a repeated long or short string is made once; very long strings are always made")
    func repeatsAreShared() {
        var cache = StringValueCache()
        var made = 0
        let long = "http://abs.twimg.com/images/themes/theme1/bg.png"
        for _ in 0..<5 { #expect(Self.lookUp(long, in: &cache, made: &made) == long) }
        #expect(made == 1)
        for _ in 0..<3 { #expect(Self.lookUp("fifteen bytes!!", in: &cache, made: &made) == "fifteen bytes!!") }
        for _ in 0..<3 { #expect(Self.lookUp("ja", in: &cache, made: &made) == "ja") }
        for _ in 0..<3 { #expect(Self.lookUp("", in: &cache, made: &made) == "") }
        #expect(made == 4)
        // Longer than a text slab takes: a `String` of its own each time, not kept.
        let huge = String(repeating: "0123456789abcdef", count: 65)
        for _ in 0..<2 { #expect(Self.lookUp(huge, in: &cache, made: &made) == huge) }
        #expect(made == 6)
    }

    @Test("short strings that differ in any one byte, at any length, are told apart")
    func shortStringsDifferingInOneByte() {
        var cache = StringValueCache()
        var made = 0
        for length in 1...15 {
            let base = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0))) })
            for place in 0..<length {
                var bytes = Array(base.utf8)
                bytes[place] = UInt8(ascii: "Z")
                let variant = String(decoding: bytes, as: UTF8.self)
                // Alternating, so that each lookup finds the other string's bytes in
                // the slot whenever the two hash alike.
                for _ in 0..<2 {
                    #expect(Self.lookUp(base, in: &cache, made: &made) == base)
                    #expect(Self.lookUp(variant, in: &cache, made: &made) == variant)
                }
            }
        }
        // Strings that are a prefix of one another, with the bytes the words pad with.
        let prefixes = ["", "\0", "\0\0", "a", "a\0", "a\0\0\0", "abcd", "abcd\0", "abcdefg", "abcdefg\0"]
        for _ in 0..<2 {
            for text in prefixes { #expect(Self.lookUp(text, in: &cache, made: &made) == text) }
        }
    }

    @Test("a value from the cache carries the position of the lookup, not of the first one")
    func positionsAreTheLookups() {
        var cache = StringValueCache()
        var texts = TextSlabWriter(documentSize: 4096)
        for text in ["ja", "http://abs.twimg.com/images/themes/theme1/bg.png"] {
            var text = text
            for offset in [3, 40, 900] {
                let value = text.withUTF8 { run in
                    cache.value(run, at: .byteOffset(offset), context: &texts) { bytes, texts in
                        texts.string(bytes, position: .unknown) ?? UTF8Validation.makeString(bytes).map { .string($0) }
                    }
                }
                #expect(value?.string == text)
                #expect(value?.position == .byteOffset(offset))
            }
        }
    }

    @Test("strings that agree in length and first and last eight bytes are told apart by their middle")
    func sameSummaryDifferentMiddle() {
        var cache = StringValueCache()
        var made = 0
        let texts = (0..<200).map { "prefix--\(String(repeating: "x", count: $0 % 7))middle\($0)--suffix" }
            + (0..<50).map { "same-head-\($0 % 10)-and-same-tail" }
        for round in 0..<3 {
            for text in texts {
                // Strings of one summary share a slot and push each other out; each
                // lookup must still give its own string.
                #expect(Self.lookUp(text, in: &cache, made: &made) == text, "round \(round)")
            }
        }
    }

    @Test("the table grows past its first size and keeps answering right, across thousands of strings")
    func growth() {
        var cache = StringValueCache()
        var made = 0
        let texts = (0..<3_000).map { "a long enough value number \($0)" }
        for text in texts { #expect(Self.lookUp(text, in: &cache, made: &made) == text) }
        #expect(made == 3_000)
        // The last few are still held after the table has grown.
        for text in texts.suffix(8) { #expect(Self.lookUp(text, in: &cache, made: &made) == text) }
        #expect(made < 3_008)
    }

    @Test("bytes the maker refuses give nil, and are not remembered, long or short")
    func refusals() {
        var cache = StringValueCache()
        let long: [UInt8] = Array("a long prefix of valid text ".utf8) + [0xFF, 0xFE]
        for bad in [long, [0xFF], [0x61, 0xC3]] {
            var asked = 0
            for _ in 0..<2 {
                var texts = TextSlabWriter(documentSize: 100)
                let value = bad.withUnsafeBufferPointer { run in
                    cache.value(run, at: .unknown, context: &texts) { bytes, _ in
                        asked += 1
                        return UTF8Validation.makeString(bytes).map { .string($0) }
                    }
                }
                #expect(value == nil)
            }
            #expect(asked == 2)
        }
    }
}
