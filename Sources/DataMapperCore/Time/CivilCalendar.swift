/// Conversions between day numbers and dates of the proleptic Gregorian calendar.
///
/// Timestamps are seconds since 1970 in ``SupportedType``; every text format writes
/// them as calendar dates. Foundation's `Calendar` is slow and locale-bound for this, so
/// the formats share this arithmetic instead. It works in 400-year eras of 146,097 days,
/// with years starting on 1 March so that the leap day falls at the end of a year, and is
/// exact for every `Int64` day number a timestamp can produce.
package enum CivilCalendar {
    /// The date of a day counted from 1970-01-01 (day 0); negative days are before it.
    package static func date(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day number, counted from 1970-01-01, of a date; `month` is 1...12.
    package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The time of day of a second counted from 1970-01-01T00:00:00, and its day number.
    package static func split(secondsSince1970 seconds: Int64) -> (days: Int64, secondOfDay: Int64) {
        // Rounds toward minus infinity without overflowing, even for `Int64.min`.
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return remainder < 0 ? (quotient - 1, remainder + 86_400) : (quotient, remainder)
    }
}
