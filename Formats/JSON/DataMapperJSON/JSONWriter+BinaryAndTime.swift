import DataMapperCore
import Foundation

extension JSONWriter {
    // MARK: - Binary

    /// Appends bytes as a JSON string of standard base64 (RFC 4648 §4, with `=`
    /// padding and no line breaks), since JSON has no binary type.
    mutating func writeBase64(_ data: Data) {
        if foundationCompatible {
            // Its `/` escaped, as every string's.
            writeString(data.base64EncodedString())
            return
        }
        output.append(UInt8(ascii: "\""))
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let input = raw.bindMemory(to: UInt8.self)
            let alphabet = Self.base64Alphabet
            var offset = 0
            let whole = input.count - input.count % 3
            while offset < whole {
                let chunk = UInt32(input[offset]) << 16 | UInt32(input[offset + 1]) << 8 | UInt32(input[offset + 2])
                output.append(alphabet[Int(chunk >> 18)])
                output.append(alphabet[Int(chunk >> 12 & 0x3F)])
                output.append(alphabet[Int(chunk >> 6 & 0x3F)])
                output.append(alphabet[Int(chunk & 0x3F)])
                offset += 3
            }
            switch input.count - whole {
            case 1:
                let chunk = UInt32(input[offset]) << 16
                output.append(alphabet[Int(chunk >> 18)])
                output.append(alphabet[Int(chunk >> 12 & 0x3F)])
                output.append("==")
            case 2:
                let chunk = UInt32(input[offset]) << 16 | UInt32(input[offset + 1]) << 8
                output.append(alphabet[Int(chunk >> 18)])
                output.append(alphabet[Int(chunk >> 12 & 0x3F)])
                output.append(alphabet[Int(chunk >> 6 & 0x3F)])
                output.append(UInt8(ascii: "="))
            default:
                break
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static var base64Alphabet: UnsafePointer<UInt8> {
        let table: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        return table.utf8Start
    }

    // MARK: - Timestamps

    /// Appends a timestamp as an RFC 3339 string in UTC, such as
    /// `"2024-02-29T13:45:07Z"`.
    ///
    /// Fractional seconds appear only when `nanoseconds` is not zero, as 3, 6 or 9
    /// digits (milli-, micro- or nanoseconds, the shortest that is exact).
    ///
    /// - Throws: ``DataMapperError/Kind/unsupported`` when the year falls outside
    ///   0000–9999 (RFC 3339 has four-digit years) or `nanoseconds` is a second or more.
    mutating func writeTimestamp(seconds: Int64, nanoseconds: UInt32) throws(Failure) {
        guard nanoseconds < 1_000_000_000 else {
            throw Failure(.unsupported, "the timestamp's nanoseconds (\(nanoseconds)) are not below one second")
        }
        // Whole days since 1970-01-01 and the second within the day, rounding down.
        let (days, secondOfDay) = CivilCalendar.split(secondsSince1970: seconds)
        // Days before 0000-01-01 and after 9999-12-31 cannot be written in four digits.
        guard days >= -719_528, days <= 2_932_896 else {
            throw Failure(.unsupported, "the timestamp \(seconds) s falls outside the years 0000–9999 that RFC 3339 can write; no option writes it in JSON, so keep it in MessagePack or make it a number of seconds first")
        }
        let date = CivilCalendar.date(daysSince1970: days)
        output.append(UInt8(ascii: "\""))
        writeDigits(date.year, count: 4)
        output.append(UInt8(ascii: "-"))
        writeDigits(date.month, count: 2)
        output.append(UInt8(ascii: "-"))
        writeDigits(date.day, count: 2)
        output.append(UInt8(ascii: "T"))
        writeDigits(secondOfDay / 3600, count: 2)
        output.append(UInt8(ascii: ":"))
        writeDigits(secondOfDay / 60 % 60, count: 2)
        output.append(UInt8(ascii: ":"))
        writeDigits(secondOfDay % 60, count: 2)
        if nanoseconds != 0 {
            output.append(UInt8(ascii: "."))
            if nanoseconds % 1_000_000 == 0 {
                writeDigits(Int64(nanoseconds / 1_000_000), count: 3)
            } else if nanoseconds % 1_000 == 0 {
                writeDigits(Int64(nanoseconds / 1_000), count: 6)
            } else {
                writeDigits(Int64(nanoseconds), count: 9)
            }
        }
        output.append("Z\"")
    }

    /// Appends a non-negative number as exactly `count` digits, padded with zeros.
    private mutating func writeDigits(_ number: Int64, count: Int) {
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        var remaining = number
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

}
