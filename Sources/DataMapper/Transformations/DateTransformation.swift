import DataMapperCore
import Foundation

/// Reads and writes `Date` as a number of seconds since 1 January 1970 (UTC).
///
/// Any number is read under the ``DoubleTransformation`` rule (so `1700000000` and
/// `1700000000.5` both work), and so is a ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``
/// from MessagePack. Dates are written as ``SupportedType/Kind/double(_:)``.
public struct DateTransformation: Transformation {
    /// Creates the transformation.
    public init() {}

    /// Reads a date from seconds since 1970.
    public func transform(from value: SupportedType) throws -> Date {
        if case .timestamp(let seconds, let nanoseconds) = value.kind {
            return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
        }
        do {
            return Date(timeIntervalSince1970: try DoubleTransformation().transform(from: value))
        } catch let error as DataMapperError where error.kind == .typeMismatch {
            throw DataMapperError.typeMismatch(expected: "a number of seconds since 1970", found: value)
        }
    }

    /// Writes a date as seconds since 1970.
    public func transform(object: Date) -> SupportedType {
        .double(object.timeIntervalSince1970)
    }
}
