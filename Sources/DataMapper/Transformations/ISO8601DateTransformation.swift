import DataMapperCore
import Foundation

/// Reads and writes `Date` as an ISO 8601 string with a time zone, such as
/// `"2024-05-17T09:30:00Z"`, `"2024-05-17T11:30:00.250+02:00"`.
///
/// Reading takes any fraction of a second (to the nanosecond) and a `Z` or a
/// `±hh:mm` offset; a timestamp value (MessagePack, YAML `!!timestamp`) is read as
/// the date it is. Writing uses UTC with a `Z`, and a fraction only when the date
/// has one, so whole seconds read back unchanged. Other spellings the pattern of
/// ``transformationDelegate`` accepts are read through it.
public struct ISO8601DateTransformation: DelegatedTransformation {
    /// Dates.
    public typealias Object = Date

    /// The pattern-based transformation for spellings outside RFC 3339.
    public let transformationDelegate = CustomDateFormatTransformation(formatString: "yyyy-MM-dd'T'HH:mm:ssZZZZZ")

    /// Creates the transformation.
    public init() {}

    /// Reads an RFC 3339 date-time string, or a timestamp value.
    public func transform(from value: SupportedType) throws -> Date {
        switch value.kind {
        case .string(let text):
            if let (seconds, nanoseconds) = RFC3339.parse(text) { return RFC3339.date(seconds: seconds, nanoseconds: nanoseconds) }
            return try transformationDelegate.transform(from: value)
        case .timestamp(let seconds, let nanoseconds):
            return RFC3339.date(seconds: seconds, nanoseconds: nanoseconds)
        default:
            return try transformationDelegate.transform(from: value)
        }
    }

    /// Writes a date in UTC, with a fraction of a second only when it has one.
    public func transform(object: Date) -> SupportedType {
        guard let (seconds, nanoseconds) = RFC3339.split(object) else { return transformationDelegate.transform(object: object) }
        return .string(RFC3339.format(seconds: seconds, nanoseconds: nanoseconds))
    }
}
