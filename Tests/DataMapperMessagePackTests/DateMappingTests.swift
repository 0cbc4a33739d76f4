import DataMapper
import DataMapperMessagePack
import Foundation
import Testing

/// A model with a `Date`, as a service would send it.
struct Event: Mappable {
    var name = ""
    var at = Date(timeIntervalSince1970: 0)

    init(name: String, at: Date) {
        self.name = name
        self.at = at
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["name"].map(&name)
        try data["at"].map(&at, using: TimestampDateTransformation())
    }
}

@Suite struct DateMappingTests {
    let msgpack = MessagePackSerializer()

    @Test("a model's Date loads from a MessagePack timestamp with its nanoseconds")
    func loadsTimestamp() throws {
        // 2001-01-01T00:00:01.123456789Z, where a Date holds nanoseconds exactly:
        // {"name": "tick", "at": timestamp 64-bit(978307201 s, 123456789 ns)}
        let nanoseconds: UInt64 = 123_456_789
        let word = nanoseconds << 34 | 978_307_201
        let bytes: [UInt8] = [0x82, 0xA4] + Array("name".utf8) + [0xA4] + Array("tick".utf8) + [0xA2] + Array("at".utf8)
            + [0xD7, 0xFF] + withUnsafeBytes(of: word.bigEndian, Array.init)
        let event = try ObjectMapper().deserialize(msgpack.deserialize(bytes: bytes), as: Event.self)
        #expect(event.name == "tick")
        #expect(event.at.timeIntervalSinceReferenceDate == 1.123456789)
    }

    @Test("today's dates keep every nanosecond a Date can hold, and write back as the same timestamp")
    func presentDay() throws {
        let value: SupportedType = ["name": "launch", "at": .timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_700)]
        let event = try ObjectMapper().deserialize(msgpack.deserialize(msgpack.serialize(value)), as: Event.self)
        // A Double of seconds since 2001 has a resolution of about 120 ns today.
        #expect(abs(event.at.timeIntervalSince1970 - 1_700_000_000.1234567) < 2e-7)
        let written = ObjectMapper().serialize(event)
        guard case .timestamp(let seconds, let nanoseconds)? = written.dictionary?["at"]?.kind else {
            Issue.record("the date was not written as a timestamp: \(written)")
            return
        }
        #expect(seconds == 1_700_000_000)
        #expect(abs(Int(nanoseconds) - 123_456_700) < 200)
    }

    @Test("a Date written as a timestamp and read back is the same Date, to the nanosecond")
    func dateRoundTrip() throws {
        for interval in [0.0, -1.5, 1_700_000_000.25, 1_700_000_000.123_456_7, 978_307_200.000_000_1, -62_135_596_800] {
            let event = Event(name: "x", at: Date(timeIntervalSince1970: interval))
            let bytes = try msgpack.serialize(ObjectMapper().serialize(event))
            let back = try ObjectMapper().deserialize(msgpack.deserialize(bytes), as: Event.self)
            let difference = back.at.timeIntervalSinceReferenceDate - event.at.timeIntervalSinceReferenceDate
            #expect(abs(difference) <= 0.5e-9, "\(interval)")
        }
    }

    @Test("the plain date transformation also reads a timestamp")
    func plainTransformation() throws {
        let date = try DateTransformation().transform(from: .timestamp(seconds: 10, nanoseconds: 500_000_000))
        #expect(date.timeIntervalSince1970 == 10.5)
    }
}
