import DataMapperCore
import Testing

@Suite("DataPath")
struct DataPathTests {
    @Test("prints keys with dots, indexes in brackets and odd keys quoted")
    func printing() {
        let path = DataPath([.key("servers"), .index(2), .key("port")])
        #expect(path.description == "servers[2].port")
        #expect(DataPath([.index(0), .key("a")]).description == "[0].a")
        #expect(DataPath([.key("labels"), .key("app.kubernetes.io/name")]).description == #"labels["app.kubernetes.io/name"]"#)
        #expect(DataPath([.key("say \"hi\"")]).description == #"["say \"hi\""]"#)
        #expect(DataPath([.key("1st")]).description == #"["1st"]"#)
        #expect(DataPath.root.description == "")
    }

    @Test("parses what it prints", arguments: [
        "servers[2].port", "[0].a", #"labels["app.kubernetes.io/name"]"#, #"["say \"hi\""]"#, "a.b.c", "[3][4]",
    ])
    func parsesItsOwnOutput(text: String) throws {
        #expect(try DataPath(parsing: text).description == text)
    }

    @Test("parses single quotes and the empty root")
    func otherForms() throws {
        #expect(try DataPath(parsing: "a['b.c']") == DataPath([.key("a"), .key("b.c")]))
        #expect(try DataPath(parsing: "") == .root)
    }

    @Test("a leading dot is allowed, as yq writes paths", arguments: [
        (".spec.replicas", DataPath([.key("spec"), .key("replicas")])),
        (".", DataPath.root),
        (".[0].a", DataPath([.index(0), .key("a")])),
        (#".["a.b"]"#, DataPath([.key("a.b")])),
        (".a[1]", DataPath([.key("a"), .index(1)])),
    ])
    func leadingDot(input: (String, DataPath)) throws {
        #expect(try DataPath(parsing: input.0) == input.1)
    }

    @Test("an index between backticks is the same as one in brackets", arguments: [
        ("a.`2`", DataPath([.key("a"), .index(2)])),
        ("a.`2`.b", DataPath([.key("a"), .index(2), .key("b")])),
        ("`0`", DataPath([.index(0)])),
        (".`10`", DataPath([.index(10)])),
        ("a[1].`3`", DataPath([.key("a"), .index(1), .index(3)])),
    ])
    func backtickIndex(input: (String, DataPath)) throws {
        #expect(try DataPath(parsing: input.0) == input.1)
    }

    @Test("a key after a dot is read up to the next dot, so a dotted key needs brackets")
    func dottedKeys() throws {
        #expect(try DataPath(parsing: "labels.app.kubernetes.io/name") == ["labels", "app", "kubernetes", "io/name"])
        #expect(try DataPath(parsing: #"labels["app.kubernetes.io/name"]"#) == ["labels", "app.kubernetes.io/name"])
        #expect(try DataPath(parsing: "a.2") == ["a", "2"])
    }

    @Test("rejects malformed paths with the column", arguments: [
        ("..a", 2, "invalid key path: expected a key"),
        ("..", 2, "invalid key path: expected a key"),
        ("a.", 3, "invalid key path: expected a key"),
        ("a.`x`", 4, "invalid key path: expected an array index between backticks; quote a key as [\"key\"]"),
        ("a.`-1`", 4, "invalid key path: expected an array index between backticks; quote a key as [\"key\"]"),
        ("a.``", 4, "invalid key path: expected an array index between backticks; quote a key as [\"key\"]"),
        ("a.`2", 3, "invalid key path: unterminated '`'; an index between backticks is written `2`"),
        (#"a."b.c""#, 3, #"invalid key path: a quoted key goes in brackets, as in a["key.with.dots"]"#),
        ("a[x]", 3, "invalid key path: expected an array index or a quoted key inside '[ ]'"),
        ("a[1", 4, "invalid key path: expected ']'"),
        ("a..b", 3, "invalid key path: expected a key"),
        ("a['b", 5, "invalid key path: unterminated quoted key"),
    ])
    func rejects(input: (String, Int, String)) {
        #expect {
            try DataPath(parsing: input.0)
        } throws: { error in
            guard let error = error as? DataMapperError else { return false }
            return error.kind == .syntax && error.location?.column == input.1 && error.problem == input.2
        }
    }

    @Test("appending builds longer paths")
    func appending() {
        let path = DataPath.root.appending(key: "a").appending(index: 1).appending(["b", "c"])
        #expect(path.description == "a[1].b.c")
    }
}

@Suite("DataMapperError")
struct DataMapperErrorTests {
    @Test("prints file, line, column, path and message, dropping unknown parts")
    func description() {
        let full = DataMapperError(
            .typeMismatch,
            message: #"expected an integer, found the string "80a""#,
            path: DataPath([.key("servers"), .index(2), .key("port")]),
            location: SourceLocation(file: "config.yaml", position: .text(line: 14, column: 11))
        )
        #expect(full.description == #"config.yaml:14:11: servers[2].port: expected an integer, found the string "80a""#)
        #expect(full.localizedDescription == full.description)

        let bare = DataMapperError(.syntax, message: "unexpected end of input")
        #expect(bare.description == "unexpected end of input")

        let binary = DataMapperError(.syntax, message: "truncated", location: SourceLocation(position: .byteOffset(12)))
        #expect(binary.inFile("a.mpk").description == "a.mpk:byte 12: truncated")
        #expect(bare.inFile("x.json").description == "x.json: unexpected end of input")
    }

    @Test("nesting puts the parent path in front")
    func nesting() {
        let inner = DataMapperError(.missingKey, message: "missing", path: ["port"])
        #expect(inner.nested(under: DataPath([.key("servers"), .index(0)])).path.description == "servers[0].port")
    }
}

@Suite("SourcePosition")
struct SourcePositionTests {
    @Test("text and binary positions answer their own questions")
    func kinds() {
        let text = SourcePosition.text(line: 3, column: 7)
        #expect(text.line == 3 && text.column == 7 && text.byteOffset == nil)
        let binary = SourcePosition.byteOffset(0)
        #expect(binary.isKnown && binary.byteOffset == 0 && binary.line == nil)
        #expect(!SourcePosition.unknown.isKnown)
        #expect(SourcePosition.text(line: 0, column: 0) == .unknown)
        #expect(SourcePosition.byteOffset(Int.max).byteOffset == Int(UInt32.max))
    }
}
