import DataMapperCore

/// Turns libxml2's error reports into our errors.
///
/// libxml2 reports a numeric code, the module that raised it and an English sentence
/// ending in a line break. The sentence is kept (it names the construct: "Opening and
/// ending tag mismatch: a line 1 and b"), cleaned up and put after a lead that says
/// what kind of problem it is; the few codes that mean a limit become
/// ``DataMapperError/Kind/limitExceeded``.
enum LibXML2Problem {
    /// libxml2's codes (from `xmlParserErrors`) that this file treats specially.
    private enum Code {
        static let internalError = 1
        static let noMemory = 2
        static let documentEmpty = 4
        static let invalidChar = 9
        static let entityLoop = 89
        static let invalidEncoding = 81
        static let resourceLimit = 1021
    }

    /// libxml2's domain (from `xmlErrorDomain`) of encoding conversion errors.
    private static let conversionDomain = 27

    /// Our error for one libxml2 report.
    static func error(code: Int, domain: Int, message: String?, line: Int, column: Int) -> DataMapperError {
        let text = (message ?? "an unknown problem").trimmingCharacters(in: .whitespacesAndNewlines)
        let position: SourcePosition = line > 0 ? .text(line: line, column: max(column, 1)) : .unknown
        let location = position.isKnown ? SourceLocation(position: position) : nil
        if text.hasPrefix("Excessive depth in document") {
            return DataMapperError(
                .limitExceeded,
                message: "elements nest deeper than libxml2's limit of 256 levels, which no option raises",
                location: location
            )
        }
        if domain == conversionDomain {
            return DataMapperError(.syntax, message: "the bytes do not fit the declared encoding: \(text)", location: location)
        }
        switch code {
        case Code.noMemory:
            return DataMapperError(.limitExceeded, message: "libxml2 ran out of memory", location: location)
        case Code.entityLoop, Code.resourceLimit:
            return DataMapperError(.limitExceeded, message: "malformed XML: \(text)", location: location)
        case Code.documentEmpty:
            return DataMapperError(.syntax, message: "the document is empty; XML needs a root element", location: location)
        case Code.invalidEncoding, Code.invalidChar:
            return DataMapperError(.syntax, message: "invalid characters: \(text)", location: location)
        default:
            return DataMapperError(.syntax, message: "malformed XML: \(text)", location: location)
        }
    }

    /// libxml2 says "the document is empty" of any input it finds no element in; for
    /// input that is not empty, says instead what it starts with, so that a JSON file
    /// read as XML or a UTF-32 file is named for what it is.
    static func explainingEmpty(_ error: DataMapperError, in bytes: UnsafeRawBufferPointer) -> DataMapperError {
        guard error.message.hasPrefix("the document is empty"), !bytes.isEmpty else { return error }
        let head = Array(bytes.prefix(4))
        let utf32: [[UInt8]] = [[0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00]]
        if utf32.contains(head) {
            return DataMapperError(.syntax, message: "the document is in UTF-32, which the XML reader does not read; convert it to UTF-8", location: SourceLocation(position: .text(line: 1, column: 1)))
        }
        var offset = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var column = 1
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) {
            if bytes[offset] == 0x0A { line += 1; column = 1 } else { column += 1 }
            offset += 1
        }
        guard offset < bytes.count, bytes[offset] != UInt8(ascii: "<") else { return error }
        let first = bytes[offset]
        let shown = first >= 0x21 && first < 0x7F ? "'\(Character(Unicode.Scalar(first)))'" : "the byte 0x\(String(first, radix: 16, uppercase: true))"
        let hint = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? " (it looks like JSON)" : ""
        return DataMapperError(
            .syntax,
            message: "an XML document starts with '<', this one with \(shown)\(hint)",
            location: SourceLocation(position: .text(line: line, column: column))
        )
    }
}
