import DataMapper
import Foundation
import Testing

private struct Event: Codable, Equatable {
    var startsAt: Date
}

private struct Blob: Codable, Equatable {
    var bytes: Data
}

private struct Link: Codable, Equatable {
    var homePage: URL
}

private struct Price: Codable, Equatable {
    var amount: Decimal
}

private struct Account: Codable, Equatable {
    var userName: String
    var maxIdStr: String
    var myURLValue: Int
}

@Suite struct CodableStrategyTests {
    // 2024-05-01T12:30:00Z
    let date = Date(timeIntervalSince1970: 1_714_566_600)

    @Test("dates by each strategy encode to the documented value")
    func dateEncoding() throws {
        func encoded(_ strategy: SupportedTypeEncoder.DateEncodingStrategy, _ date: Date) throws -> SupportedType? {
            var encoder = SupportedTypeEncoder()
            encoder.dateEncodingStrategy = strategy
            return try encoder.encode(Event(startsAt: date))["startsAt"]
        }
        #expect(try encoded(.deferredToDate, date) == .double(date.timeIntervalSinceReferenceDate))
        #expect(try encoded(.secondsSince1970, date) == .double(1_714_566_600))
        #expect(try encoded(.millisecondsSince1970, date) == .double(1_714_566_600_000))
        #expect(try encoded(.iso8601, date.addingTimeInterval(0.5)) == "2024-05-01T12:30:00Z")
        #expect(try encoded(.timestamp, date.addingTimeInterval(0.25)) == .timestamp(seconds: 1_714_566_600, nanoseconds: 250_000_000))
        #expect(try encoded(.custom { date, encoder in
            var single = encoder.singleValueContainer()
            try single.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
        }, date) == "day 19844")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        #expect(try encoded(.formatted(formatter), date) == "2024/05/01")
    }

    @Test("dates by each strategy decode from the documented value")
    func dateDecoding() throws {
        func decoded(_ strategy: SupportedTypeDecoder.DateDecodingStrategy, _ value: SupportedType) throws -> Date {
            var decoder = SupportedTypeDecoder()
            decoder.dateDecodingStrategy = strategy
            return try decoder.decode(Event.self, from: ["startsAt": value]).startsAt
        }
        #expect(try decoded(.deferredToDate, .double(date.timeIntervalSinceReferenceDate)) == date)
        #expect(try decoded(.secondsSince1970, .int(1_714_566_600)) == date)
        #expect(try decoded(.millisecondsSince1970, .int(1_714_566_600_000)) == date)
        #expect(try decoded(.iso8601, "2024-05-01T12:30:00Z") == date)
        #expect(try decoded(.iso8601, "2024-05-01T14:30:00+02:00") == date)
        #expect(try decoded(.iso8601, "2024-05-01T12:30:00.5Z") == date.addingTimeInterval(0.5))
        #expect(try decoded(.timestamp, "2024-05-01T12:30:00.25Z") == date.addingTimeInterval(0.25))
        #expect(try decoded(.timestamp, .int(1_714_566_600)) == date)
        // A timestamp value is a date whatever the strategy.
        #expect(try decoded(.deferredToDate, .timestamp(seconds: 1_714_566_600, nanoseconds: 0)) == date)
        #expect(try decoded(.custom { decoder in
            Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 86_400)
        }, 1) == Date(timeIntervalSince1970: 86_400))
        #expect(throws: DecodingError.self) { try decoded(.iso8601, "yesterday") }
        #expect(throws: DecodingError.self) { try decoded(.iso8601, "2024-13-01T00:00:00Z") }
    }

    @Test("a time that is not a finite number is refused by every numeric date strategy")
    func nonFiniteDates() {
        // Found by the MessagePack Codable fuzzer: a float32 NaN read as a date, which
        // Foundation cannot even print.
        for strategy: SupportedTypeDecoder.DateDecodingStrategy in [.deferredToDate, .secondsSince1970, .millisecondsSince1970, .timestamp] {
            for seconds in [Double.nan, .infinity, -.infinity] {
                var decoder = SupportedTypeDecoder()
                decoder.dateDecodingStrategy = strategy
                #expect(throws: DecodingError.self) { try decoder.decode(Event.self, from: ["startsAt": .double(seconds)]) }
            }
        }
    }

    @Test("data encodes as binary by default, base64 or bytes on request, and decodes from each")
    func data() throws {
        let bytes = Data([0, 1, 254, 255])
        var encoder = SupportedTypeEncoder()
        #expect(try encoder.encode(Blob(bytes: bytes))["bytes"] == .binary(bytes))
        encoder.dataEncodingStrategy = .base64
        #expect(try encoder.encode(Blob(bytes: bytes))["bytes"] == "AAH+/w==")
        encoder.dataEncodingStrategy = .deferredToData
        #expect(try encoder.encode(Blob(bytes: bytes))["bytes"] == [0, 1, 254, 255])
        var decoder = SupportedTypeDecoder()
        #expect(try decoder.decode(Blob.self, from: ["bytes": .binary(bytes)]).bytes == bytes)
        #expect(try decoder.decode(Blob.self, from: ["bytes": "AAH+/w=="]).bytes == bytes)
        #expect(throws: DecodingError.self) { try decoder.decode(Blob.self, from: ["bytes": "not base64!"]) }
        decoder.dataDecodingStrategy = .deferredToData
        #expect(try decoder.decode(Blob.self, from: ["bytes": [0, 1, 254, 255]]).bytes == bytes)
    }

    @Test("a URL is its absolute string both ways; a bad one is dataCorrupted")
    func url() throws {
        let link = Link(homePage: URL(string: "https://example.com/a?b=c")!)
        #expect(try SupportedTypeEncoder().encode(link) == ["homePage": "https://example.com/a?b=c"])
        #expect(try SupportedTypeDecoder().decode(Link.self, from: ["homePage": "https://example.com/a?b=c"]) == link)
        #expect(throws: DecodingError.self) { try SupportedTypeDecoder().decode(Link.self, from: ["homePage": 3]) }
    }

    @Test("a Decimal is written as an integer, an exact double or a big number, and read back exactly", arguments: [
        "12", "12.34", "0.1", "-7.5", "123456789012345678901234.5678",
    ])
    func decimal(text: String) throws {
        let price = Price(amount: try #require(Decimal(string: text)))
        let encoded = try SupportedTypeEncoder().encode(price)
        #expect(try SupportedTypeDecoder().decode(Price.self, from: encoded) == price)
        #expect(try SupportedTypeDecoder().decode(Price.self, from: ["amount": .bigNumber(text)]) == price)
    }

    @Test("snake-case keys convert both ways, acronyms included")
    func snakeCase() throws {
        var encoder = SupportedTypeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let account = Account(userName: "ann", maxIdStr: "9", myURLValue: 1)
        let encoded = try encoder.encode(account)
        #expect(encoded.orderedMap?.keys == ["user_name", "max_id_str", "my_url_value"])
        var decoder = SupportedTypeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let document: SupportedType = ["user_name": "ann", "max_id_str": "9", "my_url_value": 1]
        // `my_url_value` reads as `myUrlValue`, as with JSONDecoder, so the acronym key is not found.
        #expect(throws: DecodingError.self) { try decoder.decode(Account.self, from: document) }
        struct Plain: Codable, Equatable { var userName: String; var maxIdStr: String; var _private: Int }
        let plain: SupportedType = ["user_name": "ann", "max_id_str": "9", "_private": 2]
        #expect(try decoder.decode(Plain.self, from: plain) == Plain(userName: "ann", maxIdStr: "9", _private: 2))
    }

    @Test("custom key strategies see the key's coding path")
    func customKeys() throws {
        var encoder = SupportedTypeEncoder()
        encoder.keyEncodingStrategy = .custom { path in
            let key = path.last?.stringValue ?? ""
            return KeyString(key.uppercased())
        }
        let encoded = try encoder.encode(["inner": Account(userName: "a", maxIdStr: "b", myURLValue: 3)])
        // The dictionary's own key is data, left as it is (as JSONEncoder does).
        #expect(encoded == ["inner": ["USERNAME": "a", "MAXIDSTR": "b", "MYURLVALUE": 3]])
        var decoder = SupportedTypeDecoder()
        decoder.keyDecodingStrategy = .custom { path in KeyString(path.last?.stringValue.lowercased() ?? "") }
        struct Lower: Codable, Equatable { var name: String }
        #expect(try decoder.decode(Lower.self, from: ["NAME": "x"]) == Lower(name: "x"))
    }
}

private struct KeyString: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
