import DataMapper
import DataMapperTestSupport
import Testing

// Enums with raw values read and write through `data["k"]`, `map` and ObjectMapper
// without `using:`; a bad raw value names the key path, the value and the cases.

private enum Planet: String, CaseIterable { case mercury, venus, earth }
private enum Priority: Int { case low = 1, normal = 5, urgent = 9 }

private struct Probe: Mappable, Equatable {
    var target: Planet = .earth
    var backup: Planet?
    var priority: Priority = .normal
    var route: [Planet] = []
    var byStage: [String: Priority]?
    var gaps: [Planet?]?

    init(target: Planet, backup: Planet?, priority: Priority, route: [Planet], byStage: [String: Priority]?, gaps: [Planet?]?) {
        (self.target, self.backup, self.priority, self.route, self.byStage, self.gaps) = (target, backup, priority, route, byStage, gaps)
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["target"].map(&target)
        data["backup"].map(&backup)
        data["priority"].map(&priority, or: .normal)
        try data["route"].map(&route)
        data["byStage"].map(&byStage)
        data["gaps"].map(&gaps)
    }
}

/// A raw-value enum that conforms to `SupportedTypeConvertible` itself, with a
/// transformation that also accepts upper case: its own conformance must win over
/// the raw-value overloads.
private enum Shade: String, SupportedTypeConvertible {
    case light, dark
    static var defaultTransformation: AnyTransformation<Shade> {
        AnyTransformation(
            transformFrom: { value in
                let text = try StringTransformation().transform(from: value).lowercased()
                guard let shade = Shade(rawValue: text) else {
                    throw DataMapperError.invalidValue("no shade \(text)", at: value)
                }
                return shade
            },
            transformObject: { .string($0.rawValue.uppercased()) }
        )
    }
}

@Suite struct RawValueMappingTests {
    let document: SupportedType = [
        "target": "venus", "priority": 9, "route": ["earth", "venus"],
        "byStage": ["launch": 1, "cruise": 5], "gaps": ["mercury", nil, "pluto"],
    ]

    @Test("Mappable fields of raw-value enums read without a transformation")
    func readsThroughMap() throws {
        let probe = try ObjectMapper().deserialize(document, as: Probe.self)
        #expect(probe == Probe(target: .venus, backup: nil, priority: .urgent, route: [.earth, .venus],
                               byStage: ["launch": .low, "cruise": .normal], gaps: [.mercury, nil, nil]))
    }

    @Test("the same fields write back their raw values")
    func writesThroughMap() throws {
        let probe = Probe(target: .mercury, backup: .earth, priority: .low, route: [.venus],
                          byStage: ["land": .urgent], gaps: [nil, .venus])
        let written = ObjectMapper().serialize(probe)
        #expect(written == [
            "target": "mercury", "backup": "earth", "priority": 1, "route": ["venus"],
            "byStage": ["land": 9], "gaps": [nil, "venus"],
        ])
        #expect(try ObjectMapper().deserialize(written, as: Probe.self) == probe)
    }

    @Test("get and set take raw-value enums in every shape and form")
    func getAndSet() throws {
        let data = DeserializableData(value: document, objectMapper: ObjectMapper())
        let target: Planet? = data["target"].get()
        let required: Priority = try data["priority"].get()
        let fallback: Planet = data["missing"].get(or: .mercury)
        let route: [Planet]? = data["route"].get()
        let stages: [String: Priority] = try data["byStage"].get()
        let gaps: [Planet?] = try data["gaps"].get()
        let strictGaps: [Planet]? = data["gaps"].get()
        #expect(target == .venus)
        #expect(required == .urgent)
        #expect(fallback == .mercury)
        #expect(route == [.earth, .venus])
        #expect(stages == ["launch": .low, "cruise": .normal])
        #expect(gaps == [.mercury, nil, nil])
        #expect(strictGaps == nil, "one unknown element makes the whole [T] nil")

        var out = SerializableData(value: [:], objectMapper: ObjectMapper())
        out["one"].set(Planet.earth)
        out["none"].set(nil as Planet?)
        out["many"].set([Priority.low, .urgent])
        out["named"].set(["a": Planet.venus])
        #expect(out.value == ["one": "earth", "none": nil, "many": [1, 9], "named": ["a": "venus"]])
    }

    @Test("ObjectMapper reads and writes raw-value enums directly")
    func objectMapper() throws {
        let mapper = ObjectMapper()
        let one: Planet? = mapper.deserialize("earth")
        let unknown: Planet? = mapper.deserialize("pluto")
        let list: [Priority]? = mapper.deserialize([1, 5])
        #expect(one == .earth)
        #expect(unknown == nil)
        #expect(list == [.low, .normal])
        #expect(try mapper.deserialize(["x": 9], as: [String: Priority].self) == ["x": .urgent])
        #expect(mapper.serialize(Planet.venus) == "venus")
        #expect(mapper.serialize([Priority.urgent, .low]) == [9, 1])
        #expect(mapper.serialize(nil as Planet?) == .null)
    }

    @Test("an unknown raw value names the key path, the value and the allowed raw values")
    func unknownRawValue() throws {
        let value: SupportedType = ["probes": [["target": "venus", "route": []], ["target": "pluto", "route": []]]]
        let error = try expectError(kind: .invalidValue, path: try DataPath(parsing: "probes[1].target")) {
            let data = DeserializableData(value: value, objectMapper: ObjectMapper())
            let _: [Probe] = try data["probes"].get()
        }
        #expect(error.problem == #"the string "pluto" is not a raw value of Planet; expected one of "mercury", "venus", "earth""#)
    }

    @Test("a raw value of the wrong type, or a missing one, is reported with its path")
    func wrongTypeAndMissing() throws {
        let mapper = ObjectMapper()
        let wrongType = try expectError(kind: .typeMismatch, path: try DataPath(parsing: "priority")) {
            let data = DeserializableData(value: ["priority": "high"], objectMapper: mapper)
            let _: Priority = try data["priority"].get()
        }
        #expect(wrongType.problem.hasPrefix("expected an integer"))
        _ = try expectError(kind: .missingKey, path: try DataPath(parsing: "target")) {
            try mapper.deserialize(["route": []], as: Probe.self)
        }
        // Enums that are not CaseIterable cannot list their cases; the value is still named.
        let unlisted = try expectError(kind: .invalidValue, path: try DataPath(parsing: "[1]")) {
            try mapper.deserialize([1, 2], as: [Priority].self)
        }
        #expect(unlisted.problem == "the integer 2 is not a raw value of Priority")
    }

    @Test("a raw-value enum with its own conformance keeps using it")
    func ownConformanceWins() throws {
        let data = DeserializableData(value: ["shade": "DARK"], objectMapper: ObjectMapper())
        let shade: Shade = try data["shade"].get()
        #expect(shade == .dark)
        #expect(ObjectMapper().serialize(Shade.light) == "LIGHT")
    }
}
