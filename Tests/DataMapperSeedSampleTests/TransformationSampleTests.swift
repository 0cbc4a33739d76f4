import DataMapper
import DataMapperTestSupport
import Foundation
import Testing

// The README's Transformations: the three kinds, the ready-made ones, AnyTransformation
// and `typeErased()`, SupportedTypeConvertible and its one-direction versions,
// CompositeTransformation and DelegatedTransformation.

private enum Mood: String { case calm, stormy }

/// Only reads: a temperature given in tenths of a degree.
private struct TenthsReading: DeserializableTransformation {
    func transform(from value: SupportedType) throws -> Double {
        Double(try IntTransformation().transform(from: value)) / 10
    }
}

/// Only writes: a count as a word for small numbers.
private struct CountWording: SerializableTransformation {
    func transform(object: Int) -> SupportedType {
        object == 1 ? "one" : .int(object)
    }
}

/// A type of our own that maps without `using:` once it names its default transformation.
private struct Knots: SupportedTypeConvertible, Equatable {
    var speed: Double
    // deviation: a stored `static var` is shared mutable state, which Swift 6 refuses;
    // a `static let` holds the same default transformation.
    static let defaultTransformation = AnyTransformation<Knots>(
        transformFrom: { Knots(speed: try DoubleTransformation().transform(from: $0)) },
        transformObject: { .double($0.speed) }
    )
}

/// Read-only with a default: no writing half needs inventing.
private struct Checksum: DeserializableSupportedTypeConvertible, Equatable {
    var hex: String
    static let defaultDeserializableTransformation = AnyDeserializableTransformation<Checksum> {
        Checksum(hex: try StringTransformation().transform(from: $0).lowercased())
    }
}

/// Write-only with a default.
private struct Alarm: SerializableSupportedTypeConvertible {
    var level: Int
    static let defaultSerializableTransformation = AnySerializableTransformation<Alarm> {
        .string(String(repeating: "!", count: $0.level))
    }
}

/// A duration reusing IntTransformation for the number of minutes.
private struct MinutesTransformation: CompositeTransformation {
    typealias Object = Duration

    let transitiveTransformation = IntTransformation()

    func convert(from transitiveObject: Int) throws -> Duration {
        guard transitiveObject >= 0 else {
            throw DataMapperError(.invalidValue, message: "a duration cannot be negative")
        }
        return Duration.seconds(transitiveObject * 60)
    }

    func convert(object: Duration) -> Int {
        Int(object.components.seconds / 60)
    }
}

/// A date format given a name of its own, the delegate type-erased as in the README.
private struct MonthTransformation: DelegatedTransformation {
    typealias Object = Date

    let transformationDelegate = CustomDateFormatTransformation(formatString: "yyyy-MM").typeErased()
}

@Suite struct TransformationSampleTests {
    let epochPlusDay = Date(timeIntervalSince1970: 86_400)

    @Test("the value transformations read their own type and refuse others")
    func valueTransformations() throws {
        #expect(try BoolTransformation().transform(from: true) == true)
        #expect(try DoubleTransformation().transform(from: 1.5) == 1.5)
        #expect(try IntTransformation().transform(from: 8) == 8)
        #expect(try StringTransformation().transform(from: "x") == "x")
        #expect(throws: DataMapperError.self) { try IntTransformation().transform(from: "8") }
        #expect(throws: DataMapperError.self) { try BoolTransformation().transform(from: 1) }
    }

    @Test("EnumTransformation goes through the raw value; an unknown one is refused")
    func enumTransformation() throws {
        #expect(try EnumTransformation<Mood>().transform(from: "stormy") == .stormy)
        #expect(EnumTransformation<Mood>().transform(object: .calm) == "calm")
        _ = try expectError(kind: .invalidValue) { try EnumTransformation<Mood>().transform(from: "sunny") }
    }

    @Test("URLTransformation reads absolute URLs, or relative ones against a base")
    func urlTransformation() throws {
        // deviation: Foundation's `URL` where the seed names `NSURL`.
        let absolute = try URLTransformation().transform(from: "https://example.org/a")
        #expect(absolute.host == "example.org")
        let base = try #require(URL(string: "https://example.org/docs/"))
        let relative = URLTransformation(baseURL: base, writesAbsoluteString: false)
        let page = try relative.transform(from: "guide.html")
        #expect(page.absoluteString == "https://example.org/docs/guide.html")
        #expect(relative.transform(object: page) == "guide.html")
    }

    @Test("the four date transformations")
    func dateTransformations() throws {
        #expect(DateTransformation().transform(object: epochPlusDay) == .double(86_400))
        #expect(try DateTransformation().transform(from: .double(86_400)) == epochPlusDay)

        #expect(ISO8601DateTransformation().transform(object: epochPlusDay) == "1970-01-02T00:00:00Z")
        #expect(try ISO8601DateTransformation().transform(from: "1970-01-02T02:00:00+02:00") == epochPlusDay)

        let custom = CustomDateFormatTransformation(formatString: "dd.MM.yyyy")
        #expect(custom.transform(object: epochPlusDay) == "02.01.1970")
        #expect(try custom.transform(from: "02.01.1970") == epochPlusDay)
        _ = try expectError(kind: .invalidValue) { try custom.transform(from: "1970-01-02") }

        // deviation: Foundation's `DateFormatter` where the seed names `NSDateFormatter`.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy/MM/dd"
        let withFormatter = DateFormatterTransformation(dateFormatter: formatter)
        #expect(withFormatter.transform(object: epochPlusDay) == "1970/01/02")
        #expect(try withFormatter.transform(from: "1970/01/02") == epochPlusDay)
    }

    @Test("one-direction transformations serve only their direction")
    func oneDirection() throws {
        let view = DeserializableData(value: ["temp": 215], objectMapper: ObjectMapper())
        let temperature: Double = try view["temp"].get(using: TenthsReading())
        #expect(temperature == 21.5)

        var out = SerializableData(value: [:], objectMapper: ObjectMapper())
        out["count"].set(1, using: CountWording())
        out["more"].set(3, using: CountWording())
        #expect(out.value == ["count": "one", "more": 3])
    }

    @Test("typeErased gives each of the three erased kinds, chosen by the annotation")
    func typeErasure() throws {
        let transformation = IntTransformation()
        let anyTransformation: AnyTransformation = transformation.typeErased()
        let anyDeserializableTransformation: AnyDeserializableTransformation = transformation.typeErased()
        let anySerializableTransformation: AnySerializableTransformation = transformation.typeErased()
        #expect(try anyTransformation.transform(from: 4) == 4)
        #expect(anyTransformation.transform(object: 4) == 4)
        #expect(try anyDeserializableTransformation.transform(from: 5) == 5)
        #expect(anySerializableTransformation.transform(object: 6) == 6)
    }

    @Test("a SupportedTypeConvertible type maps without using:")
    func supportedTypeConvertible() throws {
        let mapper = ObjectMapper()
        let speeds: [Knots]? = mapper.deserialize([12.5, 3])
        #expect(speeds == [Knots(speed: 12.5), Knots(speed: 3)])
        #expect(mapper.serialize(Knots(speed: 7)) == .double(7))
        let wrong: Knots? = mapper.deserialize("fast")
        #expect(wrong == nil)
    }

    @Test("the one-direction SupportedTypeConvertible protocols read or write without using:")
    func oneDirectionConvertibles() throws {
        let mapper = ObjectMapper()
        let sums: [Checksum]? = mapper.deserialize(["AB12", "cd34"])
        #expect(sums == [Checksum(hex: "ab12"), Checksum(hex: "cd34")])
        let view = DeserializableData(value: ["sum": 5], objectMapper: mapper)
        _ = try expectError(kind: .typeMismatch, path: ["sum"]) { () throws -> Checksum in try view["sum"].get() }

        #expect(mapper.serialize([Alarm(level: 2), Alarm(level: 3)]) == ["!!", "!!!"])
        var out = SerializableData(value: [:], objectMapper: mapper)
        out["alarm"].set(Alarm(level: 1))
        #expect(out.value == ["alarm": "!"])
    }

    @Test("CompositeTransformation reuses another transformation and converts its result")
    func composite() throws {
        #expect(try MinutesTransformation().transform(from: 90) == Duration.seconds(5400))
        #expect(MinutesTransformation().transform(object: Duration.seconds(120)) == 2)
        _ = try expectError(kind: .invalidValue) { try MinutesTransformation().transform(from: -1) }
        _ = try expectError(kind: .typeMismatch) { try MinutesTransformation().transform(from: "ten") }
    }

    @Test("DelegatedTransformation hands everything to its delegate")
    func delegated() throws {
        let march = try MonthTransformation().transform(from: "2021-03")
        #expect(MonthTransformation().transform(object: march) == "2021-03")
        _ = try expectError(kind: .invalidValue) { try MonthTransformation().transform(from: "March") }
    }
}
