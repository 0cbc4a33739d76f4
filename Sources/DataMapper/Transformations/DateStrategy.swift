import DataMapperCore
import Foundation

/// How an ``ObjectMapper`` reads and writes a `Date` field mapped without `using:`
/// (``ObjectMapper/dateStrategy``).
///
/// A field mapped `using:` a transformation (``DateTransformation``,
/// ``ISO8601DateTransformation``, ``TimestampDateTransformation``,
/// ``CustomDateFormatTransformation``) keeps that transformation; the strategy only
/// decides for the fields that name none. Each strategy reads what the matching
/// transformation reads, and writes what it writes:
///
/// ```swift
/// let mapper = ObjectMapper(dateStrategy: .iso8601)
/// let event = try mapper.deserialize(value, as: Event.self) // `let at: Date` reads "2024-05-17T09:30:00Z"
/// ```
///
/// Under ``ConversionPolicy/datesFromSecondsOrText`` (part of
/// ``ConversionPolicy/compatible``) a date the strategy refuses is also read from
/// seconds since 1970 or from RFC 3339 text. Every strategy is a value that holds no
/// formatter, so a mapper can be shared across tasks.
public enum DateStrategy: Sendable {
    /// Seconds since 1970-01-01 as a number, as ``DateTransformation``; the default.
    case secondsSince1970
    /// Milliseconds since 1970-01-01 as a number; written as an integer when whole.
    case millisecondsSince1970
    /// RFC 3339 text such as `2024-05-17T09:30:00Z`, as ``ISO8601DateTransformation``.
    case iso8601
    /// A timestamp value keeping every nanosecond, as ``TimestampDateTransformation``.
    case timestamp
    /// Your closures read and write the date; they must not share a formatter
    /// between tasks without a lock.
    case custom(read: @Sendable (SupportedType) throws -> Date, write: @Sendable (Date) -> SupportedType)

    /// Reads a date from a non-null value under this strategy, then under the
    /// ``ConversionPolicy`` in force.
    /// - Throws: ``DataMapperError`` when neither reads it: the strategy's error.
    public func date(from value: SupportedType) throws -> Date {
        do {
            return try strictDate(from: value)
        } catch {
            guard ConversionPolicy.current.contains(.datesFromSecondsOrText),
                  let date = Self.secondsOrText(value) else { throw error }
            return date
        }
    }

    /// Writes `date` under this strategy.
    public func value(from date: Date) -> SupportedType {
        switch self {
        case .secondsSince1970: return DateTransformation().transform(object: date)
        case .millisecondsSince1970:
            let milliseconds = date.timeIntervalSince1970 * 1000
            if let whole = Int(exactly: milliseconds) { return .int(whole) }
            return .double(milliseconds)
        case .iso8601: return ISO8601DateTransformation().transform(object: date)
        case .timestamp: return TimestampDateTransformation().transform(object: date)
        case .custom(_, let write): return write(date)
        }
    }

    private func strictDate(from value: SupportedType) throws -> Date {
        switch self {
        case .secondsSince1970: return try DateTransformation().transform(from: value)
        case .millisecondsSince1970:
            if case .timestamp = value.kind { return try TimestampDateTransformation().transform(from: value) }
            do {
                return Date(timeIntervalSince1970: try DoubleTransformation().transform(from: value) / 1000)
            } catch let error as DataMapperError where error.kind == .typeMismatch {
                throw DataMapperError.typeMismatch(expected: "a number of milliseconds since 1970", found: value)
            }
        case .iso8601: return try ISO8601DateTransformation().transform(from: value)
        case .timestamp: return try TimestampDateTransformation().transform(from: value)
        case .custom(let read, _): return try read(value)
        }
    }

    /// Seconds since 1970 as a number or decimal text, or RFC 3339 text.
    private static func secondsOrText(_ value: SupportedType) -> Date? {
        if let seconds = value.nearestDouble { return Date(timeIntervalSince1970: seconds) }
        guard case .string(let text) = value.kind else { return nil }
        let core = String(ConversionPolicy.trimmed(text))
        if let (seconds, nanoseconds) = RFC3339.parse(core) { return RFC3339.date(seconds: seconds, nanoseconds: nanoseconds) }
        if let seconds = ConversionPolicy.numbersFromText.double(from: core) { return Date(timeIntervalSince1970: seconds) }
        return nil
    }
}

/// Reads and writes `Date` under a ``DateStrategy``; what a mapper uses for `Date`
/// fields mapped without `using:`.
public struct DateStrategyTransformation: Transformation {
    /// The strategy dates are read and written with.
    public let strategy: DateStrategy

    /// Creates the transformation.
    public init(_ strategy: DateStrategy) { self.strategy = strategy }

    /// Reads a date under the strategy (see ``DateStrategy/date(from:)``).
    public func transform(from value: SupportedType) throws -> Date { try strategy.date(from: value) }

    /// Writes a date under the strategy.
    public func transform(object: Date) -> SupportedType { strategy.value(from: object) }
}
