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
    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceOffset: Int64 = 978_307_200

    /// Creates the transformation.
    public init() {}

    /// Reads a date from a timestamp or a number of seconds since 1970.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/typeMismatch`` for
    ///   anything else.
    public func transform(from value: SupportedType) throws -> Date {
        guard case .timestamp(let seconds, let nanoseconds) = value.kind else {
            return try DateTransformation().transform(from: value)
        }
        let (sinceReference, overflow) = seconds.subtractingReportingOverflow(Self.referenceOffset)
        let whole = overflow ? Double(seconds) - Double(Self.referenceOffset) : Double(sinceReference)
        return Date(timeIntervalSinceReferenceDate: whole + Double(nanoseconds) / 1_000_000_000)
    }

    /// Writes a date as a timestamp: whole seconds since 1970 (rounded down) and the
    /// nanoseconds after them, rounded to the nearest. A date too far away for 64-bit
    /// seconds (or not finite) is written as seconds in a double instead.
    public func transform(object: Date) -> SupportedType {
        let interval = object.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        guard whole.isFinite, abs(whole) < 9.0e18 else { return .double(object.timeIntervalSince1970) }
        var seconds = Int64(whole) + Self.referenceOffset
        var nanoseconds = ((interval - whole) * 1_000_000_000).rounded()
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        return .timestamp(seconds: seconds, nanoseconds: UInt32(max(0, nanoseconds)))
    }
}
