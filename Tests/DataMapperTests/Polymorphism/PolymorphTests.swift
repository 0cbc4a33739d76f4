import DataMapper
import Testing

// The seed's "Polymorph" section: a hand-written polymorph that knows one subclass.

private class Vehicle: Mappable {
    var wheels: Int?

    required init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    func mapping(_ data: inout MappableData) throws {
        data["wheels"].map(&wheels)
    }
}

private final class Truck: Vehicle {
    var load: String?

    override func mapping(_ data: inout MappableData) throws {
        try super.mapping(&data)
        data["load"].map(&load)
    }
}

/// Picks Truck when the dictionary says `"kind": "truck"` and the caller accepts a Truck.
private struct TruckPolymorph: Polymorph {
    func polymorphType<T>(for type: T.Type, in value: SupportedType) throws -> T.Type {
        if let truck = Truck.self as? T.Type, value["kind"]?.string == "truck" { return truck }
        return type
    }

    func writeTypeInfo<T>(to value: inout SupportedType, of type: T.Type) {
        if type == Truck.self { value.addToDictionary(key: "kind", value: "truck") }
    }
}

@Suite struct PolymorphTests {
    let plain = ObjectMapper()
    let polymorphic = ObjectMapper(polymorph: TruckPolymorph())
    let vehicleValue: SupportedType = ["wheels": 4]
    let truckValue: SupportedType = ["wheels": 6, "load": "gravel", "kind": "truck"]

    @Test("without a polymorph the declared type is created and extra keys are ignored")
    func withoutPolymorph() throws {
        let vehicle: Vehicle = try #require(plain.deserialize(vehicleValue))
        let truckAsVehicle: Vehicle = try #require(plain.deserialize(truckValue))
        #expect(!(vehicle is Truck))
        #expect(!(truckAsVehicle is Truck))
        #expect(truckAsVehicle.wheels == 6)
    }

    @Test("with a polymorph the data decides the concrete type")
    func withPolymorph() throws {
        let vehicle: Vehicle = try #require(polymorphic.deserialize(vehicleValue))
        let truck: Vehicle = try #require(polymorphic.deserialize(truckValue))
        #expect(!(vehicle is Truck))
        #expect((truck as? Truck)?.load == "gravel")
    }

    @Test("serializing writes the dynamic type's fields; only the polymorph adds the type")
    func serializing() throws {
        let vehicle: Vehicle = try #require(plain.deserialize(vehicleValue))
        let truckAsVehicle: Vehicle = try #require(plain.deserialize(truckValue))
        let truck: Vehicle = try #require(polymorphic.deserialize(truckValue))
        #expect(plain.serialize(vehicle) == ["wheels": 4])
        #expect(plain.serialize(truckAsVehicle) == ["wheels": 6])
        #expect(polymorphic.serialize(vehicle) == ["wheels": 4])
        #expect(plain.serialize(truck) == ["wheels": 6, "load": "gravel"])
        #expect(polymorphic.serialize(truck) == ["wheels": 6, "load": "gravel", "kind": "truck"])
    }
}
