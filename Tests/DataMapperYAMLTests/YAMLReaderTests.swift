import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

@Suite struct YAMLReaderTests {
    @Test("mappings keep their own keys when they repeat, or nearly repeat, the mappings before them")
    func repeatedShapes() throws {
        let value = try readYAML("""
        - n: {n: {a: 1}, b: 2}
        - n: {n: {c: 3}, b: 4}
        - n: {n: {c: 5}, b: 6}
        - {x: 7, y: 8}
        - {x: 9}
        - {x: 10, y: 11, z: 12}
        """)
        #expect(value[0] == ["n": ["n": ["a": 1], "b": 2]])
        #expect(value[1] == ["n": ["n": ["c": 3], "b": 4]])
        #expect(value[2] == ["n": ["n": ["c": 5], "b": 6]])
        #expect(value[3] == ["x": 7, "y": 8])
        #expect(value[4] == ["x": 9])
        #expect(value[5] == ["x": 10, "y": 11, "z": 12])
        guard case .dictionary(let map)? = value[1]?["n"]?.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["n", "b"])
    }

    @Test("every value carries the line and column it starts at")
    func positions() throws {
        let value = try readYAML("""
        name: app
        ports:
          - 80
          - 443
        nested: {a: [x, y]}
        """)
        #expect(value.position == .text(line: 1, column: 1))
        #expect(value["name"]?.position == .text(line: 1, column: 7))
        #expect(value["ports"]?.position == .text(line: 3, column: 3))
        #expect(value["ports"]?[1]?.position == .text(line: 4, column: 5))
        #expect(value["nested"]?.position == .text(line: 5, column: 9))
        #expect(value["nested"]?["a"]?[1]?.position == .text(line: 5, column: 17))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() throws {
        let value = try readYAML("日本: 語\n")
        #expect(value["日本"]?.position == .text(line: 1, column: 5))
    }

    @Test("mappings keep the order their keys are written in")
    func keyOrder() throws {
        let value = try readYAML("zebra: 1\napple: 2\nmango: 3\n")
        #expect(value.dictionary.map { Array($0.keys).sorted() } == ["apple", "mango", "zebra"])
        guard case .dictionary(let map) = value.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["zebra", "apple", "mango"])
    }

    @Test("scalar keys are kept as written, whatever they would resolve to")
    func keysAsWritten() throws {
        let value = try readYAML("200: OK\ntrue: yes\n~: nothing\n0x1F: hex\n")
        guard case .dictionary(let map) = value.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["200", "true", "~", "0x1F"])
    }

    @Test("a sequence or mapping used as a key is refused")
    func complexKey() throws {
        try expectError(kind: .unsupported, line: 1, column: 3) { _ = try readYAML("? [a, b]\n: value\n") }
    }

    @Test("the standard tags decide the type of a scalar", arguments: [
        ("!!str 123", SupportedType.string("123")),
        ("!!str true", "true"),
        ("!!int \"42\"", 42),
        ("!!int 0x10", 16),
        ("!!float 1", .double(1)),
        ("!!float '2.5'", .double(2.5)),
        ("!!bool \"true\"", true),
        ("!!null ''", .null),
        ("!!binary aGVsbG8=", .binary(Data("hello".utf8))),
        ("!!binary |\n  aGVs\n  bG8=\n", .binary(Data("hello".utf8))),
        ("!!timestamp 2001-12-14", .timestamp(seconds: 1_008_288_000, nanoseconds: 0)),
        ("!!timestamp 2001-12-14t21:59:43.10-05:00", .timestamp(seconds: 1_008_385_183, nanoseconds: 100_000_000)),
        ("!!timestamp 2001-12-14 21:59:43.10 -5", .timestamp(seconds: 1_008_385_183, nanoseconds: 100_000_000)),
        ("!Ref database", "database"),
        ("! 12", "12"),
        ("!!map {a: 1}", .dictionary(["a": 1])),
        ("!!seq [1]", .array([1])),
    ])
    func tags(text: String, expected: SupportedType) throws {
        #expect(try readYAML(text) == expected)
    }

    @Test("a scalar that does not fit its tag is an error", arguments: [
        ("value: !!int abc", "!!int expects an integer, found \"abc\""),
        ("value: !!int 1.5", "!!int expects an integer, found \"1.5\""),
        ("value: !!float x", "!!float expects a number, found \"x\""),
        ("value: !!bool yes", "!!bool expects true or false, found \"yes\""),
        ("value: !!null 0", "!!null expects null, ~ or nothing, found \"0\""),
        ("value: !!binary '%%%'", "!!binary expects base64 text, found \"%%%\""),
        ("value: !!binary 'QUJD='", "!!binary expects base64 text, found \"QUJD=\""),
        ("value: !!binary 'QUJ'", "!!binary expects base64 text, found \"QUJ\""),
        ("value: !!binary 'QQ=A'", "!!binary expects base64 text, found \"QQ=A\""),
        ("value: !!binary 'Q==='", "!!binary expects base64 text, found \"Q===\""),
        ("value: !!timestamp 2001-13-01", "!!timestamp expects a date or a date and time (2001-12-14T21:59:43Z), found \"2001-13-01\""),
        ("value: !!map text", "a scalar cannot carry the collection tag !!map"),
        ("value: !!seq {a: 1}", "a mapping cannot carry the tag !!seq"),
    ])
    func tagMismatch(text: String, message: String) throws {
        let error = try expectError(kind: .syntax) { _ = try readYAML(text) }
        #expect(error.problem == message)
        #expect(error.path == ["value"])
        #expect(error.location?.position == .text(line: 1, column: 8))
    }

    @Test("aliases are replaced by copies of their anchored values")
    func aliases() throws {
        let value = try readYAML("""
        base: &base {host: db, port: 5432}
        copy: *base
        list: [&x 1, *x, *x]
        """)
        #expect(value["copy"] == ["host": "db", "port": 5432])
        #expect(value["list"] == [1, 1, 1])
        #expect(value["copy"]?.position == .text(line: 2, column: 7))
        #expect(value["copy"]?["port"]?.position == .text(line: 1, column: 30))
    }

    @Test("an alias may stand for a key")
    func aliasAsKey() throws {
        let value = try readYAML("first: &k name\n*k : value\n")
        #expect(value == ["first": "name", "name": "value"])
    }

    @Test("an alias without an anchor before it is an error")
    func undefinedAlias() throws {
        let error = try expectError(kind: .syntax, path: ["b"], line: 2, column: 4) { _ = try readYAML("a: 1\nb: *missing\n") }
        #expect(error.description == "2:4: b: the alias *missing refers to no anchor defined before it (nor may it point into the collection holding it)")
    }

    @Test("deserialize refuses a second document naming deserializeAll, which reads every one")
    func multipleDocuments() throws {
        let text = "a: 1\n---\nb: 2\n--- 3\n...\n"
        let yaml = YAMLSerializer()
        let error = try expectError(kind: .syntax, line: 2, column: 1) { _ = try yaml.deserialize(fromString: text) }
        #expect(error.message == "a second document starts here (4 lines from here to the end); "
            + "this reads exactly one document: read a stream of several with deserializeAll(_:)")
        #expect(try yaml.deserialize(fromString: "---\na: 1\n...\n") == ["a": 1])
        let all = try yaml.deserializeAll(fromString: text)
        #expect(all == [["a": 1], ["b": 2], 3])
        #expect(all[1].position == .text(line: 3, column: 1))
    }

    @Test("anchors belong to their document")
    func anchorsPerDocument() throws {
        try expectError(kind: .syntax, line: 3) { _ = try YAMLSerializer().deserializeAll(fromString: "a: &x 1\n---\nb: *x\n") }
    }

    @Test("an empty stream is null for one document and no documents for all")
    func emptyInput() throws {
        #expect(try readYAML("") == .null)
        #expect(try readYAML("# only a comment\n") == .null)
        #expect(try YAMLSerializer().deserializeAll(Data()).isEmpty)
    }

    @Test("a byte order mark is skipped")
    func byteOrderMark() throws {
        let value = try YAMLSerializer().deserialize(Data([0xEF, 0xBB, 0xBF]) + Data("a: 1\n".utf8))
        #expect(value == ["a": 1])
    }
}
