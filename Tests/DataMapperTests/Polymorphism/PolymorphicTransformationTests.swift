import DataMapper
import Testing

// Beyond the seed: polymorphism for protocols, structs, enums and classes through a
// transformation with registered names, in both directions.

private protocol Shape: Sendable {
    var area: Double { get }
}

private struct Circle: Shape, Mappable, Equatable {
    var radius: Double = 0
    var area: Double { 3 * radius * radius }

    init(radius: Double) { self.radius = radius }
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws { try data["radius"].map(&radius) }
}

private struct Rectangle: Shape, Mappable, Equatable {
    var width: Double = 0
    var height: Double = 0
    var area: Double { width * height }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws {
        try data["width"].map(&width)
        try data["height"].map(&height)
    }
}

private struct Ghost: Mappable {
    init() {}
    init(_ data: DeserializableData) throws {}
    mutating func mapping(_ data: inout MappableData) throws {}
}

private enum Payment: Equatable {
    case card(Card)
    case cash(Cash)
}

private struct Card: Mappable, Equatable {
    var last4: String = ""
    init(last4: String) { self.last4 = last4 }
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws { try data["last4"].map(&last4) }
}

private struct Cash: Mappable, Equatable {
    var amount: Int = 0
    init(amount: Int) { self.amount = amount }
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws { try data["amount"].map(&amount) }
}

private struct Drawing: Mappable {
    var shapes: [any Shape] = []
    var highlight: (any Shape)?

    static let shapeTransformation = PolymorphicTransformation<any Shape>(key: "shape")
        .with(Circle.self, named: "circle")
        .with(Rectangle.self, named: "rectangle")

    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws {
        try data["shapes"].map(&shapes, using: Self.shapeTransformation)
        data["highlight"].map(&highlight, using: Self.shapeTransformation)
    }
}

@Suite struct PolymorphicTransformationTests {
    fileprivate let shapes = Drawing.shapeTransformation
    fileprivate let payments = PolymorphicTransformation<Payment>()
        .with(Card.self, named: "card", wrap: { .card($0) }, unwrap: { if case .card(let card) = $0 { card } else { nil } })
        .with(Cash.self, named: "cash", wrap: { .cash($0) }, unwrap: { if case .cash(let cash) = $0 { cash } else { nil } })

    @Test("protocol conformers are read by their registered name")
    func protocolMembers() throws {
        let drawing = try ObjectMapper().deserialize([
            "shapes": [["shape": "circle", "radius": 1], ["shape": "rectangle", "width": 2, "height": 3]],
            "highlight": ["shape": "circle", "radius": 2],
        ], as: Drawing.self)
        #expect(drawing.shapes.count == 2)
        #expect(drawing.shapes[0] as? Circle == Circle(radius: 1))
        #expect(drawing.shapes[1] as? Rectangle == Rectangle(width: 2, height: 3))
        #expect(drawing.highlight?.area == 12)
    }

    @Test("protocol conformers are written with their name under the key")
    func protocolWriting() throws {
        let value = ObjectMapper().serialize([Circle(radius: 1), Rectangle(width: 2, height: 3)] as [any Shape], using: shapes)
        #expect(value == [["radius": 1.0, "shape": "circle"], ["width": 2.0, "height": 3.0, "shape": "rectangle"]])
    }

    @Test("enum cases with payloads round-trip through wrap and unwrap")
    func enums() throws {
        let value: SupportedType = [["type": "cash", "amount": 5], ["type": "card", "last4": "4242"]]
        let read = try ObjectMapper().deserialize(value, as: [Payment].self, using: payments)
        #expect(read == [.cash(Cash(amount: 5)), .card(Card(last4: "4242"))])
        #expect(ObjectMapper().serialize(read, using: payments) == [["amount": 5, "type": "cash"], ["last4": "4242", "type": "card"]])
    }

    @Test("an unknown name is an invalidValue error listing the registered names")
    func unknownName() {
        let value = SupportedType(.dictionary(["shape": SupportedType(.string("hexagon"), position: .text(line: 1, column: 11))]),
                                  position: .text(line: 1, column: 1))
        let expected = DataMapperError(.invalidValue, message: "unknown type name \"hexagon\"; expected one of \"circle\", \"rectangle\"",
                                       path: ["shape"], location: SourceLocation(position: .text(line: 1, column: 11)))
        #expect(throws: expected) { try shapes.transform(from: value) }
    }

    @Test("a missing key, a non-string name and a non-dictionary are errors of their kinds")
    func otherFailures() {
        #expect { try shapes.transform(from: ["radius": 1]) } throws: { ($0 as? DataMapperError)?.kind == .missingKey }
        #expect { try shapes.transform(from: ["shape": 1]) } throws: { ($0 as? DataMapperError)?.kind == .typeMismatch }
        #expect { try shapes.transform(from: "circle") } throws: { ($0 as? DataMapperError)?.kind == .typeMismatch }
    }

    @Test("a member's own failure carries its path through the mapping")
    func memberFailurePath() {
        #expect(throws: DataMapperError(.missingKey, message: "the key \"height\" is missing", path: DataPath([.key("shapes"), .index(0), .key("height")]))) {
            try ObjectMapper().deserialize(["shapes": [["shape": "rectangle", "width": 1]]], as: Drawing.self)
        }
    }

    @Test("a registered type that is not a Base is an unsupported error, not a crash")
    func wrongMember() {
        let broken = PolymorphicTransformation<any Shape>().with(Ghost.self, named: "ghost")
        #expect { try broken.transform(from: ["type": "ghost"]) } throws: { ($0 as? DataMapperError)?.kind == .unsupported }
        #expect(broken.transform(object: Circle(radius: 1)) == .null)
    }

    @Test("registering a name again replaces the earlier member")
    func replacement() throws {
        let replaced = shapes.with(Rectangle.self, named: "circle")
        #expect(replaced.registeredNames == ["rectangle", "circle"])
        let read = try replaced.transform(from: ["shape": "circle", "width": 1, "height": 1])
        #expect(read is Rectangle)
    }
}
