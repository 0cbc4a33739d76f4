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
}
