import Foundation

/// Reading and writing RFC 3339 date-times (the ISO 8601 profile the web uses) with
/// whole-nanosecond fractions, without a formatter object.
///
/// Shared by the Codable bridge and the formats that write timestamps as text.
package enum RFC3339 {
    /// Seconds since 1970 and nanoseconds for `text` in the form
    /// `YYYY-MM-DD(T|t| )hh:mm:ss[.f…](Z|z|±hh:mm)`, or `nil` when it is not one.
    package static func parse(_ text: String) -> (seconds: Int64, nanoseconds: UInt32)? {
        let bytes = Array(text.utf8)
        var offset = 0
        func number(_ width: Int) -> Int64? {
            guard offset + width <= bytes.count else { return nil }
            var result: Int64 = 0
            for byte in bytes[offset..<offset + width] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                result = result * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            offset += width
            return result
        }
        func expect(_ choices: String) -> Bool {
            guard offset < bytes.count, choices.utf8.contains(bytes[offset]) else { return false }
            offset += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("Tt "), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            var digits = 0
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
                if digits < 9 { nanoseconds = nanoseconds * 10 + Int64(bytes[offset] - UInt8(ascii: "0")) }
                digits += 1
                offset += 1
            }
            guard digits > 0 else { return nil }
            var scale = digits
            while scale < 9 {
                nanoseconds *= 10
                scale += 1
            }
        }
        var offsetSeconds: Int64 = 0
        if expect("Zz") {
            offsetSeconds = 0
        } else if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[offset] == UInt8(ascii: "-") ? -1 : 1
            offset += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard offset == bytes.count else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return (seconds, UInt32(nanoseconds))
    }

    /// `seconds` since 1970 and `nanoseconds` as `YYYY-MM-DDThh:mm:ss[.f…]Z` in UTC,
    /// with as many fraction digits as needed (none for a whole second).
    package static func format(seconds: Int64, nanoseconds: UInt32) -> String {
        let (days, secondOfDay) = CivilCalendar.split(secondsSince1970: seconds)
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
        text += padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if nanoseconds > 0 {
            var fraction = padded(Int64(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// A `Date` as whole seconds since 1970 and the nanoseconds after them, rounded
    /// to the nearest nanosecond; `nil` when it is too far away for 64-bit seconds.
    package static func split(_ date: Date) -> (seconds: Int64, nanoseconds: UInt32)? {
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        guard whole.isFinite, abs(whole) < 9.0e18 else { return nil }
        var seconds = Int64(whole) + referenceOffset
        var nanoseconds = ((interval - whole) * 1_000_000_000).rounded()
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        return (seconds, UInt32(max(0, nanoseconds)))
    }

    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    package static let referenceOffset: Int64 = 978_307_200

    /// The date of `seconds` since 1970 and `nanoseconds`, computed from 2001 so
    /// that dates near today keep their sub-microsecond part.
    package static func date(seconds: Int64, nanoseconds: UInt32) -> Date {
        let reference: Int64 = 978_307_200
        let (sinceReference, overflow) = seconds.subtractingReportingOverflow(reference)
        let whole = overflow ? Double(seconds) - Double(reference) : Double(sinceReference)
        return Date(timeIntervalSinceReferenceDate: whole + Double(nanoseconds) / 1_000_000_000)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
