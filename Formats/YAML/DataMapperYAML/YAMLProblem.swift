import Foundation
import DataMapperCore

/// Turns libyaml's problem reports into sentences of our own.
///
/// libyaml describes a failure as a problem ("did not find expected key") and the
/// construct it was reading ("while parsing a block mapping", with its start line).
/// Users of config files need to know what to change, so the common problems are
/// rephrased with a hint; anything not in the table is passed on after a neutral lead.
enum YAMLProblem {
    /// Our phrasing of the problems libyaml reports most, keyed by its own text.
    private static let phrasings: [String: String] = [
        "found character that cannot start any token":
            "this character cannot start a YAML value here (a tab used for indentation, or an unquoted '@' or '`'?)",
        "could not find expected ':'":
            "expected ':' after a key (a key must end with ': ' before its value)",
        "mapping values are not allowed in this context":
            "a 'key: value' pair is not allowed here (quote a value that contains ': ', or check the indentation)",
        "block sequence entries are not allowed in this context":
            "a '- ' list item is not allowed here (check the indentation)",
        "mapping keys are not allowed in this context":
            "a '? ' key is not allowed here",
        "found unexpected end of stream":
            "the document ends in the middle of a value (an unclosed quote or bracket?)",
        "found a tab character that violates indentation":
            "a tab is used for indentation; YAML indents with spaces only",
        "found a tab character where an indentation space is expected":
            "a tab is used for indentation; YAML indents with spaces only",
        "found undefined tag handle":
            "the tag uses a handle ('!name!') that no %TAG directive defines",
        "did not find expected alphabetic or numeric character":
            "an anchor or alias name must follow '&' or '*'",
        "found unknown escape character":
            "unknown escape sequence in a double-quoted string (write '\\\\' for a backslash)",
        "did not find expected hexdecimal number":
            "an escape sequence in a double-quoted string needs hexadecimal digits",
        "found invalid Unicode character escape code":
            "an escape sequence in a double-quoted string names no valid Unicode character",
        "did not find expected comment or line break":
            "unexpected text after a value on the same line (a comment needs a space before '#')",
        "found unexpected document indicator":
            "a '---' or '...' line appears inside a quoted string",
        "did not find expected <document start>":
            "expected a new document starting with '---'",
        "did not find expected node content":
            "expected a value here",
        "did not find expected '-' indicator":
            "expected a '- ' list item at this indentation (check the indentation)",
        "did not find expected key":
            "expected a key at this indentation (check the indentation of this line and the one before)",
        "did not find expected ',' or ']'":
            "expected ',' or ']' in a [flow list]",
        "did not find expected ',' or '}'":
            "expected ',' or '}' in a {flow mapping}",
        "found duplicate %YAML directive":
            "the %YAML directive appears twice in one document",
        "found incompatible YAML document":
            "the %YAML directive asks for a YAML version other than 1.x",
        "found duplicate %TAG directive":
            "the same %TAG handle is defined twice in one document",
        "found an indentation indicator equal to 0":
            "a block scalar's indentation indicator must be between 1 and 9",
        "did not find expected whitespace or line break":
            "expected a space or a line break here",
    ]

    /// A sentence for a scanner or parser problem, naming the construct being read.
    static func message(_ problem: String, context: String?, contextLine: Int?) -> String {
        var text = phrasings[problem] ?? "malformed YAML: \(problem)"
        if let context {
            let what = context.hasPrefix("while ") ? String(context.dropFirst(6)) : context
            // "scanning for the next token" names no construct that starts somewhere.
            let line = what.hasSuffix("next token") ? nil : contextLine
            text += line.map { " (while \(what) that starts on line \($0))" } ?? " (while \(what))"
        }
        return text
    }

    /// A sentence for a problem found while decoding the input's characters.
    static func readerMessage(_ problem: String, byte: Int32) -> String {
        switch problem {
        case "invalid leading UTF-8 octet", "invalid trailing UTF-8 octet", "incomplete UTF-8 octet sequence",
             "invalid length of a UTF-8 sequence", "invalid Unicode character":
            return "the input is not valid UTF-8 (\(problem.replacingOccurrences(of: "octet", with: "byte")))"
        case "control characters are not allowed":
            return "the control character U+\(hex(byte)) is not allowed in YAML; write it as an escape in a double-quoted string"
        default:
            return "the input cannot be decoded: \(problem)"
        }
    }

    /// The 1-based line and column (in characters) of the character holding byte
    /// `offset` in `input`: libyaml points at the faulty byte of a UTF-8 sequence, and
    /// people want the place where the broken character starts.
    static func position(ofCharacterAround offset: Int, in input: UnsafeRawBufferPointer) -> SourcePosition {
        let faulty = min(max(offset, 0), input.count)
        var end = faulty
        for back in 1...3 where faulty - back >= 0 {
            let byte = input[faulty - back]
            if byte >= 0xC0 {
                let length = byte >= 0xF0 ? 4 : (byte >= 0xE0 ? 3 : 2)
                if back < length { end = faulty - back }
                break
            }
            if byte & 0xC0 != 0x80 { break }
        }
        var line = 1
        var column = 1
        for index in 0..<end {
            let byte = input[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .text(line: line, column: column)
    }

    private static func hex(_ value: Int32) -> String {
        let digits = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
