import DataMapper
import Foundation
import Testing

// Issue 28: a `Date` field without `using:` reads and writes under the mapper's
// date strategy.

private struct Event: Mappable {
    var at = Date(timeIntervalSince1970: 0)
    init(at: Date) { self.at = at }
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws { try data["at"].map(&at) }
}

private struct Deadline: Deserializable {
    let due: Date
    init(_ data: DeserializableData) throws { due = try data["due"].get() }
}

@Suite struct DateStrategyTests {
    /// 2016-06-13T16:00:00Z, plus a quarter second.
    let date = Date(timeIntervalSince1970: 1_465_833_600.25)

    @Test("each strategy writes what it reads", arguments: [
        (DateStrategy.secondsSince1970, SupportedType(1_465_833_600.25)),
        (.millisecondsSince1970, SupportedType(1_465_833_600_250)),
        (.iso8601, SupportedType("2016-06-13T16:00:00.25Z")),
        (.timestamp, SupportedType(.timestamp(seconds: 1_465_833_600, nanoseconds: 250_000_000))),
    ])
    func bothWays(strategy: DateStrategy, written: SupportedType) throws {
        let mapper = ObjectMapper(dateStrategy: strategy)
        let value = mapper.serialize(Event(at: date))
        #expect(value == ["at": written])
        #expect(try mapper.deserialize(value, as: Event.self).at == date)
        #expect(try mapper.deserialize(["due": written], as: Deadline.self).due == date)
    }

    @Test("the default strategy is seconds since 1970, as DateTransformation")
    func defaultIsSeconds() throws {
        #expect(try ObjectMapper().deserialize(["due": 1_465_833_600.25], as: Deadline.self).due == date)
        #expect(ObjectMapper().serialize(Event(at: date)) == ["at": DateTransformation().transform(object: date)])
    }

    @Test("a custom strategy's closures read and write")
    func custom() throws {
        let days = DateStrategy.custom(
            read: { value in Date(timeIntervalSince1970: try DoubleTransformation().transform(from: value) * 86_400) },
            write: { date in .double(date.timeIntervalSince1970 / 86_400) }
        )
        let mapper = ObjectMapper(dateStrategy: days)
        #expect(try mapper.deserialize(["due": 2], as: Deadline.self).due == Date(timeIntervalSince1970: 172_800))
        #expect(mapper.serialize(Event(at: Date(timeIntervalSince1970: 86_400))) == ["at": 1.0])
    }

    @Test("a value the strategy refuses fails with the key path and position")
    func failures() {
        let value = SupportedType(.dictionary(["due": SupportedType(.string("13/06/2016"), position: .text(line: 3, column: 9))]))
        for strategy in [DateStrategy.secondsSince1970, .millisecondsSince1970, .iso8601, .timestamp] {
            let error = #expect(throws: DataMapperError.self) {
                try ObjectMapper(dateStrategy: strategy).deserialize(value, as: Deadline.self)
            }
            #expect(error?.path.description == "due")
            #expect(error?.location?.line == 3)
        }
        #expect(throws: DataMapperError.self) { try ObjectMapper(dateStrategy: .iso8601).deserialize(["due": 1], as: Deadline.self) }
    }

    @Test("a mapper with a strategy and a policy stays two words: it is copied for every nested model")
    func mapperStaysSmall() {
        // A larger mapper overflows the small-stack deep-read test (MappingStackDepthTests) in debug builds.
        #expect(MemoryLayout<ObjectMapper>.size <= 16)
        let custom = ObjectMapper(conversionPolicy: .compatible, dateStrategy: .iso8601)
        guard case .iso8601 = custom.dateStrategy else { Issue.record("strategy lost"); return }
        var changed = ObjectMapper()
        changed.dateStrategy = .millisecondsSince1970
        guard case .millisecondsSince1970 = changed.dateStrategy else { Issue.record("strategy not set"); return }
        #expect(changed.polymorph == nil)
    }

    @Test("using: a transformation overrides the strategy")
    func usingWins() throws {
        let mapper = ObjectMapper(dateStrategy: .iso8601)
        let data = DeserializableData(value: ["due": 1_465_833_600], objectMapper: mapper)
        #expect(try data["due"].get(using: DateTransformation()) == Date(timeIntervalSince1970: 1_465_833_600))
    }
}
