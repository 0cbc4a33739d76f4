import DataMapper
import Testing

// The seed's "Transformations" and "AnyTransformation" sections: the three kinds of
// transformation and their type-erased forms.

/// Reads "x,y" strings into a pair; reading only.
private struct PairReader: DeserializableTransformation {
    func transform(from value: SupportedType) throws -> [Int] {
        guard let text = value.string else { throw DataMapperError.typeMismatch(expected: "a pair", found: value) }
        let parts = text.split(separator: ",").compactMap { Int($0) }
        guard parts.count == 2 else { throw DataMapperError.invalidValue("\"\(text)\" is not a pair", at: value) }
        return parts
    }
}

/// Writes a pair as "x,y"; writing only.
private struct PairWriter: SerializableTransformation {
    func transform(object: [Int]) -> SupportedType {
        .string(object.map(String.init).joined(separator: ","))
    }
}

/// Reads and writes upper-cased strings.
private struct Shouting: Transformation {
    func transform(from value: SupportedType) throws -> String {
        try StringTransformation().transform(from: value).uppercased()
    }

    func transform(object: String) -> SupportedType { .string(object.uppercased()) }
}

@Suite struct TransformationKindsTests {
    let mapper = ObjectMapper()

    @Test("a deserializable transformation reads, a serializable one writes")
    func oneWay() throws {
        let data = DeserializableData(value: ["at": "3,4", "bad": "3"], objectMapper: mapper)
        let pair: [Int] = try data["at"].get(using: PairReader())
        #expect(pair == [3, 4])
        let bad: [Int]? = data["bad"].get(using: PairReader())
        #expect(bad == nil)
        #expect(mapper.serialize([1, 2], using: PairWriter()) == "1,2")
    }

    @Test("a two-way transformation works with map")
    func twoWay() throws {
        var data = MappableData(deserializing: DeserializableData(value: ["a": "hey"], objectMapper: mapper))
        var text = ""
        try data["a"].map(&text, using: Shouting())
        #expect(text == "HEY")
        #expect(mapper.serialize("quiet", using: Shouting()) == "QUIET")
    }

    @Test("typeErased gives each of the three erased kinds")
    func typeErasure() throws {
        let transformation = IntTransformation()
        let both: AnyTransformation<Int> = transformation.typeErased()
        let reading: AnyDeserializableTransformation<Int> = transformation.typeErased()
        let writing: AnySerializableTransformation<Int> = transformation.typeErased()
        #expect(try both.transform(from: 5) == 5)
        #expect(both.transform(object: 6) == 6)
        #expect(try reading.transform(from: 7) == 7)
        #expect(writing.transform(object: 8) == 8)
        #expect(throws: DataMapperError.self) { try both.transform(from: "x") }
    }

    @Test("typeErased without a stated type gives an AnyTransformation for a two-way transformation")
    func defaultErasure() {
        let erased = IntTransformation().typeErased()
        #expect(type(of: erased) == AnyTransformation<Int>.self)
        let reader = PairReader().typeErased()
        #expect(type(of: reader) == AnyDeserializableTransformation<[Int]>.self)
    }

    @Test("erased transformations can be made from closures")
    func closures() throws {
        let doubled = AnyTransformation<Int>(
            transformFrom: { try IntTransformation().transform(from: $0) * 2 },
            transformObject: { .int($0 / 2) }
        )
        #expect(try doubled.transform(from: 4) == 8)
        #expect(doubled.transform(object: 8) == 4)
    }
}
