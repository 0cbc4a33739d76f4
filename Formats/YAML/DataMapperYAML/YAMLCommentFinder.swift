import DataMapperCore
import Foundation

/// Finds YAML comments in the text between libyaml's events, which drop them.
///
/// A cursor moves forward through the input's bytes, in step with libyaml's marks,
/// which count characters (a byte order mark not counted, CR LF as two). Outside
/// scalars and aliases a `#` at the start of the input or after whitespace starts a
/// comment that runs to the end of the line. Scalars are stepped over unsearched, since a `#`
/// inside one is text; only a block scalar's first line, its header (`| # note`), is
/// searched. Nothing but the input's bytes is kept, and each byte is visited once.
struct YAMLCommentFinder {
    /// A comment: its text, from the `#`, and where the `#` is.
    struct Comment {
        var text: String
        var position: SourcePosition
    }

    private let bytes: [UInt8]
    /// Added to every line reported, for bytes that start on a later line of a stream.
    private let lineOffset: Int
    /// The cursor: a byte offset, and the same place as libyaml counts it.
    private var offset: Int
    private var mark = YAMLMark(index: 0, line: 0, column: 0)

    /// A finder over `bytes`, whose first line is line `lineOffset + 1`.
    init(bytes: [UInt8], lineOffset: Int = 0) {
        self.bytes = bytes
        self.lineOffset = lineOffset
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The comments between the cursor and `end`, where the cursor then stands.
    mutating func comments(upTo end: YAMLMark) -> [Comment] {
        var found: [Comment] = []
        while mark.index < end.index, offset < bytes.count {
            if startsComment() {
                found.append(takeComment(upTo: end.index))
            } else {
                step()
            }
        }
        return found
    }

    /// Moves the cursor, standing at an event's start, over the event to `end`; with
    /// `searchingFirstLine`, returns a comment on the event's first line (a block
    /// scalar's header).
    mutating func skip(to end: YAMLMark, searchingFirstLine: Bool) -> Comment? {
        var comment: Comment?
        var onFirstLine = searchingFirstLine
        while mark.index < end.index, offset < bytes.count {
            if onFirstLine, bytes[offset] == 0x0A || bytes[offset] == 0x0D {
                onFirstLine = false
            } else if onFirstLine, comment == nil, startsComment() {
                comment = takeComment(upTo: end.index)
                continue
            }
            step()
        }
        mark = end
        return comment
    }

    /// Whether a `#` at the cursor starts a comment: first in the input or after whitespace.
    private func startsComment() -> Bool {
        guard bytes[offset] == UInt8(ascii: "#") else { return false }
        guard mark.index > 0, offset > 0 else { return true }
        let before = bytes[offset - 1]
        return before == 0x20 || before == 0x09 || before == 0x0A || before == 0x0D
    }

    /// Reads the comment at the cursor up to its line's end (or `limit`).
    private mutating func takeComment(upTo limit: Int) -> Comment {
        let position = SourcePosition.text(line: mark.line + 1 + lineOffset, column: mark.column + 1)
        let start = offset
        while mark.index < limit, offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { step() }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        return Comment(text: text.trimmingCharacters(in: .whitespaces), position: position)
    }

    /// Moves the cursor one character on, counting lines as libyaml does: LF, CR not
    /// before LF, NEL, LS and PS end a line.
    private mutating func step() {
        let lead = bytes[offset]
        let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let next = min(bytes.count, offset + width)
        let isBreak: Bool
        switch lead {
        case 0x0A: isBreak = true
        case 0x0D: isBreak = next >= bytes.count || bytes[next] != 0x0A
        case 0xC2: isBreak = next - offset == 2 && bytes[offset + 1] == 0x85
        case 0xE2: isBreak = next - offset == 3 && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
        default: isBreak = false
        }
        offset = next
        mark.index += 1
        if isBreak {
            mark.line += 1
            mark.column = 0
        } else if lead != 0x0D {
            mark.column += 1
        }
    }
}
