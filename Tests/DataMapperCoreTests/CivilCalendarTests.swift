@testable import DataMapperCore
import Foundation
import Testing

@Suite("Civil calendar arithmetic")
struct CivilCalendarTests {
    private static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    @Test("agrees with Foundation's Gregorian calendar from 1600 to 2400", arguments: Array(stride(from: Int64(-134_774), through: Int64(157_800), by: 997)))
    func agreesWithFoundation(days: Int64) {
        let date = Date(timeIntervalSince1970: Double(days) * 86_400)
        let parts = Self.gregorianUTC.dateComponents([.year, .month, .day], from: date)
        let ours = CivilCalendar.date(daysSince1970: days)
        #expect(Int(ours.year) == parts.year && Int(ours.month) == parts.month && Int(ours.day) == parts.day)
        #expect(CivilCalendar.daysSince1970(year: ours.year, month: ours.month, day: ours.day) == days)
    }

    @Test("known dates and leap days")
    func knownDates() {
        #expect(CivilCalendar.date(daysSince1970: 0) == (1970, 1, 1))
        #expect(CivilCalendar.date(daysSince1970: -1) == (1969, 12, 31))
        #expect(CivilCalendar.daysSince1970(year: 2000, month: 2, day: 29) == 11_016)
        #expect(CivilCalendar.date(daysSince1970: 11_016) == (2000, 2, 29))
        #expect(CivilCalendar.date(daysSince1970: -719_528) == (0, 1, 1))
    }

    @Test("seconds split into a day and a second of the day, rounding down")
    func split() {
        #expect(CivilCalendar.split(secondsSince1970: 86_401) == (1, 1))
        #expect(CivilCalendar.split(secondsSince1970: -1) == (-1, 86_399))
        #expect(CivilCalendar.split(secondsSince1970: -86_400) == (-1, 0))
        #expect(CivilCalendar.split(secondsSince1970: .min).secondOfDay >= 0)
        #expect(CivilCalendar.split(secondsSince1970: .max).secondOfDay < 86_400)
    }
}
