import DataMapper
import DataMapperTestSupport
import Testing

// The README's DeserializableData, SerializableData and MappableData: the three nested
// subscripts, and `get`, `set` and `map` in their plain, `try` and `or` forms, with
// and without `using:`.

/// A value type outside the map protocols, written as "numerator/denominator".
private struct Ratio: Equatable {
    var numerator: Int
    var denominator: Int
}

private struct RatioTransformation: Transformation {
    func transform(from value: SupportedType) throws -> Ratio {
        let text = try StringTransformation().transform(from: value)
        let parts = text.split(separator: "/")
        guard parts.count == 2, let top = Int(parts[0]), let bottom = Int(parts[1]), bottom != 0 else {
            throw DataMapperError.invalidValue("\"\(text)\" is not a ratio", at: value)
        }
        return Ratio(numerator: top, denominator: bottom)
    }

    func transform(object: Ratio) -> SupportedType {
        .string("\(object.numerator)/\(object.denominator)")
    }
}

/// Every `map` form of the README, one field each.
private struct Gearbox: Mappable {
    var teeth: Int?
    var gears: Int = 0
    var reverse: Int = 0
    var ratio: Ratio?
    var final: Ratio = Ratio(numerator: 0, denominator: 1)
    var spare: Ratio = Ratio(numerator: 0, denominator: 1)

    init() {}

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["teeth"].map(&teeth)
        try data["gears"].map(&gears)
        data["reverse"].map(&reverse, or: 1)
        data["ratio"].map(&ratio, using: RatioTransformation())
        try data["final"].map(&final, using: RatioTransformation())
        data["spare"].map(&spare, using: RatioTransformation(), or: Ratio(numerator: 1, denominator: 1))
    }
}

@Suite struct DataViewSampleTests {
    let value: SupportedType = ["outer": ["inner": ["depth": 3]], "count": 4, "ratio": "3/2", "broken": "3/0"]

    func data(_ value: SupportedType) -> DeserializableData {
        DeserializableData(value: value, objectMapper: ObjectMapper())
    }

    @Test("the three nested subscripts reach the same value")
    func nestedSubscripts() {
        let view = data(value)
        let chained: Int? = view["outer"]["inner"]["depth"].get()
        let listed: Int? = view[["outer", "inner", "depth"]].get()
        let variadic: Int? = view["outer", "inner", "depth"].get()
        #expect(chained == 3)
        #expect(listed == 3)
        #expect(variadic == 3)

        var out = SerializableData(value: [:], objectMapper: ObjectMapper())
        out["a"]["b"].set(1)
        out[["a", "c"]].set(2)
        out["a", "d"].set(3)
        #expect(out.value == ["a": ["b": 1, "c": 2, "d": 3]])
    }

    @Test("get: optional, try and or, with and without using:")
    func getForms() throws {
        let view = data(value)
        let optional: Int? = view["count"].get()
        let required: Int = try view["count"].get()
        let fallback: Int = view["absent"].get(or: 0)
        let viaOptional: Ratio? = view["ratio"].get(using: RatioTransformation())
        let viaRequired: Ratio = try view["ratio"].get(using: RatioTransformation())
        let viaFallback: Ratio = view["broken"].get(using: RatioTransformation(), or: Ratio(numerator: 1, denominator: 1))
        #expect(optional == 4)
        #expect(required == 4)
        #expect(fallback == 0)
        #expect(viaOptional == Ratio(numerator: 3, denominator: 2))
        #expect(viaRequired == viaOptional)
        #expect(viaFallback == Ratio(numerator: 1, denominator: 1))
    }

    @Test("get's try form throws where the optional form gives nil")
    func getFailures() throws {
        let view = data(value)
        let absent: Int? = view["absent"].get()
        #expect(absent == nil)
        _ = try expectError(kind: .missingKey, path: ["absent"]) { () throws -> Int in try view["absent"].get() }
        _ = try expectError(kind: .invalidValue, path: ["broken"]) { () throws -> Ratio in
            try view["broken"].get(using: RatioTransformation())
        }
    }

    @Test("set: with and without using:")
    func setForms() {
        var out = SerializableData(value: [:], objectMapper: ObjectMapper())
        out["count"].set(4)
        out["ratio"].set(Ratio(numerator: 5, denominator: 8), using: RatioTransformation())
        out["none"].set(nil as Ratio?, using: RatioTransformation())
        #expect(out.value == ["count": 4, "ratio": "5/8", "none": nil])
    }

    @Test("map reads with its three forms; try and or change nothing while writing")
    func mapForms() throws {
        let read = try ObjectMapper().deserialize(["teeth": 20, "gears": 6, "ratio": "4/1", "final": "7/2"], as: Gearbox.self)
        #expect(read.teeth == 20)
        #expect(read.gears == 6)
        #expect(read.reverse == 1, "or: fills a missing value")
        #expect(read.ratio == Ratio(numerator: 4, denominator: 1))
        #expect(read.final == Ratio(numerator: 7, denominator: 2))
        #expect(read.spare == Ratio(numerator: 1, denominator: 1))

        _ = try expectError(kind: .missingKey, path: ["gears"]) {
            try ObjectMapper().deserialize(["final": "1/1"], as: Gearbox.self)
        }

        var box = Gearbox()
        box.reverse = 0
        #expect(ObjectMapper().serialize(box) == [
            "teeth": nil, "gears": 0, "reverse": 0, "ratio": nil, "final": "0/1", "spare": "0/1",
        ])
    }
}
