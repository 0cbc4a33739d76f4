import DataMapperCore
import Foundation

/// Reads and writes `Date` as a string in a fixed format such as `"yyyy-MM-dd HH:mm"`.
///
/// The format uses the Unicode date pattern letters of `DateFormatter.dateFormat`.
/// Parsing uses the `en_US_POSIX` locale and, unless told otherwise, UTC, so the
/// result does not depend on the machine's settings.
public struct CustomDateFormatTransformation: DelegatedTransformation {
    /// Dates.
    public typealias Object = Date

    /// The pattern dates are read and written with.
    public let formatString: String
    /// The formatter-backed transformation doing the work.
    public let transformationDelegate: DateFormatterTransformation

    /// Creates the transformation.
    /// - Parameters:
    ///   - formatString: The date pattern, as `DateFormatter.dateFormat`.
    ///   - timeZone: The time zone for patterns without a zone; UTC by default.
    public init(formatString: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        self.formatString = formatString
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = formatString
        transformationDelegate = DateFormatterTransformation(dateFormatter: formatter)
    }
}
