import DataMapperCore
import Foundation

/// Reads a `URL` from a string and writes it back as one.
///
/// Relative references such as `"images/cover.png"` are resolved against
/// ``baseURL`` when one is given. When writing, ``writesAbsoluteString`` chooses
/// between the full address and the URL's relative part. A string that is not a URL
/// is an ``DataMapperError/Kind/invalidValue`` error.
public struct URLTransformation: Transformation {
    /// The URL that relative references are resolved against, or `nil`.
    public let baseURL: URL?
    /// Whether writing gives the absolute address (`true`) or the relative part as read (`false`).
    public let writesAbsoluteString: Bool

    /// Creates the transformation.
    /// - Parameters:
    ///   - baseURL: The URL relative references are resolved against.
    ///   - writesAbsoluteString: `true` to write `url.absoluteString`, `false` to write
    ///     `url.relativeString` (the text as it was read).
    public init(baseURL: URL? = nil, writesAbsoluteString: Bool = true) {
        self.baseURL = baseURL
        self.writesAbsoluteString = writesAbsoluteString
    }

    /// Reads a URL from a string.
    public func transform(from value: SupportedType) throws -> URL {
        guard case .string(let text) = value.kind else {
            throw DataMapperError.typeMismatch(expected: "a URL string", found: value)
        }
        guard !text.isEmpty, let url = URL(string: text, relativeTo: baseURL) else {
            throw DataMapperError.invalidValue("\"\(text)\" is not a valid URL", at: value)
        }
        return url
    }

    /// Writes a URL as a string.
    public func transform(object: URL) -> SupportedType {
        .string(writesAbsoluteString ? object.absoluteString : object.relativeString)
    }
}
