import DataMapper
import DataMapperTestSupport
import Testing

// DeserializableSupportedTypeConvertible and SerializableSupportedTypeConvertible: a
// default transformation for one direction, accepted wherever that direction is all
// the mapping layer needs.

/// Read-only: a hex code, written in any case and kept in lower case.
private struct HexCode: DeserializableSupportedTypeConvertible, Hashable {
    var text: String
    static var defaultDeserializableTransformation: AnyDeserializableTransformation<HexCode> {
        AnyDeserializableTransformation { value in
            let text = try StringTransformation().transform(from: value)
            guard !text.isEmpty, text.allSatisfy(\.isHexDigit) else {
                throw DataMapperError.invalidValue("\"\(text)\" is not hexadecimal", at: value)
            }
            return HexCode(text: text.lowercased())
        }
    }
}

/// Write-only: a level written as that many stars.
private struct Stars: SerializableSupportedTypeConvertible {
    var count: Int
    static var defaultSerializableTransformation: AnySerializableTransformation<Stars> {
        AnySerializableTransformation { .string(String(repeating: "*", count: $0.count)) }
    }
}

/// A raw-value type whose raw value can only be read.
private struct Colour: RawRepresentable, Equatable {
    var rawValue: HexCode
    init?(rawValue: HexCode) {
        guard rawValue.text.count == 6 else { return nil }
        self.rawValue = rawValue
    }
}

/// A raw-value type whose raw value can only be written.
private struct Rating: RawRepresentable {
    var rawValue: Stars
    init(rawValue: Stars) { self.rawValue = rawValue }
}

@Suite struct OneDirectionConvertibleTests {
    let mapper = ObjectMapper()

    @Test("a read-only type reads in every shape without using:")
    func reads() throws {
        let data = DeserializableData(value: ["one": "AB", "many": ["0f", "10"], "bad": "zz"], objectMapper: mapper)
        let one: HexCode = try data["one"].get()
        let many: [HexCode]? = data["many"].get()
        let bad: HexCode? = data["bad"].get()
        #expect(one == HexCode(text: "ab"))
        #expect(many == [HexCode(text: "0f"), HexCode(text: "10")])
        #expect(bad == nil)
        _ = try expectError(kind: .invalidValue, path: ["bad"]) { () throws -> HexCode in try data["bad"].get() }
    }

    @Test("a write-only type writes in every shape without using:")
    func writes() {
        #expect(mapper.serialize(Stars(count: 2)) == "**")
        var out = SerializableData(value: [:], objectMapper: mapper)
        out["list"].set([Stars(count: 1), Stars(count: 3)])
        out["none"].set(nil as Stars?)
        #expect(out.value == ["list": ["*", "***"], "none": nil])
    }

    @Test("a raw value that is only read makes an enum-like type readable; only written, writable")
    func rawValueOneDirection() throws {
        let data = DeserializableData(value: ["colour": "FF8800", "short": "FFF"], objectMapper: mapper)
        let colour: Colour = try data["colour"].get()
        #expect(colour.rawValue == HexCode(text: "ff8800"))
        let error = try expectError(kind: .invalidValue, path: ["short"]) { () throws -> Colour in try data["short"].get() }
        #expect(error.problem == #"the string "FFF" is not a raw value of Colour"#)

        #expect(mapper.serialize(Rating(rawValue: Stars(count: 4))) == "****")
        #expect(EnumTransformation<Rating>().transform(object: Rating(rawValue: Stars(count: 1))) == "*")
    }

    @Test("two-way convertible types serve as either half with their one transformation")
    func twoWayIsBothHalves() throws {
        #expect(try Int.defaultDeserializableTransformation.transform(from: 4) == 4)
        #expect(String.defaultSerializableTransformation.transform(object: "x") == "x")
    }
}
