import DataMapperCore

// MARK: - Building errors

// Everything here runs only once a document is known to be bad, so it may scan the
// input again to turn byte offsets into lines and columns.
extension JSONReader {
    /// A syntax error pointing at the byte at `offset`.
    func syntaxError(at offset: Int, _ message: String) -> DataMapperError {
        DataMapperError(.syntax, message: message, location: SourceLocation(position: position(of: offset)))
    }

    /// "expected `what`, found …" at the current offset, or "unexpected end of input"
    /// when the input stops there.
    func expected(_ what: String) -> DataMapperError {
        if offset >= count {
            return syntaxError(at: offset, "unexpected end of input; expected \(what)")
        }
        return syntaxError(at: offset, "expected \(what), found \(describe(at: offset))")
    }

    /// The error for a word that starts like `true`, `false` or `null` but is not it.
    func badLiteral(_ name: StaticString) -> DataMapperError {
        var end = offset
        while end < count, end - offset < 16, Self.isWordByte(bytes[end]) { end += 1 }
        let word = text(from: offset, to: max(end, offset + 1))
        return syntaxError(at: offset, "expected '\(name)', found '\(word)'")
    }

    /// The error for an array or object that opens deeper than ``maxDepth``.
    func depthError() -> DataMapperError {
        DataMapperError(
            .limitExceeded,
            message: "arrays and objects nest deeper than the limit of \(maxDepth) levels",
            location: SourceLocation(position: position(of: offset)),
            remedy: .limit(.maxDepth, maxDepth, in: "JSONSerializer.Options.limits")
        )
    }

    /// The error for a key repeated in one object while the policy is ``DuplicateKeyPolicy/error``.
    func duplicateKeyError(_ key: String, first: Int, second: Int) -> DataMapperError {
        Self.duplicateKeyError(key, first: position(of: first), second: position(of: second))
    }

    /// The error for a key repeated in one object, first at `first` and again at `second`.
    static func duplicateKeyError(_ key: String, first: SourcePosition, second: SourcePosition) -> DataMapperError {
        var error = DataMapperError(
            .syntax, message: "duplicate key \(quoted(key)); it first appears at \(first)", location: SourceLocation(position: second))
        error.remedy = .duplicateKeys(in: "JSONSerializer.Options.duplicateKeys")
        return error
    }

    /// The line and column (1-based, in UTF-8 bytes) of the byte at `target`.
    func position(of target: Int) -> SourcePosition {
        if target >= lineStart, !Self.hasLineFeed(bytes, from: max(lineStart, 0), to: min(target, count)) {
            return .text(line: line, column: target - lineStart + 1)
        }
        var currentLine = firstLine
        var start = firstLineStart
        var index = bodyStart
        let end = min(target, count)
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                currentLine += 1
                start = index + 1
            }
            index += 1
        }
        return .text(line: currentLine, column: target - start + 1)
    }

    /// Whether a line feed lies in `start..<end`.
    static func hasLineFeed(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") { return true }
            index += 1
        }
        return false
    }

    // MARK: - Describing input

    /// The byte at `index` as a person reads it: `'x'`, a named control character,
    /// a decoded non-ASCII character, or its hex value when it is not valid UTF-8.
    func describe(at index: Int) -> String {
        guard index < count else { return "the end of input" }
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return controlName(byte) }
        if byte == UInt8(ascii: " ") { return "a space" }
        return "'\(describeCharacter(at: index))'"
    }

    /// The character starting at `index` without quotes; its hex value when it is not
    /// valid UTF-8.
    func describeCharacter(at index: Int) -> String {
        guard index < count else { return "" }
        let byte = bytes[index]
        if byte < 0x80 { return String(UnicodeScalar(byte)) }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let end = min(count, index + length)
        if Self.firstInvalidUTF8(bytes, from: index, to: end) == nil, end - index == length {
            return text(from: index, to: end)
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// A control character's name, as `U+000A (line feed)`.
    func controlName(_ byte: UInt8) -> String {
        let names: [UInt8: String] = [0x00: "NUL", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return", 0x7F: "DEL"]
        let hex = String(byte, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        if let name = names[byte] { return "control character \(code) (\(name))" }
        return "control character \(code)"
    }

    /// A key in double quotes, shortened when long, for messages.
    static func quoted(_ key: String) -> String {
        let shown = key.count > 40 ? String(key.prefix(40)) + "…" : key
        return "\"" + shown + "\""
    }

    /// Letters and digits, which make up a mistyped literal such as `True` or `nul1`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }
}
