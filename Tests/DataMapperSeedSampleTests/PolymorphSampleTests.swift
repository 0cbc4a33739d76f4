import DataMapper
import Testing

// The README's Polymorph section: a hand-written polymorph choosing a subclass from
// the data and recording it when writing, and StaticPolymorph driven by Polymorphic
// with its keys, names and chains of registered subtypes.

private class Account: Mappable {
    var balance: Int?

    required init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    func mapping(_ data: inout MappableData) throws {
        data["balance"].map(&balance)
    }
}

private final class SavingsAccount: Account {
    var rate: Double?

    override func mapping(_ data: inout MappableData) throws {
        try super.mapping(&data)
        data["rate"].map(&rate)
    }
}

/// Chooses SavingsAccount when the caller accepts one and the data says `"type": "savings"`.
private struct SavingsPolymorph: Polymorph {
    func polymorphType<T>(for type: T.Type, in supportedType: SupportedType) -> T.Type {
        if let savings = SavingsAccount.self as? T.Type, supportedType.dictionary?["type"]?.string == "savings" {
            return savings
        }
        return type
    }

    func writeTypeInfo<T>(to supportedType: inout SupportedType, of type: T.Type) {
        if type == SavingsAccount.self {
            supportedType.addToDictionary(key: "type", value: .string("savings"))
        }
    }
}

// Creature ("kind", named "Animal") registers Bird and Penguin; Bird registers Parrot;
// Parrot looks under "species" instead; Penguin, a Parrot, has its own info but is
// registered only in Creature.
private class Creature: PolymorphicMappable {
    class var polymorphicKey: String { "kind" }
    class var polymorphicInfo: PolymorphicInfo {
        createPolymorphicInfo(name: "Animal").with(subtypes: Bird.self, Penguin.self)
    }

    var legs: Int?

    required init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    func mapping(_ data: inout MappableData) throws {
        data["legs"].map(&legs)
    }
}

private class Bird: Creature {
    override class var polymorphicInfo: PolymorphicInfo {
        createPolymorphicInfo().with(subtype: Parrot.self)
    }
}

private class Parrot: Bird {
    override class var polymorphicKey: String { "species" }
}

private final class Penguin: Parrot {
    override class var polymorphicInfo: PolymorphicInfo {
        createPolymorphicInfo()
    }
}

@Suite struct PolymorphSampleTests {
    let objectMapper = ObjectMapper()
    let objectMapperWithPolymorph = ObjectMapper(polymorph: SavingsPolymorph())
    let plainType: SupportedType = .dictionary(["balance": .int(10)])
    let savingsType: SupportedType = .dictionary(["balance": .int(20), "rate": .double(0.5), "type": .string("savings")])

    @Test("without a polymorph the declared class is made; with one, the data decides")
    func reading() throws {
        let plain: Account? = objectMapper.deserialize(plainType)
        let savingsIgnored: Account? = objectMapper.deserialize(savingsType)
        let plainPolymorphic: Account? = objectMapperWithPolymorph.deserialize(plainType)
        let savingsPolymorphic: Account? = objectMapperWithPolymorph.deserialize(savingsType)
        #expect(plain.map { type(of: $0) == Account.self } == true)
        #expect(savingsIgnored.map { type(of: $0) == Account.self } == true)
        #expect(savingsIgnored?.balance == 20)
        #expect(plainPolymorphic.map { type(of: $0) == Account.self } == true)
        let savings = try #require(savingsPolymorphic as? SavingsAccount)
        #expect(savings.balance == 20)
        #expect(savings.rate == 0.5)
    }

    @Test("writing: only the polymorph adds the type, and only for the subclass")
    func writing() throws {
        let plain: Account = try #require(objectMapperWithPolymorph.deserialize(plainType))
        let savings: Account = try #require(objectMapperWithPolymorph.deserialize(savingsType))
        #expect(objectMapper.serialize(plain) == ["balance": 10])
        #expect(objectMapperWithPolymorph.serialize(plain) == ["balance": 10])
        #expect(objectMapper.serialize(savings) == ["balance": 20, "rate": 0.5])
        #expect(objectMapperWithPolymorph.serialize(savings) == ["balance": 20, "rate": 0.5, "type": "savings"])
    }

    let staticMapper = ObjectMapper(polymorph: StaticPolymorph())

    fileprivate func creature(_ value: SupportedType) -> Creature? { staticMapper.deserialize(value) }
    fileprivate func bird(_ value: SupportedType) -> Bird? { staticMapper.deserialize(value) }

    @Test("an overridden key is the only key naming the type and its subtypes")
    func keys() throws {
        #expect(creature(["species": "Parrot"]).map { type(of: $0) == Parrot.self } == true)
        #expect(creature(["kind": "Parrot"]).map { type(of: $0) == Creature.self } == true)
        #expect(creature(["species": "Penguin"]).map { type(of: $0) == Penguin.self } == true)
    }

    @Test("an explicit name replaces the type's own")
    func names() throws {
        #expect(creature(["kind": "Animal", "legs": 4]).map { type(of: $0) == Creature.self } == true)
        #expect(creature(["kind": "Bird"]).map { type(of: $0) == Bird.self } == true)
    }

    @Test("a class that inherits its polymorphicInfo cannot be the input type")
    func inheritedInfo() throws {
        let parrot: Parrot? = staticMapper.deserialize(["species": "Parrot"])
        #expect(parrot == nil)
        #expect(throws: DataMapperError.self) { try staticMapper.deserialize(["species": "Parrot"], as: Parrot.self) }
        let penguin: Penguin? = staticMapper.deserialize(["species": "Penguin", "legs": 2])
        #expect(penguin?.legs == 2)
    }

    @Test("subtypes are found only through the registrations of the input type")
    func registrations() throws {
        // Penguin is registered in Creature, not in Bird.
        #expect(bird(["species": "Penguin"]).map { type(of: $0) == Bird.self } == true)
        // Parrot is registered in Bird, which Creature registers.
        #expect(creature(["species": "Parrot"]).map { type(of: $0) == Parrot.self } == true)
    }

    @Test("writing adds each class's key and name")
    func staticWriting() throws {
        let penguin = try #require(creature(["species": "Penguin", "legs": 2]))
        #expect(staticMapper.serialize(penguin) == ["legs": 2, "species": "Penguin"])
        let animal = try #require(creature(["legs": 4]))
        #expect(staticMapper.serialize(animal) == ["legs": 4, "kind": "Animal"])
    }
}
