import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Testing

@Suite struct YAMLErrorTests {
    @Test("syntax errors name the line and column, in our words, and the value they interrupt", arguments: [
        ("a: [1, 2\n", "2:1: a: expected ',' or ']' in a [flow list] (while parsing a flow sequence that starts on line 1)"),
        ("key: value\n  bad: indent\n", "2:6: a 'key: value' pair is not allowed here (quote a value that contains ': ', or check the indentation)"),
        ("a:\n\t- b\n", "2:1: a: this character cannot start a YAML value here (a tab used for indentation, or an unquoted '@' or '`'?) (while scanning for the next token)"),
        ("a: 'open\n", "2:1: a: the document ends in the middle of a value (an unclosed quote or bracket?) (while scanning a quoted scalar that starts on line 1)"),
        ("a: \"\\q\"\n", "1:5: a: unknown escape sequence in a double-quoted string (write '\\\\' for a backslash) (while parsing a quoted scalar that starts on line 1)"),
        ("- a\nb: c\n", "2:1: expected a '- ' list item at this indentation (check the indentation) (while parsing a block collection that starts on line 1)"),
    ])
    func syntaxErrors(text: String, description: String) throws {
        let error = try expectError(kind: .syntax) { _ = try readYAML(text) }
        #expect(error.description == description)
    }

    @Test("errors carry the file name when the caller adds it")
    func fileName() throws {
        let error = try expectError { _ = try readYAML("a: [1\n") }
        #expect(error.inFile("config.yaml").description.hasPrefix("config.yaml:2:1: ") == true)
    }

    @Test("an error's path names what each open collection was reading, through repeated and merge keys")
    func pathsThroughRepeatedAndMergeKeys() throws {
        // Kept last, a repeated key's value is read under that key, at the first one's place.
        let repeated = try expectError { _ = try readYAML("a: 1\nb: 2\na:\n  - x\n  - *nope\n", .init(duplicateKeys: .lastWins)) }
        #expect(repeated.description == "5:5: a[1]: the alias *nope refers to no anchor defined before it (nor may it point into the collection holding it)")
        // The value of a merge key is read under `<<`.
        let merged = try expectError { _ = try readYAML("base: &b {x: 1}\nm:\n  <<: [*b, 3]\n") }
        #expect(merged.description == "3:12: m[\"<<\"]: item 1 of the list after a merge key '<<' is a number, not a mapping")
        // A new key after a nested mapping of the same parent.
        let nested = try expectError { _ = try readYAML("top:\n  first: {x: 1}\n  second: [1, {y: *nope}]\n") }
        #expect(nested.description == "3:19: top.second[1].y: the alias *nope refers to no anchor defined before it (nor may it point into the collection holding it)")
    }
}
