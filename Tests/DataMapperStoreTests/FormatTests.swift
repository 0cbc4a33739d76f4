import DataMapper
import DataMapperFormats
import DataMapperStore
import Foundation
import Testing

// One mapping reads the same people from JSON, YAML, XML and MessagePack, and writes
// them back through each.

@Suite struct FormatTests {
    /// People in the shape XML gives (repeated `<person>` and `<phone>` elements), which
    /// every other format can hold as well.
    private let mapping: EntityMapping<Person> = {
        var phone = Mappings.phone
        phone.rootPath = .root
        var person = EntityMapping(entityName: "Person", rootPath: "people.person", create: Person.init)
        person.addAttribute(\.name, at: "name")
        person.addAttribute(\.email, at: "user_email")
        person.addAttribute(\.age, at: "age")
        person.setPrimaryKey(\.email)
        person.addToOneRelationship(\.car, at: "car", mapping: Mappings.car)
        person.addToManyRelationship(\.phones, at: "phone", mapping: phone)
        return person
    }()

    private let expected = [
        PersonSnapshot(name: "Lucas", email: "lucas@example.com", age: 31, carModel: "i30", carYear: "2013",
                       phones: [Phone(id: 10, number: "1111-1111", ddd: "85"), Phone(id: 11, number: "2222-2222", ddd: "11")]),
        PersonSnapshot(name: "Luke", email: "luke@example.com", age: 30, carModel: nil, carYear: nil,
                       phones: [Phone(id: 12, number: "3333-3333", ddd: "21"), Phone(id: 13, number: "4444-4444", ddd: "31")]),
    ]

    private static let jsonText = """
    {"people": {"person": [
      {"name": "Lucas", "user_email": "lucas@example.com", "age": 31,
       "car": {"id": 1, "model": "i30", "year": "2013"},
       "phone": [{"id": 10, "number": "1111-1111", "ddd": "85"}, {"id": 11, "number": "2222-2222", "ddd": "11"}]},
      {"name": "Luke", "user_email": "luke@example.com", "age": 30,
       "phone": [{"id": 12, "number": "3333-3333", "ddd": "21"}, {"id": 13, "number": "4444-4444", "ddd": "31"}]}
    ]}}
    """

    private static let yamlText = """
    people:
      person:
        - name: Lucas
          user_email: lucas@example.com
          age: 31
          car: {id: 1, model: i30, year: "2013"}
          phone:
            - {id: 10, number: 1111-1111, ddd: "85"}
            - {id: 11, number: 2222-2222, ddd: "11"}
        - name: Luke
          user_email: luke@example.com
          age: 30
          phone:
            - {id: 12, number: 3333-3333, ddd: "21"}
            - {id: 13, number: 4444-4444, ddd: "31"}
    """

    private static let xmlText = """
    <?xml version="1.0" encoding="UTF-8"?>
    <people>
      <person>
        <name>Lucas</name>
        <user_email>lucas@example.com</user_email>
        <age>31</age>
        <car><id>1</id><model>i30</model><year>2013</year></car>
        <phone><id>10</id><number>1111-1111</number><ddd>85</ddd></phone>
        <phone><id>11</id><number>2222-2222</number><ddd>11</ddd></phone>
      </person>
      <person>
        <name>Luke</name>
        <user_email>luke@example.com</user_email>
        <age>30</age>
        <phone><id>12</id><number>3333-3333</number><ddd>21</ddd></phone>
        <phone><id>13</id><number>4444-4444</number><ddd>31</ddd></phone>
      </person>
    </people>
    """

    /// Reads people from `data` in `format`; XML text is read with text scalars accepted.
    private func people(from data: Data, format: DataFormat) throws -> [Person] {
        let document = try format.serializer().deserialize(data)
        let deserializer = EntityDeserializer(conversionPolicy: format.name == DataFormat.xml.name ? .textScalars : nil)
        return try deserializer.collection(from: document, mapping: mapping)
    }

    private func document(_ format: String) throws -> Data {
        switch format {
        case "json": Data(Self.jsonText.utf8)
        case "yaml": Data(Self.yamlText.utf8)
        case "xml": Data(Self.xmlText.utf8)
        default: try DataFormat.msgpack.serializer().serialize(DataFormat.json.serializer().deserialize(Data(Self.jsonText.utf8)))
        }
    }

    private static func format(_ name: String) -> DataFormat {
        switch name {
        case "json": .json
        case "yaml": .yaml
        case "xml": .xml
        default: .msgpack
        }
    }

    @Test(arguments: ["json", "yaml", "xml", "msgpack"])
    func everyFormatGivesTheSamePeople(_ name: String) throws {
        let read = try people(from: document(name), format: Self.format(name))
        #expect(read.map(PersonSnapshot.init) == expected)
    }

    @Test(arguments: ["json", "yaml", "xml", "msgpack"])
    func peopleWrittenThroughEveryFormatReadBackEqual(_ name: String) throws {
        let format = Self.format(name)
        let original = try people(from: document("json"), format: .json)
        let data = try format.serializer().serialize(EntitySerializer.serialize(original, mapping: mapping))
        let read = try people(from: data, format: format)
        #expect(read.map(PersonSnapshot.init) == expected)
    }

    @Test func xmlWithoutTextScalarsIsATypeMismatchAtTheAge() throws {
        let document = try DataFormat.xml.serializer().deserialize(Data(Self.xmlText.utf8))
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: document, mapping: mapping)
        }
        #expect(error.path.description == "people.person[0].age")
        #expect(error.location?.line == 6)
    }

    @Test func aDeserializerWithoutItsOwnPolicyReadsUnderThePolicyInForce() throws {
        let document = try DataFormat.xml.serializer().deserialize(Data(Self.xmlText.utf8))
        let read = try TextScalars.accepting {
            try EntityDeserializer().collection(from: document, mapping: mapping)
        }
        #expect(read.map(PersonSnapshot.init) == expected)
    }
}
