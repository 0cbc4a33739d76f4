import DataMapper
import DataMapperYAML
import Foundation
import Testing

@Suite struct YAMLHostileInputTests {
    /// Nine levels of ten aliases each: a billion strings if expanded.
    static let billionLaughs = """
    a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]
    b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]
    c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]
    d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]
    e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]
    f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]
    g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]
    h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g,*g]
    i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h,*h]
    """

    @Test("a billion-laughs document is refused by the alias expansion budget")
    func billionLaughs() throws {
        let error = yamlError { _ = try readYAML(Self.billionLaughs) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.message == "aliases expand to more than 1000000 values in one document")
        // `e` holds 111,111 values and the levels before it made 123,440 copies, so the
        // eighth alias of `e` on line 6 passes the budget of 1,000,000.
        #expect(error?.location?.position == .text(line: 6, column: 29))
        #expect(error?.path == DataPath([.key("f"), .index(7)]))
    }

    @Test("the expansion budget is an option")
    func expansionBudgetOption() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
        #expect(try readYAML(text, .init(limits: .init(maxExpandedValues: 8))) == ["a": [1, 2, 3], "b": [[1, 2, 3], [1, 2, 3]]])
        let error = yamlError { _ = try readYAML(text, .init(limits: .init(maxExpandedValues: 7))) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.location?.position == .text(line: 2, column: 9))
    }

    @Test("nesting deeper than the limit is an error, not a crash", arguments: [
        String(repeating: "[", count: 100_000),
        String(repeating: "- ", count: 600) + "x\n",
        (0..<600).map { String(repeating: " ", count: $0) + "k:\n" }.joined(),
    ])
    func deepNesting(text: String) throws {
        let error = yamlError { _ = try readYAML(text) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.message == "collections nest more than 512 levels deep")
        #expect(error?.location?.line != nil)
    }

    @Test("the depth limit is an option")
    func depthOption() throws {
        let limits = ParsingLimits(maxDepth: 3)
        #expect(try readYAML("[[[1]]]", .init(limits: limits)) == [[[1]]])
        let error = yamlError { _ = try readYAML("[[[[1]]]]", .init(limits: limits)) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.location?.position == .text(line: 1, column: 4))
        #expect(error?.path == DataPath([.index(0), .index(0), .index(0)]))
    }

    @Test("invalid UTF-8 is an error naming its place")
    func invalidUTF8() throws {
        let data = Data("key: ok\nbad: ".utf8) + Data([0xC3, 0x28]) + Data("\n".utf8)
        let error = yamlError { _ = try YAMLSerializer().deserialize(data) }
        #expect(error?.kind == .syntax)
        #expect(error?.message == "the input is not valid UTF-8 (invalid trailing UTF-8 byte)")
        #expect(error?.location?.position == .text(line: 2, column: 6))
    }

    @Test("input larger than the size limit is refused before parsing")
    func inputSize() throws {
        let error = yamlError { _ = try readYAML("a: 12345\n", .init(limits: .init(maxInputBytes: 4))) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.message == "the input is 9 bytes, more than the limit of 4")
    }

    @Test("a duplicate key is an error naming both lines")
    func duplicateKeyError() throws {
        let text = "server:\n  host: a\n  port: 1\n  host: b\n"
        let error = yamlError { _ = try readYAML(text) }
        #expect(error?.kind == .syntax)
        #expect(error?.description == "4:3: server.host: duplicate key \"host\": first on line 2, again on line 4")
    }

    @Test("the duplicate-key option keeps the last or the first value, in the first key's place")
    func duplicateKeyPolicies() throws {
        let text = "a: 1\nb: 2\na: 3\n"
        let last = try readYAML(text, .init(duplicateKeys: .lastWins))
        let first = try readYAML(text, .init(duplicateKeys: .firstWins))
        #expect(last == ["a": 3, "b": 2])
        #expect(first == ["a": 1, "b": 2])
        guard case .dictionary(let map) = last.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["a", "b"])
    }

    @Test("a mapping that repeats the keys of the one before it, then repeats a key, is caught the same way")
    func duplicateAfterRepeatedShape() throws {
        let text = "- {a: 1, b: 2}\n- {a: 3, b: 4, a: 5}\n- {a: 6}\n- {a: 7, b: 8, c: 9}\n- {b: 10, a: 11}\n"
        let error = yamlError { _ = try readYAML(text) }
        #expect(error?.description == "2:16: [1].a: duplicate key \"a\": first on line 2, again on line 2")
        let last = try readYAML(text, .init(duplicateKeys: .lastWins))
        let first = try readYAML(text, .init(duplicateKeys: .firstWins))
        #expect(last[1] == ["a": 5, "b": 4])
        #expect(first[1] == ["a": 3, "b": 4])
        #expect(last[2] == ["a": 6])
        #expect(last[3] == ["a": 7, "b": 8, "c": 9])
        guard case .dictionary(let map)? = last[4]?.kind else { Issue.record("not a mapping"); return }
        #expect(map.keys == ["b", "a"])
    }

    @Test("keys that only become equal through a merge are not duplicates")
    func mergedKeysAreNotDuplicates() throws {
        #expect(try readYAML("base: &b {a: 1}\nx:\n  a: 2\n  <<: *b\n")["x"] == ["a": 2])
    }

    @Test("a recursive alias is refused rather than built")
    func recursiveAlias() throws {
        let error = yamlError { _ = try readYAML("&a [*a]") }
        #expect(error?.kind == .syntax)
    }
}
