import DataMapper
import Foundation
import Testing

// The seed's date transformations.

@Suite struct DateTransformationTests {
    let moment = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("DateTransformation reads seconds since 1970 from any number or a timestamp")
    func secondsSince1970() throws {
        #expect(try DateTransformation().transform(from: 1_700_000_000) == moment)
        #expect(try DateTransformation().transform(from: 1_700_000_000.5) == moment.addingTimeInterval(0.5))
        #expect(try DateTransformation().transform(from: .timestamp(seconds: 1_700_000_000, nanoseconds: 0)) == moment)
        #expect(DateTransformation().transform(object: moment) == 1_700_000_000.0)
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a number of seconds since 1970, found the string \"x\"")) {
            try DateTransformation().transform(from: "x")
        }
    }

    @Test("ISO8601DateTransformation reads zone offsets and writes UTC")
    func iso8601() throws {
        let transformation = ISO8601DateTransformation()
        #expect(try transformation.transform(from: "2023-11-14T22:13:20Z") == moment)
        #expect(try transformation.transform(from: "2023-11-15T00:13:20+02:00") == moment)
        #expect(transformation.transform(object: moment) == "2023-11-14T22:13:20Z")
    }

    @Test("ISO8601DateTransformation keeps fractions of a second both ways")
    func iso8601Fractions() throws {
        let transformation = ISO8601DateTransformation()
        let later = moment.addingTimeInterval(0.25)
        #expect(try transformation.transform(from: "2023-11-14T22:13:20.25Z") == later)
        #expect(try transformation.transform(from: "2023-11-15T00:13:20.250000000+02:00") == later)
        #expect(transformation.transform(object: later) == "2023-11-14T22:13:20.25Z")
        #expect(try transformation.transform(from: transformation.transform(object: later)) == later)
    }

    @Test("ISO8601DateTransformation reads timestamps and refuses other values")
    func iso8601Timestamps() throws {
        let transformation = ISO8601DateTransformation()
        #expect(try transformation.transform(from: .timestamp(seconds: 1_700_000_000, nanoseconds: 0)) == moment)
        #expect(throws: DataMapperError(.invalidValue, message: "\"14 Nov\" is not a date in the format \"yyyy-MM-dd'T'HH:mm:ssZZZZZ\"")) {
            try transformation.transform(from: "14 Nov")
        }
        #expect(throws: DataMapperError.self) { try transformation.transform(from: 12) }
    }

    @Test("CustomDateFormatTransformation uses its pattern in UTC")
    func customFormat() throws {
        let transformation = CustomDateFormatTransformation(formatString: "dd.MM.yyyy HH:mm")
        #expect(try transformation.transform(from: "14.11.2023 22:13") == moment.addingTimeInterval(-20))
        #expect(transformation.transform(object: moment) == "14.11.2023 22:13")
    }

    @Test("a string in another format is an invalidValue error")
    func wrongFormat() {
        #expect(throws: DataMapperError(.invalidValue, message: "\"yesterday\" is not a date in the format \"yyyy-MM-dd\"")) {
            try CustomDateFormatTransformation(formatString: "yyyy-MM-dd").transform(from: "yesterday")
        }
    }

    @Test("DateFormatterTransformation uses the formatter it is given")
    func formatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        formatter.dateFormat = "yyyy/MM/dd HH:mm:ss"
        let transformation = DateFormatterTransformation(dateFormatter: formatter)
        #expect(try transformation.transform(from: "2023/11/14 23:13:20") == moment)
        #expect(transformation.transform(object: moment) == "2023/11/14 23:13:20")
    }
}
