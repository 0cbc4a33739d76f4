import DataMapper
import Foundation
import Testing

// The README's ObjectMapper section: the five supported shapes, `nil` for values
// that cannot be read, `using:` for types outside the map protocols, and how `[T]?`
// differs from `[T?]?`.

private struct Lamp: Mappable, Equatable {
    var watts: Int = 0

    init(watts: Int) { self.watts = watts }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["watts"].map(&watts)
    }
}

@Suite struct ObjectMapperSampleTests {
    let objectMapper = ObjectMapper()

    @Test("all five shapes are read from matching values")
    func shapes() {
        let one: Lamp? = objectMapper.deserialize(["watts": 5])
        let list: [Lamp]? = objectMapper.deserialize([["watts": 5], ["watts": 9]])
        let named: [String: Lamp]? = objectMapper.deserialize(["desk": ["watts": 5]])
        let gappy: [Lamp?]? = objectMapper.deserialize([["watts": 5], .null])
        let namedGaps: [String: Lamp?]? = objectMapper.deserialize(["desk": .null])
        #expect(one == Lamp(watts: 5))
        #expect(list == [Lamp(watts: 5), Lamp(watts: 9)])
        #expect(named == ["desk": Lamp(watts: 5)])
        #expect(gappy == [Lamp(watts: 5), nil])
        #expect(namedGaps == ["desk": nil])
    }

    @Test("null, or a value that cannot become T, gives nil")
    func nilResults() {
        let fromNull: Lamp? = objectMapper.deserialize(.null)
        let fromWrongKey: Lamp? = objectMapper.deserialize(["lumens": 300])
        let notAnArray: [Lamp]? = objectMapper.deserialize(["watts": 5])
        #expect(fromNull == nil)
        #expect(fromWrongKey == nil)
        #expect(notAnArray == nil)
    }

    @Test("one bad element empties [T]? but only itself in [T?]?; the same for dictionaries")
    func optionalElements() {
        let value: SupportedType = [["watts": 5], ["watts": "bright"], .null]
        let strict: [Lamp]? = objectMapper.deserialize(value)
        let lenient: [Lamp?]? = objectMapper.deserialize(value)
        #expect(strict == nil)
        #expect(lenient == [Lamp(watts: 5), nil, nil])

        let dictionary: SupportedType = ["ok": ["watts": 1], "bad": ["watts": true]]
        let strictNamed: [String: Lamp]? = objectMapper.deserialize(dictionary)
        let lenientNamed: [String: Lamp?]? = objectMapper.deserialize(dictionary)
        #expect(strictNamed == nil)
        #expect(lenientNamed?.count == 2)
        #expect(lenientNamed?["ok"] == .some(Lamp(watts: 1)))
        #expect(lenientNamed?["bad"] == .some(nil), "the key stays, with a nil value")
    }

    @Test("serialize takes optionals and non-optionals; nil becomes null")
    func serializing() {
        let lamp = Lamp(watts: 40)
        let maybe: Lamp? = nil
        #expect(objectMapper.serialize(lamp) == ["watts": 40])
        #expect(objectMapper.serialize(maybe) == .null)
        #expect(objectMapper.serialize([lamp, lamp]) == [["watts": 40], ["watts": 40]])
        #expect(objectMapper.serialize([nil, lamp] as [Lamp?]) == [nil, ["watts": 40]])
    }

    @Test("a type outside the map protocols goes through `using:`")
    func usingTransformation() throws {
        let day = Date(timeIntervalSince1970: 86_400)
        let written = objectMapper.serialize(day, using: DateTransformation())
        #expect(written == .double(86_400))
        let read: Date? = objectMapper.deserialize(written, using: DateTransformation())
        #expect(read == day)
        let unreadable: Date? = objectMapper.deserialize("yesterday", using: DateTransformation())
        #expect(unreadable == nil)
    }
}
