import DataMapper
import Testing

/// The bytes a stream writer gives for `documents` written whole, one after another,
/// then finished; or the error it throws.
public func writtenWhole<Writer: DocumentStreamWriter>(
    _ documents: [SupportedType], with writer: Writer
) -> Result<[UInt8], DataMapperError> {
    var writer = writer
    var output: [UInt8] = []
    do {
        for document in documents { try writer.write(document, into: &output) }
        try writer.finish(into: &output)
        return .success(output)
    } catch {
        return .failure(error)
    }
}

/// The bytes a piece writer gives for `documents` told piece by piece, every container
/// opened down to `depth` levels, then finished; or the error it throws.
public func writtenInPieces<Writer: DocumentPieceWriter>(
    _ documents: [SupportedType], openingTo depth: Int, with writer: Writer
) -> Result<[UInt8], DataMapperError> {
    var writer = writer
    var output: [UInt8] = []
    do {
        for document in documents {
            for piece in document.pieces(openingTo: depth) { try writer.write(piece, into: &output) }
        }
        try writer.finish(into: &output)
        return .success(output)
    } catch {
        return .failure(error)
    }
}

/// Checks the piece writer's invariant: for every opening depth from 0 to `maxDepth`,
/// writing the documents' pieces gives exactly the bytes of writing them whole, or the
/// same error (kind, path, message and location).
public func expectPiecesWriteLikeDocuments<Writer: DocumentPieceWriter>(
    _ documents: [SupportedType],
    maxDepth: Int = 6,
    _ comment: Comment? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    writer makeWriter: () -> Writer
) {
    let whole = writtenWhole(documents, with: makeWriter())
    for depth in 0...maxDepth {
        let pieced = writtenInPieces(documents, openingTo: depth, with: makeWriter())
        switch (whole, pieced) {
        case (.success(let expected), .success(let actual)):
            #expect(
                actual == expected,
                "depth \(depth): \(String(decoding: actual, as: UTF8.self)) != \(String(decoding: expected, as: UTF8.self)) \(comment.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation
            )
        case (.failure(let expected), .failure(let actual)):
            #expect(actual.kind == expected.kind, "depth \(depth) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
            #expect(actual.path == expected.path, "depth \(depth) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
            #expect(actual.problem == expected.problem, "depth \(depth) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
            #expect(actual.location == expected.location, "depth \(depth) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        default:
            Issue.record("depth \(depth): whole \(whole), pieces \(pieced) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        }
    }
}

extension Result {
    /// The error, when this is a failure.
    public var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
