import DataMapper
import Testing

// The seed's "Map protocol" section: Deserializable, Serializable, Mappable with its
// default serialize, constants next to mapped variables, and Mappable classes.

private struct Invoice: Mappable {
    let number: Int?
    var paid: Bool?

    init(number: Int?, paid: Bool?) {
        self.number = number
        self.paid = paid
    }

    init(_ data: DeserializableData) throws {
        number = data["number"].get()
        try mapping(data)
    }

    func serialize(to data: inout SerializableData) {
        data["number"].set(number)
        mapping(&data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["paid"].map(&paid)
    }
}

private struct Account: Deserializable {
    let owner: String

    init(_ data: DeserializableData) throws {
        owner = try data["owner"].get()
    }
}

private class Animal: Mappable {
    var name: String?

    required init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    func mapping(_ data: inout MappableData) throws {
        data["name"].map(&name)
    }
}

private final class Bird: Animal {
    var wingspan: Double = 0

    override func mapping(_ data: inout MappableData) throws {
        try super.mapping(&data)
        try data["wingspan"].map(&wingspan)
    }
}

private struct Mood: Mappable {
    var level: Int = 0

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["level"].map(&level)
    }
}

@Suite struct MapProtocolTests {
    let mapper = ObjectMapper()

    @Test("a Deserializable initializer that throws makes the optional result nil")
    func deserializableThrowing() {
        let account: Account? = mapper.deserialize(["name": "x"])
        #expect(account == nil)
        let found: Account? = mapper.deserialize(["owner": "Grace"])
        #expect(found?.owner == "Grace")
    }

    @Test("constants are read in init and written in serialize beside mapping")
    func constantsBesideMapping() throws {
        let invoice: Invoice = try #require(mapper.deserialize(["number": 12, "paid": true]))
        #expect(invoice.number == 12)
        #expect(invoice.paid == true)
        #expect(mapper.serialize(Invoice(number: 3, paid: false)) == ["number": 3, "paid": false])
    }

    @Test("Mappable's default serialize writes what mapping maps")
    func defaultSerialize() throws {
        let mood = try mapper.deserialize(["level": 4], as: Mood.self)
        #expect(mapper.serialize(mood) == ["level": 4])
    }

    @Test("default serialize leaves the serialized struct unchanged")
    func serializeDoesNotMutate() throws {
        let mood = try mapper.deserialize(["level": 4], as: Mood.self)
        _ = mapper.serialize(mood)
        #expect(mood.level == 4)
    }

    @Test("a Mappable class initializes with try mapping(data), as a struct does")
    func classInitialization() throws {
        let animal = try mapper.deserialize(["name": "Rex"], as: Animal.self)
        #expect(animal.name == "Rex")
        #expect(mapper.serialize(animal) == ["name": "Rex"])
    }

    @Test("a Mappable subclass extends its parent's mapping")
    func subclassMapping() throws {
        let bird = try mapper.deserialize(["name": "Kea", "wingspan": 1], as: Bird.self)
        #expect(bird.name == "Kea")
        #expect(bird.wingspan == 1.0)
        #expect(mapper.serialize(bird) == ["name": "Kea", "wingspan": 1.0])
    }

    @Test("a subclass's try map failing makes the class unreadable")
    func subclassFailure() {
        let bird: Bird? = mapper.deserialize(["name": "Kea"])
        #expect(bird == nil)
    }
}
