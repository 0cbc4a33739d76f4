import Foundation

/// Reads and writes `Date` as an ISO 8601 string with a time zone, such as
/// `"2024-05-17T09:30:00Z"` or `"2024-05-17T11:30:00+02:00"`.
///
/// Whole seconds only; dates are written in UTC with a `Z`.
public struct ISO8601DateTransformation: DelegatedTransformation {
    /// Dates.
    public typealias Object = Date

    /// The pattern-based transformation doing the work.
    public let transformationDelegate = CustomDateFormatTransformation(formatString: "yyyy-MM-dd'T'HH:mm:ssZZZZZ")

    /// Creates the transformation.
    public init() {}
}
