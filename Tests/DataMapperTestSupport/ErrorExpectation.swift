import DataMapper
import Testing

/// Requires `body` to throw a ``DataMapperError`` and checks the parts of it the
/// caller names; a part left `nil` is not checked.
///
/// Every failure is reported at `sourceLocation`, the caller's line, with the whole
/// error in the message. `line` and `column` are checked against the error's location
/// in a text document, `byteOffset` against its location in a binary one; naming any
/// of them requires the error to have a location.
///
/// - Returns: The error, for checks of its message or remedy.
/// - Throws: When `body` returns normally or throws another type of error, after
///   recording the issue, so that the test stops there as `#require` makes it.
@discardableResult
public func expectError<Value>(
    kind: DataMapperError.Kind? = nil,
    path: DataPath? = nil,
    line: Int? = nil,
    column: Int? = nil,
    byteOffset: Int? = nil,
    _ comment: Comment? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ body: () throws -> Value
) throws -> DataMapperError {
    let error = try #require(throws: DataMapperError.self, comment, sourceLocation: sourceLocation) {
        _ = try body()
    }
    let thrown = joined(comment, "the error: \(error)")
    if let kind {
        #expect(error.kind == kind, thrown, sourceLocation: sourceLocation)
    }
    if let path {
        #expect(error.path == path, thrown, sourceLocation: sourceLocation)
    }
    if let line {
        #expect(error.location?.line == line, thrown, sourceLocation: sourceLocation)
    }
    if let column {
        #expect(error.location?.column == column, thrown, sourceLocation: sourceLocation)
    }
    if let byteOffset {
        #expect(error.location?.byteOffset == byteOffset, thrown, sourceLocation: sourceLocation)
    }
    return error
}
