@_spi(Parsing) import DataMapper
import DataMapperFormats
import Foundation
import Testing

/// Strings that a reader left in a text slab are written from their bytes, not through
/// `String`: every writer must give exactly what it gives for the same tree of
/// `String`s, escaping included.
@Suite struct SlabTextWritingTests {
    /// Texts long enough for a slab, with what each format has to escape or refuse.
    static let texts = [
        #"a "quoted" value with a \ backslash"#,
        "line one\nline two\ttabbed\r\nand a carriage return",
        "<tag attr=\"x\"> & ampersands &amp; already </tag>",
        "日本語のテキスト、かなり長いものです",
        String(repeating: "long text ", count: 30),
    ]

    /// A document with the texts as values, as an attribute and as the text of an
    /// element with attributes, so that the XML writer meets them in every place.
    static let document: SupportedType = [
        "root": [
            "@note": .string(texts[2]),
            "item": .array(texts.map { .string($0) }),
            "mixed": ["@id": "1", "#text": .string(texts[1])],
        ],
    ]

    /// The document as the MessagePack reader gives it back: its long texts in slabs.
    static func readBack(_ value: SupportedType) throws -> SupportedType {
        let msgpack = DataFormat.msgpack.serializer()
        return try msgpack.deserialize(try msgpack.serialize(value))
    }

    @Test("JSON, YAML, MessagePack and XML write slab texts as they write Strings", arguments: [
        DataFormat.json, .yaml, .msgpack, .xml,
    ])
    func sameOutput(format: DataFormat) throws {
        let read = try Self.readBack(Self.document)
        #expect(read == Self.document)
        #expect(read["root"]?["item"]?[0]?.isTextInSlab == true)
        #expect(read["root"]?["@note"]?.isTextInSlab == true)
        let serializer = format.serializer()
        #expect(try serializer.serialize(read) == serializer.serialize(Self.document))
    }

    @Test("a slab text XML cannot hold is refused with the same error as the String")
    func refusedControlCharacter() throws {
        let bad: SupportedType = ["root": .string("a control \u{01} character, in a long enough text")]
        let read = try Self.readBack(bad)
        let xml = DataFormat.xml.serializer()
        let fromString = try #require(throws: DataMapperError.self) { try xml.serialize(bad) }
        let fromSlab = try #require(throws: DataMapperError.self) { try xml.serialize(read) }
        // The same refusal; the value read back also says where it was read from.
        #expect(fromSlab.problem == fromString.message)
        #expect(fromSlab.path == fromString.path)
        #expect(fromSlab.location != nil && fromString.location == nil)
        #expect(fromSlab.description.contains("U+0001"))
    }
}
