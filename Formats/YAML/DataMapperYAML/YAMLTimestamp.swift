import DataMapperCore

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
        let days = Int(CivilCalendar.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day)))
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
        let (dayNumber, second) = CivilCalendar.split(secondsSince1970: seconds)
        guard abs(dayNumber) < 4_000_000 else { return nil }
        let civil = CivilCalendar.date(daysSince1970: dayNumber)
        let (year, month, day) = (Int(civil.year), Int(civil.month), Int(civil.day))
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
