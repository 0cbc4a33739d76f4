import DataMapper
import DataMapperJSON
import DataMapperStore
import Testing

// The "Mappings at run time" example of the README, run: what its comment claims holds.
// Its types carry a prefix here, as the suite has a Car and a Driver of its own.

private final class ReadmeCar { var model = ""; var year = 0 }
private final class ReadmeDriver { var email = ""; var name = ""; var car: ReadmeCar? }

@Test("the README's run-time mapping example does what its comment says")
func readmeRunTimeMappingExample() throws {
    var car = EntityMapping(entityName: "Car", create: ReadmeCar.init)
    car.addAttribute(\.model, at: "model")
    car.addAttribute(\.year, at: "year")

    var driver = EntityMapping(entityName: "Driver", create: ReadmeDriver.init)
    driver.addAttributes([\.email: "user_email", \.name: "name"])
    driver.setPrimaryKey(\.email)
    driver.addToOneRelationship(\.car, at: "car", mapping: car, policy: .objectMerge)

    let store = InMemoryStore()
    let page = try JSONSerializer().deserialize(fromString: """
        [{"user_email": "ana@example.com", "name": "Ana", "car": {"model": "i30", "year": 2013}},
         {"user_email": "ana@example.com", "name": "Ana B.", "car": null}]
        """)
    let drivers = try EntityDeserializer().collection(from: page, mapping: driver, in: store)
    #expect(drivers.count == 2)
    #expect(drivers[0] === drivers[1])
    #expect(drivers[0].name == "Ana B.")
    #expect(drivers[0].car?.model == "i30")
    #expect(store.count(ofEntity: "Driver") == 1)

    let written = try EntitySerializer.serialize(drivers[0], mapping: driver)
    let expected: SupportedType = ["user_email": "ana@example.com", "name": "Ana B.", "car": ["model": "i30", "year": 2013]]
    #expect(written == expected)
}
