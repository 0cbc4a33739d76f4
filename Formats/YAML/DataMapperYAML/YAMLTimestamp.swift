/// The YAML timestamp form (`2001-12-14`, `2001-12-14T21:59:43.10-05:00`,
/// `2001-12-14 21:59:43.10 -5`), read for `!!timestamp` scalars and written for
/// ``SupportedType/Kind/timestamp(seconds:nanoseconds:)`` values.
///
/// Plain scalars that look like dates are never resolved as timestamps (neither
/// schema does so); the writer quotes strings of this form so that YAML 1.1 tools,
/// which do, read them back as strings too.
enum YAMLTimestamp {
    /// Whether `text` starts like a date (`dddd-`), the cheap test before ``parse(_:)``.
    static func mightBeTimestamp(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        for _ in 0..<4 {
            guard let byte = utf8.next(), byte &- UInt8(ascii: "0") <= 9 else { return false }
        }
        return utf8.next() == UInt8(ascii: "-")
    }

    /// Seconds since 1970 (UTC) and nanoseconds for a timestamp text, or `nil` when
    /// `text` is not of the form.
    static func parse(_ text: String) -> (seconds: Int64, nanoseconds: UInt32)? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let year = scanner.number(digits: 4...4), scanner.take(UInt8(ascii: "-")),
              let month = scanner.number(digits: 1...2), scanner.take(UInt8(ascii: "-")),
              let day = scanner.number(digits: 1...2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if scanner.atEnd { return (Int64(days) * 86_400, 0) }

        // The time: after `T`/`t` or spaces and tabs.
        if !scanner.take(UInt8(ascii: "T")), !scanner.take(UInt8(ascii: "t")) {
            guard scanner.skipBlanks() > 0 else { return nil }
        }
        guard let hour = scanner.number(digits: 1...2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.number(digits: 2...2), scanner.take(UInt8(ascii: ":")),
              let second = scanner.number(digits: 2...2),
              hour < 24, minute < 60, second < 61
        else { return nil }
        var nanoseconds = 0
        if scanner.take(UInt8(ascii: ".")) {
            var scale = 100_000_000
            var digits = 0
            while let digit = scanner.digit() {
                nanoseconds += digit * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offsetSeconds = 0
        scanner.skipBlanks()
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            // UTC.
        } else if let signByte = scanner.peek, signByte == UInt8(ascii: "+") || signByte == UInt8(ascii: "-") {
            _ = scanner.advance()
            guard let offsetHours = scanner.number(digits: 1...2) else { return nil }
            var offsetMinutes = 0
            if scanner.take(UInt8(ascii: ":")) {
                guard let minutes = scanner.number(digits: 2...2) else { return nil }
                offsetMinutes = minutes
            }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (signByte == UInt8(ascii: "-") ? -1 : 1)
        }
        guard scanner.atEnd else { return nil }
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return (seconds, UInt32(nanoseconds))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, or `nil` for a year outside 0–9999.
    static func format(seconds: Int64, nanoseconds: UInt32) -> String? {
        guard nanoseconds < 1_000_000_000 else { return nil }
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let dayNumber = secondOfDay < 0 ? days - 1 : days
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        guard abs(dayNumber) < 4_000_000 else { return nil }
        let (year, month, day) = civil(fromDays: Int(dayNumber))
        guard (0...9999).contains(year) else { return nil }
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(Int(second / 3600), 2) + ":" + pad(Int(second / 60 % 60), 2) + ":" + pad(Int(second % 60), 2)
        if nanoseconds > 0 {
            var fraction = pad(Int(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    // MARK: - Calendar (proleptic Gregorian)

    /// Days since 1970-01-01 of a date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number counted from 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Reads ASCII pieces from the front of a timestamp's bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset == bytes.count }
        var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func advance() -> UInt8? {
            guard let byte = peek else { return nil }
            offset += 1
            return byte
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            offset += 1
            return true
        }

        mutating func digit() -> Int? {
            guard let byte = peek, byte &- UInt8(ascii: "0") <= 9 else { return nil }
            offset += 1
            return Int(byte - UInt8(ascii: "0"))
        }

        mutating func number(digits allowed: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while count < allowed.upperBound, let digit = digit() {
                value = value * 10 + digit
                count += 1
            }
            return allowed.contains(count) ? value : nil
        }

        @discardableResult
        mutating func skipBlanks() -> Int {
            var count = 0
            while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") {
                offset += 1
                count += 1
            }
            return count
        }
    }
}
