import DataMapperCore

// The errors of the stream reader name the document at fault by its number, counted
// from 1 as a person counts them, and point at lines of the whole stream.
extension YAMLStreamReader {
    /// The error for a document of more than ``ParsingLimits/maxInputBytes`` bytes,
    /// pointing at the start of its first line.
    func tooLarge(line: Int, number: Int) -> DataMapperError {
        Self.tooLarge(limit: serializer.options.limits.maxInputBytes, line: line, number: number)
    }

    /// The error for document `number`, of more than `limit` bytes, starting on `line`.
    static func tooLarge(limit: Int, line: Int, number: Int) -> DataMapperError {
        DataMapperError(
            .limitExceeded,
            message: "the document is more than the limit of \(limit) bytes",
            location: SourceLocation(position: .text(line: line, column: 1)),
            remedy: .limit(.maxInputBytes, limit, in: "YAMLSerializer.Options.limits")
        ).inDocument(number)
    }

    /// The error for a document libyaml started on a line its piece does not hold,
    /// which the framer's rule rules out; an error rather than a crash all the same.
    static func misframed(line: Int) -> DataMapperError {
        DataMapperError(
            .syntax,
            message: "libyaml started a document on a line this reader did not expect",
            location: SourceLocation(position: .text(line: line, column: 1))
        )
    }
}
