import DataMapper
import DataMapperFormats
import Foundation
import Testing

/// What reading a document into a value leaves out, format by format.
@Suite struct ReadingLossTests {
    static func losses(_ text: String, _ format: DataFormat) throws -> [ConversionLoss] {
        try format.readingLosses(in: Data(text.utf8))
    }

    static func summary(_ losses: [ConversionLoss]) -> [String] {
        losses.map { "\($0.kind.rawValue) \($0.path) \($0.position)" }
    }

    @Test("YAML comments are reported at their line and column, with the path of the value after them")
    func yamlComments() throws {
        let yaml = """
            # settings
            name: api  # trailing
            servers:
              - host: a
                # the port
                port: 80
              - "b # not a comment"
              - |  # header
                text # inside the scalar
            flow: [1, 2]   # end

            """
        let losses = try Self.losses(yaml, .yaml)
        #expect(Self.summary(losses) == [
            "comment name 1:1",
            "comment servers 2:12",
            "comment servers[0].port 5:5",
            "comment servers[2] 8:8",
            "comment  10:16",  // nothing follows: the root
        ])
        #expect(losses.allSatisfy { $0.kind == .comment && $0.document == 1 })
        #expect(losses[0].detail.contains("# settings"))
        #expect(losses[2].detail.contains("# the port"))
    }

    @Test("a YAML comment between a collection's anchor and its first key is found")
    func yamlCommentAfterAnchor() throws {
        let losses = try Self.losses("key: &a # about key\n  sub: 1\nlist: !!seq # typed\n  - x\n", .yaml)
        #expect(Self.summary(losses) == ["anchor key 1:6", "comment key.sub 1:9", "comment list[0] 3:13"])
    }

    @Test("YAML custom tags are losses; the standard tags the reader honours are not")
    func yamlTags() throws {
        let yaml = """
            a: !Ref Thing
            b: !!str 1
            c: !!int "2"
            d: !!binary aGk=
            e: !!set {x: null}
            f: ! 3
            g: !custom {k: v}

            """
        let losses = try Self.losses(yaml, .yaml)
        #expect(Self.summary(losses) == ["customTag a 1:4", "customTag e 5:4", "customTag g 7:4"])
        #expect(losses[0].detail.contains("!Ref"))
        #expect(losses[1].detail.contains("!!set"))
    }

    @Test("YAML anchors and aliases are losses at their own paths; a merge's alias at its mapping")
    func yamlAnchors() throws {
        let yaml = """
            base: &b
              x: 1
            list:
              - *b
            merged:
              <<: *b
              y: 2

            """
        let losses = try Self.losses(yaml, .yaml)
        #expect(Self.summary(losses) == ["anchor base 1:7", "anchor list[0] 4:5", "anchor merged 6:7"])
        #expect(losses[0].detail.contains("&b"))
        #expect(losses[1].detail.contains("*b"))
    }

    @Test("YAML plain keys the schema reads as other types are non-string keys; quoted ones are not")
    func yamlKeys() throws {
        let yaml = """
            1: a
            "2": b
            true: c
            ~: d
            1.5: e
            !!int 7: f
            yes: g
            inner:
              false: h

            """
        let losses = try Self.losses(yaml, .yaml)
        #expect(Self.summary(losses) == [
            #"nonStringKey ["1"] 1:1"#, "nonStringKey true 3:1", #"nonStringKey ["~"] 4:1"#,
            #"nonStringKey ["1.5"] 5:1"#, #"nonStringKey ["7"] 6:1"#, "nonStringKey inner.false 9:3",
        ])
        #expect(losses[0].detail.contains("integer"))
    }

    @Test("YAML losses name their document in a stream")
    func yamlDocuments() throws {
        let losses = try Self.losses("a: 1\n---\n# note\nb: &x 2\n", .yaml)
        #expect(losses.map(\.document) == [2, 2])
        #expect(Self.summary(losses) == ["comment b 3:1", "anchor b 4:4"])
    }

    @Test("XML comments and processing instructions are losses at the element holding them; the declaration is not")
    func xmlMarkup() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- top -->
            <?style href="a.xsl"?>
            <shop>
              <item><price>1</price><!-- first --></item>
              <item>
                <!-- second, with < and > -->
              </item>
              <note><?php echo 1 ?></note>
            </shop>

            """
        let losses = try Self.losses(xml, .xml)
        #expect(Self.summary(losses) == [
            "comment  2:1", "processingInstruction  3:1", "comment shop.item[0] 5:25",
            "comment shop.item[1] 7:5", "processingInstruction shop.note 9:9",
        ])
        #expect(losses[1].detail.contains(#"<?style href="a.xsl"?>"#))
        #expect(losses[3].detail.contains("second, with < and >"))
        #expect(try Self.losses("<?xml version=\"1.0\"?><a>1</a>", .xml).isEmpty)
    }

    @Test("MessagePack keys that are not str become string keys and are reported with their byte offset")
    func messagePackKeys() throws {
        // {1: "a", "b": {true: 0}}, then a second document {nil: 1.5: ...}
        let bytes: [UInt8] = [0x82, 0x01, 0xA1, 0x61, 0xA1, 0x62, 0x81, 0xC3, 0x00,
                              0x91, 0x81, 0xC0, 0x01]
        let losses = try DataFormat.msgpack.readingLosses(in: Data(bytes))
        #expect(Self.summary(losses) == [#"nonStringKey ["1"] byte 1"#, "nonStringKey b.true byte 7", "nonStringKey [0].null byte 11"])
        #expect(losses.map(\.document) == [1, 1, 2])
        #expect(losses[0].detail.contains("integer"))
    }

    @Test("JSON reading loses nothing")
    func json() throws {
        #expect(try Self.losses(#"{"a": [1, "x", null]}"#, .json).isEmpty)
    }
}
