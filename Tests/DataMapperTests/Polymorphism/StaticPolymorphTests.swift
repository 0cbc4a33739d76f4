import DataMapper
import Testing

// The seed's "StaticPolymorph" example, with our own classes:
//   Shape (key "K", name "Base", registers Polygon and Square)
//   Polygon (registers Quad)
//   Quad (overrides the key to "Q", keeps Polygon's info)
//   Square (a Quad subclass with its own info, registered only in Shape)

private class Shape: PolymorphicMappable {
    class var polymorphicKey: String { "K" }
    class var polymorphicInfo: PolymorphicInfo {
        createPolymorphicInfo(name: "Base").with(subtypes: Polygon.self, Square.self)
    }

    var id: Int?

    required init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    func mapping(_ data: inout MappableData) throws {
        data["id"].map(&id)
    }
}

private class Polygon: Shape {
    override class var polymorphicInfo: PolymorphicInfo {
        createPolymorphicInfo().with(subtype: Quad.self)
    }
}

private class Quad: Polygon {
    override class var polymorphicKey: String { "Q" }
}

private final class Square: Quad {
    override class var polymorphicInfo: PolymorphicInfo {
        createPolymorphicInfo()
    }
}

/// Not a Shape: registering it must be ignored.
private final class Stranger: PolymorphicMappable {
    static var polymorphicInfo: PolymorphicInfo { createPolymorphicInfo() }
    init(_ data: DeserializableData) throws {}
    func mapping(_ data: inout MappableData) throws {}
}

@Suite struct StaticPolymorphTests {
    let mapper = ObjectMapper(polymorph: StaticPolymorph())

    fileprivate func shape(_ value: SupportedType) -> Shape? { mapper.deserialize(value) }
    fileprivate func polygon(_ value: SupportedType) -> Polygon? { mapper.deserialize(value) }

    @Test("the base type is found by its overridden name under its key")
    func nameOverride() throws {
        let base = try #require(shape(["K": "Base"]))
        #expect(type(of: base) == Shape.self)
    }

    @Test("registered subtypes are found by their type name", arguments: [
        (["K": "Polygon"], "Polygon"),
        (["Q": "Quad"], "Quad"),
        (["Q": "Square"], "Square"),
    ] as [(SupportedType, String)])
    func subtypes(value: SupportedType, expected: String) throws {
        let found = try #require(shape(value))
        #expect(String(describing: type(of: found)) == expected)
    }

    @Test("an overridden key is the only key that identifies the type")
    func keyOverride() throws {
        let underOldKey = try #require(shape(["K": "Quad"]))
        #expect(type(of: underOldKey) == Shape.self)
        let underNewKey = try #require(shape(["Q": "Quad"]))
        #expect(type(of: underNewKey) == Quad.self)
    }

    @Test("subtypes are known only through chains of registrations")
    func registrationChains() throws {
        // Quad is registered in Polygon, which is registered in Shape.
        #expect(type(of: try #require(shape(["Q": "Quad"]))) == Quad.self)
        // Square is registered in Shape only, so Polygon does not know it.
        #expect(type(of: try #require(polygon(["Q": "Square"]))) == Polygon.self)
        #expect(type(of: try #require(polygon(["Q": "Quad"]))) == Quad.self)
    }

    @Test("a type with its own info can be the input type, even with no subtypes")
    func leafAsInput() throws {
        let square: Square? = mapper.deserialize(["Q": "Square", "id": 3])
        #expect(square?.id == 3)
    }

    @Test("a type without its own polymorphicInfo cannot be the input type: a clear error")
    func inheritedInfoIsAnError() {
        let optional: Quad? = mapper.deserialize(["Q": "Quad"])
        #expect(optional == nil)
        let expected = DataMapperError(
            .unsupported,
            message: "Quad cannot be read polymorphically: it does not declare its own polymorphicInfo "
                + "(it inherits the one of Polygon); override `class var polymorphicInfo` in Quad"
        )
        #expect(throws: expected) {
            try mapper.deserialize(["Q": "Quad"], as: Quad.self)
        }
    }

    @Test("unknown names and missing keys give the input type")
    func fallbacks() throws {
        #expect(type(of: try #require(shape(["K": "Circle"]))) == Shape.self)
        #expect(type(of: try #require(shape(["id": 1]))) == Shape.self)
    }

    @Test("serializing adds each type's key and name")
    func serializing() throws {
        for value: SupportedType in [["K": "Base"], ["K": "Polygon"], ["Q": "Quad"], ["Q": "Square"]] {
            let found = try #require(shape(value))
            #expect(mapper.serialize(found) == value.merging(["id": nil]))
        }
    }

    @Test("registering a type that is not a subclass is ignored")
    func nonSubclassIgnored() {
        let info = Shape.createPolymorphicInfo().with(subtype: Stranger.self).with(subtype: Polygon.self)
        #expect(info.registeredSubtypes.count == 1)
        #expect(info.registeredSubtypes.map(ObjectIdentifier.init) == [ObjectIdentifier(Polygon.self)])
        #expect(info.name == "Shape")
    }

    @Test("register mutates, with chains")
    func registerForms() {
        var info = Shape.createPolymorphicInfo(name: "S")
        info.register(subtype: Polygon.self)
        info.register(subtypes: Quad.self, Square.self)
        #expect(info.registeredSubtypes.count == 3)
        #expect(ObjectIdentifier(info.type) == ObjectIdentifier(Shape.self))
    }

    @Test("types that are not Polymorphic are left alone")
    func nonPolymorphicTypes() {
        let numbers: [Int]? = mapper.deserialize([1, 2])
        #expect(numbers == [1, 2])
        #expect(mapper.serialize([1, 2]) == [1, 2])
    }
}

private extension SupportedType {
    func merging(_ other: OrderedMap) -> SupportedType {
        var copy = self
        for (key, value) in other { copy.addToDictionary(key: key, value: value) }
        return copy
    }
}
