import DataMapperCore
import Foundation

/// Reads and writes `Date` as a string through a `DateFormatter` you configure.
///
/// The formatter is used under a lock, so one transformation can be shared by many
/// tasks; do not change the formatter after handing it over. A string the formatter
/// does not accept is an ``DataMapperError/Kind/invalidValue`` error.
public struct DateFormatterTransformation: Transformation {
    private let box: LockedDateFormatter

    /// Creates the transformation.
    /// - Parameter dateFormatter: The formatter; it is not copied, so leave it unchanged.
    public init(dateFormatter: DateFormatter) {
        box = LockedDateFormatter(dateFormatter)
    }

    /// The formatter in use.
    public var dateFormatter: DateFormatter { box.formatter }

    /// Reads a date from a string in the formatter's format.
    public func transform(from value: SupportedType) throws -> Date {
        guard case .string(let text) = value.kind else {
            throw DataMapperError.typeMismatch(expected: "a date string", found: value)
        }
        guard let date = box.date(from: text) else {
            throw DataMapperError.invalidValue("\"\(text)\" is not a date in the format \"\(box.format)\"", at: value)
        }
        return date
    }

    /// Writes a date as a string in the formatter's format.
    public func transform(object: Date) -> SupportedType {
        .string(box.string(from: object))
    }
}

/// A `DateFormatter` whose every use is serialized by a lock.
// Invariant: `formatter` is touched only while `lock` is held (`format` is read once at init).
final class LockedDateFormatter: @unchecked Sendable {
    let formatter: DateFormatter
    let format: String
    private let lock = NSLock()

    init(_ formatter: DateFormatter) {
        self.formatter = formatter
        self.format = formatter.dateFormat ?? ""
    }

    func date(from text: String) -> Date? {
        lock.lock()
        defer { lock.unlock() }
        return formatter.date(from: text)
    }

    func string(from date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}
