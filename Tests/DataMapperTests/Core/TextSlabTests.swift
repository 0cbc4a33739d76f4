@_spi(Parsing) @testable import DataMapper
import Testing

/// String values whose text a parser left in a text slab: they must behave exactly
/// like strings made from a `String`, survive the writer that made them, and free
/// their slab once nothing uses it.
@Suite("Text in text slabs")
struct TextSlabTests {
    /// The slab a value's text lives in, if it lives in one.
    static func slab(of value: SupportedType) -> TextSlab? {
        if case .text(let text) = value.storage { return text.slab }
        return nil
    }

    /// A different text for every number, `length` bytes long, with some non-ASCII
    /// characters so that the bytes are not all one byte per character.
    static func text(_ number: Int, length: Int) -> String {
        var text = "é\(number)-"
        while text.utf8.count < length { text += "ab" }
        return String(decoding: text.utf8.prefix(length), as: UTF8.self)
    }

    static func value(_ text: String, writer: inout TextSlabWriter) -> SupportedType? {
        var text = text
        return text.withUTF8 { writer.string($0, position: .text(line: 1, column: 1)) }
    }

    @Test("texts of 16 to 1024 bytes go into a slab; shorter and longer ones do not")
    func lengths() {
        #expect(!TextSlabWriter.takes(0))
        #expect(!TextSlabWriter.takes(15))
        #expect(TextSlabWriter.takes(16))
        #expect(TextSlabWriter.takes(1024))
        #expect(!TextSlabWriter.takes(1025))
        var writer = TextSlabWriter(documentSize: 10_000)
        #expect(Self.value(String(repeating: "a", count: 15), writer: &writer) == nil)
        #expect(Self.value(String(repeating: "a", count: 1025), writer: &writer) == nil)
        let kept = Self.value(String(repeating: "a", count: 16), writer: &writer)
        #expect(kept.flatMap(Self.slab(of:)) != nil)
    }

    @Test("values read back as the strings they were made from, across many slabs")
    func readBack() throws {
        var writer = TextSlabWriter(documentSize: 300)
        let texts = (0..<3000).map { Self.text($0, length: 16 + $0 % 300) }
        let values = try texts.map { try #require(Self.value($0, writer: &writer)) }
        var slabs = Set<ObjectIdentifier>()
        for (text, value) in zip(texts, values) {
            #expect(value.string == text)
            guard case .string(let read) = value.kind else {
                Issue.record("a text value reads as \(value.kindDescription)")
                continue
            }
            #expect(read == text)
            #expect(value.withStringUTF8 { Array($0) } == Array(text.utf8))
            if let slab = Self.slab(of: value) { slabs.insert(ObjectIdentifier(slab)) }
        }
        // About 480 KB of text: the first slab is small, later ones up to 64 KiB.
        #expect(slabs.count > 5)
        #expect(slabs.count < 40)
    }

    @Test("a text value equals, and hashes like, the same string made from a String")
    func equality() throws {
        var writer = TextSlabWriter(documentSize: 1000)
        let text = "a string long enough for a slab, with ümlauts"
        let value = try #require(Self.value(text, writer: &writer))
        #expect(value == .string(text))
        #expect(SupportedType.string(text) == value)
        #expect(Set([value, .string(text)]).count == 1)
        #expect(value != .string(text + "!"))
        // String equality is canonical: a decomposed é equals a precomposed one.
        let decomposed = try #require(Self.value("cafe\u{301} and a few more words", writer: &writer))
        #expect(decomposed == .string("caf\u{E9} and a few more words"))
        #expect(decomposed.hashValue == SupportedType.string("caf\u{E9} and a few more words").hashValue)
    }

    @Test("values outlive the writer; the slab is freed with the last value that uses it")
    func lifetime() throws {
        weak var freed: TextSlab?
        var kept: SupportedType?
        do {
            var writer = TextSlabWriter(documentSize: 1000)
            let first = try #require(Self.value("the first text of the document", writer: &writer))
            kept = Self.value("the second text of the document", writer: &writer)
            freed = Self.slab(of: first)
            #expect(freed != nil)
            #expect(Self.slab(of: first) === kept.flatMap(Self.slab(of:)))
        }
        #expect(freed != nil)
        #expect(kept?.string == "the second text of the document")
        kept = nil
        #expect(freed == nil)
    }

    @Test("setting the kind replaces the text; copies keep theirs")
    func mutation() throws {
        var writer = TextSlabWriter(documentSize: 1000)
        var value = try #require(Self.value("a text that will be replaced", writer: &writer))
        let copy = value
        value.kind = .int(7)
        #expect(value == .int(7))
        #expect(Self.slab(of: value) == nil)
        #expect(copy.string == "a text that will be replaced")
        var mapped: SupportedType = ["note": copy]
        mapped.addToDictionary(key: "note", value: "short")
        #expect(mapped == ["note": "short"])
    }

    @Test("withStringUTF8 gives the bytes of any string and nil for other kinds")
    func stringBytes() {
        let long = "a string that lives on the heap, not inline"
        #expect(SupportedType.string(long).withStringUTF8 { Array($0) } == Array(long.utf8))
        #expect(SupportedType.string("short").withStringUTF8 { Array($0) } == Array("short".utf8))
        #expect(SupportedType.int(1).withStringUTF8 { $0.count } == nil)
        #expect(SupportedType.bigNumber("123456789012345678901234567890").withStringUTF8 { $0.count } == nil)
    }

    @Test("a buffer pool keeps freed buffers up to its limit and hands them out again")
    func pool() {
        let pool = SlabBufferPool(byteCount: 64, limit: 3)
        #expect(pool.take() == nil)
        let buffers = (0...pool.limit).map { _ in UnsafeMutableRawPointer.allocate(byteCount: pool.byteCount, alignment: 8) }
        let kept = buffers.filter { pool.keep($0) }
        #expect(kept == Array(buffers.prefix(pool.limit)))
        buffers.last?.deallocate()  // refused, so still ours
        var taken: [UnsafeMutableRawPointer] = []
        while let buffer = pool.take() { taken.append(buffer) }
        #expect(Set(taken) == Set(kept))
        for buffer in taken { buffer.deallocate() }
    }

    @Test("text values cross tasks")
    func sendable() async throws {
        var writer = TextSlabWriter(documentSize: 1000)
        let values = try (0..<20).map { try #require(Self.value(Self.text($0, length: 40), writer: &writer)) }
        let matches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    values.enumerated().filter { $0.element.string == Self.text($0.offset, length: 40) }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(matches == 80)
    }
}
