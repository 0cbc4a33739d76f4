import DataMapperCore
import Foundation

/// Reads and writes `Date` as a ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``,
/// keeping every nanosecond a `Date` can hold.
///
/// Use it for models sent as MessagePack, whose timestamp extension carries whole
/// seconds and nanoseconds: written this way a date becomes a real timestamp (and, in
/// JSON, YAML or XML, an RFC 3339 string), and a timestamp read back gives the same
/// `Date`. ``DateTransformation`` also reads timestamps, but writes seconds as a
/// double and adds the nanoseconds to a large number of seconds, which rounds them.
///
/// Reading accepts a timestamp, or any number of seconds since 1970 as
/// ``DateTransformation`` reads it. The arithmetic is done relative to the date
/// `Date` counts from (2001-01-01), so for dates near today a `Date` keeps its
/// sub-microsecond part (a `Double` of seconds has about 120 ns of resolution in
/// 2025, and exactly the nanoseconds near 2001).
public struct TimestampDateTransformation: Transformation {
    /// Creates the transformation.
    public init() {}

    /// Reads a date from a timestamp or a number of seconds since 1970.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/typeMismatch`` for
    ///   anything else.
    public func transform(from value: SupportedType) throws -> Date {
        guard case .timestamp(let seconds, let nanoseconds) = value.kind else {
            return try DateTransformation().transform(from: value)
        }
        let (sinceReference, overflow) = seconds.subtractingReportingOverflow(RFC3339.referenceOffset)
        let whole = overflow ? Double(seconds) - Double(RFC3339.referenceOffset) : Double(sinceReference)
        return Date(timeIntervalSinceReferenceDate: whole + Double(nanoseconds) / 1_000_000_000)
    }

    /// Writes a date as a timestamp: whole seconds since 1970 (rounded down) and the
    /// nanoseconds after them, rounded to the nearest. A date too far away for 64-bit
    /// seconds (or not finite) is written as seconds in a double instead.
    public func transform(object: Date) -> SupportedType {
        guard let (seconds, nanoseconds) = RFC3339.split(object) else { return .double(object.timeIntervalSince1970) }
        return .timestamp(seconds: seconds, nanoseconds: nanoseconds)
    }
}
