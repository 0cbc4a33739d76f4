import DataMapper
import DataMapperFormats
import DataMapperStore
import Testing

private final class Car { var model = ""; var year = "" }
private final class Person { var name = ""; var email = ""; var car: Car?; var phones: [Phone] = [] }
private struct Phone { var number = ""; var ddd = "" }

@Test func smoke() throws {
    var car = EntityMapping(entityName: "Car", create: Car.init)
    car.addAttributes([\.model: "model", \.year: "year"])
    var phone = EntityMapping(entityName: "Phone", create: Phone.init)
    phone.addAttributes([\.number: "number", \.ddd: "ddd"])
    var person = EntityMapping(entityName: "Person", create: Person.init)
    person.addAttribute(\.name, at: "name")
    person.addAttribute(\.email, at: "user_email")
    person.setPrimaryKey(\.email)
    person.addToOneRelationship(\.car, at: "car", mapping: car)
    person.addToManyRelationship(\.phones, at: "phones", mapping: phone)
    let json = """
    [{"name": "Lucas", "user_email": "l@x", "car": {"model": "i30", "year": "2013"},
      "phones": [{"number": "1", "ddd": "85"}, {"number": "2", "ddd": "11"}]},
     {"name": "Luke", "user_email": "l@x"}]
    """
    let value = try DataFormat.json.serializer().deserialize(fromString: json)
    let store = InMemoryStore()
    let people = try EntityDeserializer().collection(from: value, mapping: person, in: store)
    #expect(people.count == 2)
    #expect(people[0] === people[1])
    #expect(people[0].name == "Luke")
    #expect(people[0].car?.model == "i30")
    #expect(people[0].phones.map(\.number) == ["1", "2"])
    #expect(store.count(ofEntity: "Person") == 1)
    let out = try EntitySerializer.serialize(people[0], mapping: person)
    print(out)
}
