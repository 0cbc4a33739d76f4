import DataMapper
import DataMapperTestSupport
import Testing

// The README's map protocols: Deserializable (throwing DeserializationError when the
// data makes no object), Serializable, Mappable, and a Mappable type whose constants
// are read in `init` and written in `serialize(to:)` around `mapping`.

/// Refuses a negative length with the seed's error name.
private struct Rope: Deserializable {
    let metres: Int

    init(_ data: DeserializableData) throws {
        let metres: Int = try data["metres"].get()
        guard metres >= 0 else {
            throw DeserializationError(.invalidValue, message: "a rope cannot be \(metres) m long")
        }
        self.metres = metres
    }
}

private struct Knot: Serializable {
    let name: String
    let strength: Int?

    func serialize(to data: inout SerializableData) {
        data["name"].set(name)
        data["strength"].set(strength)
    }
}

private struct Sail: Mappable {
    var area: Double?
    var colour: String?

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["area"].map(&area)
        data["colour"].map(&colour)
    }
}

/// A constant read in `init` and written in `serialize(to:)`; the variable goes through `mapping`.
private struct Hull: Mappable {
    let serial: Int?
    var paint: String?

    init(serial: Int?, paint: String?) {
        self.serial = serial
        self.paint = paint
    }

    init(_ data: DeserializableData) throws {
        serial = data["serial"].get()
        try mapping(data)
    }

    func serialize(to data: inout SerializableData) {
        data["serial"].set(serial)
        mapping(&data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["paint"].map(&paint)
    }
}

@Suite struct MapProtocolSampleTests {
    let objectMapper = ObjectMapper()

    @Test("a Deserializable type is read; its thrown DeserializationError makes the optional form nil")
    func deserializableThrows() throws {
        let good: Rope? = objectMapper.deserialize(["metres": 12])
        let bad: Rope? = objectMapper.deserialize(["metres": -3])
        #expect(good?.metres == 12)
        #expect(bad == nil)
    }

    @Test("a thrown DeserializationError is caught as one, with the path of the value read")
    func catchingDeserializationError() throws {
        do {
            let data = DeserializableData(value: ["ropes": [["metres": 1], ["metres": -2]]], objectMapper: objectMapper)
            let _: [Rope] = try data["ropes"].get()
            Issue.record("a negative length must not make a rope")
        } catch let error as DeserializationError {
            #expect(error.kind == .invalidValue)
            #expect(error.path == (try DataPath(parsing: "ropes[1]")))
            #expect(error.problem == "a rope cannot be -2 m long")
        }
        // The library's own failures are caught by the same clause.
        do {
            _ = try objectMapper.deserialize(["length": 1], as: Rope.self)
            Issue.record("a rope without metres must not be read")
        } catch let error as DeserializationError {
            #expect(error.kind == .missingKey)
            #expect(error.path == ["metres"])
        }
    }

    @Test("a Serializable type writes the fields it sets, nil as null")
    func serializable() {
        #expect(objectMapper.serialize(Knot(name: "bowline", strength: nil)) == ["name": "bowline", "strength": nil])
    }

    @Test("a Mappable type reads and writes through one mapping")
    func mappable() throws {
        let sail: Sail = try #require(objectMapper.deserialize(["area": 22.5, "colour": "white"]))
        #expect(sail.area == 22.5)
        #expect(sail.colour == "white")
        #expect(objectMapper.serialize(sail) == ["area": 22.5, "colour": "white"])
    }

    @Test("constants are read in init and written in serialize(to:), variables in mapping")
    func constantsBesideMapping() throws {
        let hull: Hull = try #require(objectMapper.deserialize(["serial": 77, "paint": "red"]))
        #expect(hull.serial == 77)
        #expect(hull.paint == "red")
        #expect(objectMapper.serialize(Hull(serial: 5, paint: nil)) == ["serial": 5, "paint": nil])
    }
}
