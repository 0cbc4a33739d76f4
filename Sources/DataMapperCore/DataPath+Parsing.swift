extension DataPath {
    /// Reads a path written the way ``description`` prints one.
    ///
    /// Accepted forms: `a.b`, `a[2].b`, `[0]`, `a["key with.dots"]`, `a['x']`. Inside
    /// quotes a backslash escapes the next character. An empty string is the root.
    /// Two other spellings are read as well: a leading `.` (`.spec.replicas`, and `.`
    /// alone for the root, as yq writes paths), and an index between backticks after a
    /// dot (`` a.`2` ``, the same as `a[2]`). A key written after a dot runs up to the
    /// next `.` or `[`, so a key holding either is written quoted: `a["b.c"]`.
    ///
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/syntax`` naming the
    ///   column of the first character that does not fit.
    public init(parsing text: String) throws {
        var parser = PathTextParser(text: Array(text.unicodeScalars))
        self.init(try parser.parse())
    }
}

private struct PathTextParser {
    let text: [Unicode.Scalar]
    var index = 0

    mutating func parse() throws -> [DataPath.Component] {
        var components: [DataPath.Component] = []
        // yq's spelling: a leading dot, alone meaning the root.
        if text.first == "." {
            index = 1
            if index == text.count { return [] }
            if text[index] != "[" { components.append(try keyOrBacktickIndex()) }
        }
        while index < text.count {
            let scalar = text[index]
            if scalar == "[" {
                index += 1
                components.append(try bracketed())
            } else if scalar == "." {
                index += 1
                components.append(try keyOrBacktickIndex())
            } else if components.isEmpty {
                components.append(try keyOrBacktickIndex())
            } else {
                throw failure("expected '.' or '[' but found '\(scalar)'")
            }
        }
        return components
    }

    /// The step after a dot (or at the start): a plain key, or `` `2` ``, an index.
    mutating func keyOrBacktickIndex() throws -> DataPath.Component {
        if index < text.count, text[index] == "\"" || text[index] == "'" {
            throw failure("a quoted key goes in brackets, as in a[\"key.with.dots\"]")
        }
        guard index < text.count, text[index] == "`" else { return .key(try plainKey()) }
        let start = index
        index += 1
        let digitsStart = index
        while index < text.count, text[index] != "`" { index += 1 }
        guard index < text.count else {
            index = start
            throw failure("unterminated '`'; an index between backticks is written `2`")
        }
        let digits = String(String.UnicodeScalarView(text[digitsStart..<index]))
        guard digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits) else {
            index = digitsStart
            throw failure("expected an array index between backticks; quote a key as [\"key\"]")
        }
        index += 1
        return .index(number)
    }

    mutating func plainKey() throws -> String {
        let start = index
        while index < text.count, text[index] != ".", text[index] != "[" { index += 1 }
        guard index > start else { throw failure("expected a key") }
        return String(String.UnicodeScalarView(text[start..<index]))
    }

    mutating func bracketed() throws -> DataPath.Component {
        guard index < text.count else { throw failure("unfinished '['") }
        let component: DataPath.Component
        if text[index] == "\"" || text[index] == "'" {
            component = .key(try quoted(by: text[index]))
        } else {
            let start = index
            while index < text.count, text[index] != "]" { index += 1 }
            let digits = String(String.UnicodeScalarView(text[start..<index]))
            guard let number = Int(digits), number >= 0 else {
                index = start
                throw failure("expected an array index or a quoted key inside '[ ]'")
            }
            component = .index(number)
        }
        guard index < text.count, text[index] == "]" else { throw failure("expected ']'") }
        index += 1
        return component
    }

    mutating func quoted(by quote: Unicode.Scalar) throws -> String {
        index += 1
        var key = String.UnicodeScalarView()
        while index < text.count, text[index] != quote {
            if text[index] == "\\" { index += 1 }
            guard index < text.count else { break }
            key.append(text[index])
            index += 1
        }
        guard index < text.count else { throw failure("unterminated quoted key") }
        index += 1
        return String(key)
    }

    func failure(_ message: String) -> DataMapperError {
        DataMapperError(
            .syntax,
            message: "invalid key path: \(message)",
            location: SourceLocation(position: .text(line: 1, column: index + 1))
        )
    }
}
