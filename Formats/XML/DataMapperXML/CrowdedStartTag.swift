import DataMapperCore
import Foundation

/// Finds a start tag holding more attributes than a limit, in one pass over the
/// document before libxml2 reads it.
///
/// libxml2 2.9 checks each attribute of an element against every earlier one, so one
/// element with n attributes costs n² comparisons: 200,000 attributes in a 2 MB
/// document keep it busy for most of a minute. The pass counts the `=` signs outside
/// quoted values of each start tag, skipping comments, CDATA sections, processing
/// instructions, end tags and declarations (the DOCTYPE's internal subset included).
/// A malformed document may be counted differently from the way libxml2 reads it;
/// libxml2 then reports the malformation itself.
enum CrowdedStartTag {
    /// The offset of the `<` of the first start tag with more than `limit` attributes,
    /// or `nil` when there is none.
    static func find(in bytes: UnsafeRawBufferPointer, limit: Int) -> Int? {
        // A document with no more `=` signs than the limit cannot hold such a tag.
        guard let base = bytes.baseAddress else { return nil }
        var signs = 0
        var offset = 0
        while signs <= limit, let sign = memchr(base + offset, Int32(UInt8(ascii: "=")), bytes.count - offset) {
            signs += 1
            offset = UnsafeRawPointer(sign) - base + 1
        }
        guard signs > limit else { return nil }
        var scanner = Scanner(bytes: bytes)
        while let open = scanner.next(UInt8(ascii: "<")) {
            if scanner.skipMarkup(at: open) { continue }
            if scanner.countAttributes() > limit { return open }
        }
        return nil
    }

    /// The line and column of `offset`, counting bytes.
    static func position(of offset: Int, in bytes: UnsafeRawBufferPointer) -> SourcePosition {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return .text(line: line, column: offset - lineStart + 1)
    }

    /// A cursor over the document; every move goes forward, so a scan is linear.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        /// The offset of the next byte to look at.
        var offset = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// The offset of the next `byte`, moving past it; `nil` at the end.
        mutating func next(_ byte: UInt8) -> Int? {
            while offset < bytes.count {
                defer { offset += 1 }
                if bytes[offset] == byte { return offset }
            }
            return nil
        }

        /// Whether `text` starts at `start`.
        func has(_ text: StaticString, at start: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard start + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[start + $0] == text.utf8Start[$0] }
        }

        /// Moves past the end of the next `terminator`, or to the end of the document.
        mutating func skip(past terminator: StaticString) {
            let first = terminator.utf8Start[0]
            while let candidate = next(first) {
                if has(terminator, at: candidate) {
                    offset = candidate + terminator.utf8CodeUnitCount
                    return
                }
            }
        }

        /// When the `<` at `open` starts anything but a start tag, moves past it and
        /// answers `true`; otherwise moves to the tag's name and answers `false`.
        mutating func skipMarkup(at open: Int) -> Bool {
            if has("<!--", at: open) {
                offset = open + 4
                skip(past: "-->")
            } else if has("<![CDATA[", at: open) {
                offset = open + 9
                skip(past: "]]>")
            } else if has("<?", at: open) {
                offset = open + 2
                skip(past: "?>")
            } else if has("<!", at: open) {
                offset = open + 2
                skipDeclaration()
            } else if has("</", at: open) {
                _ = next(UInt8(ascii: ">"))
            } else {
                return false
            }
            return true
        }

        /// Moves past a declaration such as `<!DOCTYPE …>`, whose internal subset in
        /// brackets holds declarations, comments and quoted text of its own.
        mutating func skipDeclaration() {
            var brackets = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): _ = next(byte)
                case UInt8(ascii: "["): brackets += 1
                case UInt8(ascii: "]"): brackets -= 1
                case UInt8(ascii: "<") where has("<!--", at: offset - 1):
                    offset += 3
                    skip(past: "-->")
                case UInt8(ascii: ">") where brackets <= 0: return
                default: break
                }
            }
        }

        /// The `=` signs outside quoted values up to the end of the start tag, moving
        /// past it.
        mutating func countAttributes() -> Int {
            var signs = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): _ = next(byte)
                case UInt8(ascii: "="): signs += 1
                case UInt8(ascii: ">"): return signs
                default: break
                }
            }
            return signs
        }
    }
}
