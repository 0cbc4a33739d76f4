import DataMapper
import Foundation
import Testing

/// Checks that `value` survives `serializer`: the document it writes reads back equal
/// to `expected`, by default `value` itself.
///
/// An error thrown while writing or reading is recorded as an issue rather than
/// thrown, so the checker can run inside a property check, which counts issues only.
/// Every failure is reported at `sourceLocation`, the caller's line, and shows the
/// document that was written.
///
/// - Parameters:
///   - value: The value to write.
///   - serializer: The format, with the options under test.
///   - expected: What reading the document must give, for formats that change some
///     values on the way (XML reads scalars back as text); `nil` means `value`.
///   - rewritesSameBytes: Whether writing the value read back must give the very bytes
///     of the first writing, so that the output depends on the value alone and not on
///     how it was built.
///   - comment: Added to every failure, such as the seed that made the value.
///   - sourceLocation: Where failures are reported.
/// - Returns: The value read back, for further checks; `nil` when writing or reading
///   threw.
@discardableResult
public func expectRoundTrip(
    _ value: SupportedType,
    through serializer: some Serializer,
    expecting expected: SupportedType? = nil,
    rewritesSameBytes: Bool = false,
    _ comment: Comment? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> SupportedType? {
    let written: Data
    do {
        written = try serializer.serialize(value)
    } catch {
        Issue.record(error, joined(comment, "writing \(value) failed"), sourceLocation: sourceLocation)
        return nil
    }
    let document = joined(comment, "written as:\n\(documentText(written))")
    let read: SupportedType
    do {
        read = try serializer.deserialize(written)
    } catch {
        Issue.record(error, joined(document, "reading it back failed"), sourceLocation: sourceLocation)
        return nil
    }
    #expect(read == (expected ?? value), document, sourceLocation: sourceLocation)
    if rewritesSameBytes {
        do {
            let rewritten = try serializer.serialize(read)
            #expect(rewritten == written, joined(document, "rewritten as:\n\(documentText(rewritten))"), sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, joined(document, "writing the value read back failed"), sourceLocation: sourceLocation)
        }
    }
    return read
}

/// Checks that a `Codable` value survives `serializer`: encoded to a document and
/// decoded from it as its own type, it is equal to what was encoded.
///
/// Errors are recorded, not thrown, and failures are reported at `sourceLocation`
/// with the document, as for ``expectRoundTrip(_:through:expecting:rewritesSameBytes:_:sourceLocation:)``.
///
/// - Returns: The decoded value, for further checks; `nil` when encoding or decoding
///   threw.
@discardableResult
public func expectCodableRoundTrip<Value: Codable & Equatable>(
    _ value: Value,
    through serializer: some Serializer,
    _ comment: Comment? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Value? {
    let written: Data
    do {
        written = try serializer.encode(value)
    } catch {
        Issue.record(error, joined(comment, "encoding \(value) failed"), sourceLocation: sourceLocation)
        return nil
    }
    let document = joined(comment, "written as:\n\(documentText(written))")
    do {
        let read = try serializer.decode(Value.self, from: written)
        #expect(read == value, document, sourceLocation: sourceLocation)
        return read
    } catch {
        Issue.record(error, joined(document, "decoding it back failed"), sourceLocation: sourceLocation)
        return nil
    }
}
