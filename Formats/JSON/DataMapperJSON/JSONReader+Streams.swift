import DataMapperCore

// Reading several texts with one reader: lines and columns keep counting across the
// texts, so every position points into the whole input.
extension JSONReader {
    /// Reads one or more texts separated by whitespace, as `jq` reads its input.
    ///
    /// A text ending in `]`, `}` or `"` may be followed by the next one directly; after
    /// a number or a literal, whitespace must come first (`1 2`, not `12` or `1true`).
    mutating func readTexts() throws(DataMapperError) -> [SupportedType] {
        skipWhitespace()
        guard offset < count else {
            throw syntaxError(at: offset, "unexpected end of input; the document holds no value")
        }
        var values: [SupportedType] = []
        while offset < count {
            values.append(try readTree())
            let end = offset
            skipWhitespace()
            if offset == end, offset < count, !Self.closesText(bytes[end - 1]) {
                throw syntaxError(
                    at: offset,
                    "unexpected \(describe(at: offset)) right after a value; separate JSON texts with whitespace"
                )
            }
        }
        return values
    }

    /// Reads JSON Lines: one text per line, blank lines skipped, none for empty input.
    ///
    /// A text may be surrounded by spaces, tabs and a carriage return on its line, but
    /// must begin and end on it. A text after the first `limit` is an error naming the
    /// stream API.
    mutating func readLines(limit: Int = .max) throws(DataMapperError) -> [SupportedType] {
        var values: [SupportedType] = []
        while true {
            skipWhitespace()
            guard offset < count else { return values }
            if values.count == limit { throw afterDocument() }
            let start = offset
            let startLine = line
            let value: SupportedType
            do {
                value = try readTree()
            } catch {
                if let errorLine = error.location?.line, errorLine > startLine { throw spansLines(from: start) }
                throw error
            }
            if line != startLine { throw spansLines(from: start) }
            while offset < count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t")
                || bytes[offset] == UInt8(ascii: "\r") {
                offset += 1
            }
            if offset < count, bytes[offset] != UInt8(ascii: "\n") {
                throw syntaxError(
                    at: offset,
                    "unexpected \(describe(at: offset)) after the line's value; a JSON Lines line holds exactly one value"
                )
            }
            values.append(value)
        }
    }

    /// The error for a text starting at `start` that goes on past the end of its line,
    /// pointing at that line's end.
    func spansLines(from start: Int) -> DataMapperError {
        var end = start
        while end < count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return syntaxError(
            at: end,
            "the line ends inside a JSON text; JSON Lines holds one whole text per line (read text spread over lines as json)"
        )
    }

    /// Whether a text whose last byte is `byte` may be followed by the next without
    /// whitespace between them.
    static func closesText(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\"")
    }
}
