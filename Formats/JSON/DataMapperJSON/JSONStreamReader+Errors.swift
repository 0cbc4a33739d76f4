import DataMapperCore

// The errors of a stream reader name the document at fault by its number, counted
// from 1 as a person counts them, and point at lines and columns of the whole stream.
extension JSONStreamReader {
    /// `error` with the number of its document in front of its problem.
    static func numbered(_ error: DataMapperError, _ number: Int) -> DataMapperError {
        error.inDocument(number)
    }

    /// The error for a document of more than ``ParsingLimits/maxInputBytes`` bytes,
    /// pointing at its first byte.
    static func tooLarge(limit: Int, startingAt start: Int, line: Int, column: Int, number: Int) -> DataMapperError {
        numbered(
            DataMapperError(
                .limitExceeded,
                message: "the document is more than the limit of \(limit) bytes",
                location: SourceLocation(position: .text(line: line, column: column)),
                remedy: .limit(.maxInputBytes, limit, in: "JSONSerializer.Options.limits")
            ),
            number
        )
    }

    /// The error for a stream of JSON texts that ended holding none, as
    /// ``JSONSerializer/deserializeAll(_:)`` reports it.
    static func noDocument(after framer: JSONStreamFramer) -> DataMapperError {
        numbered(
            DataMapperError(
                .syntax,
                message: "unexpected end of input; the document holds no value",
                location: SourceLocation(position: .text(line: framer.line, column: framer.position - framer.lineStart + 1))
            ),
            1
        )
    }

    /// The error for a frame that read as no single document, which the framer's
    /// invariants rule out; an error rather than a crash all the same.
    static func missingDocument(_ frame: JSONStreamFramer.Frame) -> DataMapperError {
        DataMapperError(
            .syntax,
            message: "the bytes here do not make one JSON document",
            location: SourceLocation(position: .text(line: frame.line, column: frame.column))
        )
    }
}
