import DataMapper
import Foundation
import Testing

// The seed's "SerializableData" section: set for every shape, with and without a
// transformation, and nested subscripts.

private struct Label: Serializable {
    let text: String

    func serialize(to data: inout SerializableData) {
        data["text"].set(text)
    }
}

@Suite struct SerializableDataTests {
    func written(_ body: (inout SerializableData) -> Void) -> SupportedType {
        var data = SerializableData(value: .dictionary(OrderedMap()), objectMapper: ObjectMapper())
        body(&data)
        return data.value
    }

    @Test("set writes values, optionals and nil as null, in the order written")
    func setsValues() {
        let optional: Int? = nil
        let value = written { data in
            data["b"].set(2)
            data["a"].set("x")
            data["none"].set(optional)
        }
        #expect(value == ["b": 2, "a": "x", "none": nil])
        #expect(value.orderedMap?.keys == ["b", "a", "none"])
    }

    @Test("set writes every container shape")
    func setsShapes() {
        let withNil: [Int?] = [1, nil]
        let mapWithNil: [String: Int?] = ["k": nil]
        let value = written { data in
            data["list"].set([1, 2])
            data["holes"].set(withNil)
            data["map"].set(["k": true])
            data["mapHoles"].set(mapWithNil)
            data["labels"].set([Label(text: "x")])
        }
        #expect(value == ["list": [1, 2], "holes": [1, nil], "map": ["k": true], "mapHoles": ["k": nil],
                          "labels": [["text": "x"]]])
    }

    @Test("set(using:) writes through a transformation")
    func setsWithTransformation() {
        let date = Date(timeIntervalSince1970: 86_400)
        let value = written { data in
            data["day"].set(date, using: DateTransformation())
            data["days"].set([date], using: DateTransformation())
        }
        #expect(value == ["day": 86_400.0, "days": [86_400.0]])
    }

    @Test("nested subscripts create the dictionaries on the way")
    func nestedSubscripts() {
        let value = written { data in
            data["a"]["b"].set(1)
            data[["a", "c"]].set(2)
            data["a", "d", "e"].set(3)
        }
        #expect(value == ["a": ["b": 1, "c": 2, "d": ["e": 3]]])
    }

    @Test("writing a key into a value that is not a dictionary replaces it")
    func replacesNonDictionary() {
        let value = written { data in
            data["a"].set(1)
            data["a"]["b"].set(2)
        }
        #expect(value == ["a": ["b": 2]])
    }

    @Test("set without a key replaces the whole value")
    func rootSet() {
        let value = written { data in data.set("only") }
        #expect(value == "only")
    }
}
