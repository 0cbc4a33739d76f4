import DataMapper
import DataMapperTestSupport
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
        let error = try expectError(kind: .limitExceeded) { _ = try readYAML(Self.billionLaughs) }
        #expect(error.problem == "aliases expand to more than 1000000 values in one document")
        // `e` holds 111,111 values and the levels before it made 123,440 copies, so the
        // eighth alias of `e` on line 6 passes the budget of 1,000,000.
        #expect(error.location?.position == .text(line: 6, column: 29))
        #expect(error.path == DataPath([.key("f"), .index(7)]))
    }

    @Test("the expansion budget is an option")
    func expansionBudgetOption() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
        #expect(try readYAML(text, .init(limits: .init(maxExpandedValues: 8))) == ["a": [1, 2, 3], "b": [[1, 2, 3], [1, 2, 3]]])
        try expectError(kind: .limitExceeded, line: 2, column: 9) { _ = try readYAML(text, .init(limits: .init(maxExpandedValues: 7))) }
    }

    @Test("nesting deeper than the limit is an error, not a crash", arguments: [
        String(repeating: "[", count: 100_000),
        String(repeating: "- ", count: 600) + "x\n",
        (0..<600).map { String(repeating: " ", count: $0) + "k:\n" }.joined(),
    ])
    func deepNesting(text: String) throws {
        let error = try expectError(kind: .limitExceeded) { _ = try readYAML(text) }
        #expect(error.problem == "collections nest more than \(ParsingLimits.default.maxDepth) levels deep")
        #expect(error.location?.line != nil)
    }

    @Test("the depth limit is an option")
    func depthOption() throws {
        let limits = ParsingLimits(maxDepth: 3)
        #expect(try readYAML("[[[1]]]", .init(limits: limits)) == [[[1]]])
        try expectError(kind: .limitExceeded, path: DataPath([.index(0), .index(0), .index(0)]), line: 1, column: 4) {
            _ = try readYAML("[[[[1]]]]", .init(limits: limits))
        }
    }

    @Test("invalid UTF-8 is an error naming its place")
    func invalidUTF8() throws {
        let data = Data("key: ok\nbad: ".utf8) + Data([0xC3, 0x28]) + Data("\n".utf8)
        let error = try expectError(kind: .syntax) { _ = try YAMLSerializer().deserialize(data) }
        #expect(error.problem == "the input is not valid UTF-8 (invalid trailing UTF-8 byte)")
        #expect(error.location?.position == .text(line: 2, column: 6))
    }

    @Test("input larger than the size limit is refused before parsing")
    func inputSize() throws {
        let error = try expectError(kind: .limitExceeded) { _ = try readYAML("a: 12345\n", .init(limits: .init(maxInputBytes: 4))) }
        #expect(error.problem == "the input is 9 bytes, more than the limit of 4")
    }

    @Test("a duplicate key is an error naming both lines")
    func duplicateKeyError() throws {
        let text = "server:\n  host: a\n  port: 1\n  host: b\n"
        let error = try expectError(kind: .syntax) { _ = try readYAML(text) }
        #expect(error.description == "4:3: server.host: duplicate key \"host\": first on line 2, again on line 4; set YAMLSerializer.Options.duplicateKeys to .firstWins or .lastWins to keep one of the values")
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
        let error = try expectError { _ = try readYAML(text) }
        #expect(error.description == "2:16: [1].a: duplicate key \"a\": first on line 2, again on line 2; set YAMLSerializer.Options.duplicateKeys to .firstWins or .lastWins to keep one of the values")
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
        try expectError(kind: .syntax) { _ = try readYAML("&a [*a]") }
    }
}

/// The alias budget in bytes: a long anchored string aliased many times is refused
/// once its copies pass the budget, however few values they are.
@Suite struct YAMLExpandedBytesTests {
    /// A mapping anchoring a string of `length` bytes under `s`, then `aliases` aliases of it.
    static func document(length: Int, aliases: Int, merge: Bool = false) -> String {
        var text = "s: &s " + String(repeating: "x", count: length) + "\n"
        if merge {
            text = "m: &m\n  long: " + String(repeating: "x", count: length) + "\n"
        }
        text += "copies:\n"
        for index in 0..<aliases {
            text += merge ? "  c\(index): {<<: *m}\n" : "  - *s\n"
        }
        return text
    }

    @Test("a 1 MB string aliased 1,000 times is refused when the copies pass 16 MiB")
    func longStringAliases() throws {
        let text = Self.document(length: 1 << 20, aliases: 1_000)
        let outcome = try GuardedThread.run { Result { try readYAML(text) } }
        let error = try expectError(kind: .limitExceeded) { _ = try outcome?.get() }
        #expect(error.problem == "aliases expand to more than \(16 << 20) bytes in one document")
        // Each copy counts the string's 1,048,576 bytes and one for the value, so the
        // sixteenth copy (line 18) passes 16 MiB.
        #expect(error.location?.position == .text(line: 18, column: 5))
        #expect(error.path == DataPath([.key("copies"), .index(15)]))
    }

    @Test("copies made through merge keys count by the size of what they copy")
    func mergedCopies() throws {
        try expectError(kind: .limitExceeded, path: DataPath([.key("copies"), .key("c15"), .key("<<")])) {
            _ = try readYAML(Self.document(length: 1 << 20, aliases: 100, merge: true))
        }
    }

    @Test("aliases of aliases count the bytes of everything they copy")
    func nestedAliases() throws {
        let text = """
        a: &a [\(String(repeating: "y", count: 1_000))]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: [*c, *c, *c]
        """
        // a holds 1,002 bytes, b 10,021 and c 100,211; b and c copy 110,230 bytes, so
        // d's first copy of c brings the total to 210,441 and its second to 310,652.
        try expectError(kind: .limitExceeded, path: DataPath([.key("d"), .index(1)])) {
            _ = try readYAML(text, .init(limits: .init(maxExpandedBytes: 250_000)))
        }
        #expect(try readYAML(text, .init(limits: .init(maxExpandedBytes: 500_000)))["d"]?.array?.count == 3)
    }

    @Test("the byte budget is an option, and by default ten times the input, at least 16 MiB")
    func budget() throws {
        #expect(ParsingLimits().expandedByteBudget(inputBytes: 100) == 16 << 20)
        #expect(ParsingLimits().expandedByteBudget(inputBytes: 10 << 20) == 100 << 20)
        #expect(ParsingLimits(maxExpandedBytes: 5).expandedByteBudget(inputBytes: 10 << 20) == 5)
        #expect(ParsingLimits().expandedByteBudget(inputBytes: .max) == .max)

        let text = "a: &a hello\nb: [*a, *a]\n"   // each copy is 5 bytes and one for the value
        #expect(try readYAML(text, .init(limits: .init(maxExpandedBytes: 12))) == ["a": "hello", "b": ["hello", "hello"]])
        let error = try expectError { _ = try readYAML(text, .init(limits: .init(maxExpandedBytes: 11))) }
        #expect(error.problem == "aliases expand to more than 11 bytes in one document")
        #expect(error.location?.position == .text(line: 2, column: 9))
    }

    @Test("a large input gets a budget of ten times its size")
    func budgetScalesWithInput() throws {
        // 3 MB of text beside a 1 MB string aliased 20 times: 21 MB of copies, under 10 × 4 MB.
        let padding = "pad: " + String(repeating: "p", count: 3 << 20) + "\n"
        let text = padding + Self.document(length: 1 << 20, aliases: 20)
        #expect(try readYAML(text)["copies"]?.array?.count == 20)
    }
}
