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

    @Test("a repeated long string is made once; short and very long strings are always made")
    func repeatsAreShared() {
        var cache = StringValueCache()
        var made = 0
        let long = "http://abs.twimg.com/images/themes/theme1/bg.png"
        for _ in 0..<5 { #expect(Self.lookUp(long, in: &cache, made: &made) == long) }
        #expect(made == 1)
        for _ in 0..<3 { #expect(Self.lookUp("fifteen bytes!!", in: &cache, made: &made) == "fifteen bytes!!") }
        #expect(made == 4)
        // Longer than a text slab takes: a `String` of its own each time, not kept.
        let huge = String(repeating: "0123456789abcdef", count: 65)
        for _ in 0..<2 { #expect(Self.lookUp(huge, in: &cache, made: &made) == huge) }
        #expect(made == 6)
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

    @Test("bytes the maker refuses give nil, and are not remembered")
    func refusals() {
        var cache = StringValueCache()
        let bad: [UInt8] = Array("a long prefix of valid text ".utf8) + [0xFF, 0xFE]
        for _ in 0..<2 {
            var texts = TextSlabWriter(documentSize: 100)
            let value = bad.withUnsafeBufferPointer { run in
                cache.value(run, at: .unknown, context: &texts) { bytes, _ in
                    UTF8Validation.makeString(bytes).map { .string($0) }
                }
            }
            #expect(value == nil)
        }
    }
}
