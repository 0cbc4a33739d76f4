import DataMapper
import Foundation
import Testing

// Issue 28: a scope (`ConversionPolicy.applying`, `TextScalars.accepting`) and a
// mapper's policy are one mechanism; the scope wins. The policy reaches the Codable
// bridge.

private struct Port: Deserializable {
    let port: Int
    init(_ data: DeserializableData) throws { port = try data["port"].get() }
}

private struct Switch: Deserializable {
    let on: Bool
    init(_ data: DeserializableData) throws { on = try data["on"].get() }
}

private struct Settings: Codable, Equatable {
    var port: Int
    var enabled: Bool
    var label: String
}

private struct Service: Deserializable {
    let settings: Settings
    init(_ data: DeserializableData) throws { settings = try data["settings"].get(using: CodableTransformation<Settings>()) }
}

/// Reads the policy in force while a nested model is read.
private struct Probe: Deserializable {
    let seen: ConversionPolicy
    init(_ data: DeserializableData) throws { seen = ConversionPolicy.current }
}

@Suite struct ConversionScopeTests {
    let compatible = ObjectMapper(conversionPolicy: .compatible)

    @Test("the mapper's policy is in force during its mapping only, nested models included")
    func mapperPolicyIsScopedToItsMapping() throws {
        #expect(try compatible.deserialize([:], as: Probe.self).seen == .compatible)
        #expect(try ObjectMapper().deserialize([:], as: Probe.self).seen == .strict)
        #expect(ConversionPolicy.current == .strict)
        let nested = try compatible.deserialize([[:]] as SupportedType, as: [Probe].self)
        #expect(nested.map(\.seen) == [.compatible])
    }

    @Test("a strict mapper started inside a compatible mapping is strict")
    func innerStrictMapper() throws {
        let inner = try compatible.deserialize(["port": "1"], as: StrictInside.self)
        #expect(inner.failed)
    }

    @Test("a scope wins over the mapper's policy, both ways")
    func scopeWins() throws {
        #expect(try ConversionPolicy.compatible.applying { try ObjectMapper().deserialize(["port": "8"], as: Port.self) }.port == 8)
        #expect(throws: DataMapperError.self) {
            try ConversionPolicy.strict.applying { try compatible.deserialize(["port": "8"], as: Port.self) }
        }
    }

    @Test("TextScalars.accepting is the textScalars policy as a scope, added to the one in force")
    func textScalarsIsAScope() throws {
        let inside = TextScalars.accepting { ConversionPolicy.current }
        #expect(inside == .textScalars)
        // Inside a compatible scope, accepting keeps "yes" (compatible) and adds empties (text scalars).
        let both = ConversionPolicy.compatible.applying { TextScalars.accepting { ConversionPolicy.current } }
        #expect(both == ConversionPolicy.compatible.union(.textScalars))
        // A strict mapper inside accepting reads XML booleans but not "yes".
        #expect(try TextScalars.accepting { try ObjectMapper().deserialize(["on": "1"], as: Switch.self) }.on)
        #expect(throws: DataMapperError.self) {
            try TextScalars.accepting { try ObjectMapper().deserialize(["on": "yes"], as: Switch.self) }
        }
    }

    @Test("a scope covers the current task only")
    func scopeIsTaskLocal() async {
        let outside = await ConversionPolicy.compatible.applying {
            Task.detached { ConversionPolicy.current }
        }.value
        #expect(outside == .strict)
    }

    @Test("a compatible mapper's policy reaches a Codable field through the bridge")
    func codableBridge() throws {
        let value: SupportedType = ["settings": ["port": "8080", "enabled": "YES", "label": 7]]
        let service = try compatible.deserialize(value, as: Service.self)
        #expect(service.settings == Settings(port: 8080, enabled: true, label: "7"))
        #expect(throws: DataMapperError.self) { try ObjectMapper().deserialize(value, as: Service.self) }
    }

    @Test("a scope reaches the decoder used directly; outside it the decoder stays exact")
    func decoderUnderScope() throws {
        let value: SupportedType = ["port": "1", "enabled": 0, "label": 2.5]
        let settings = try ConversionPolicy.compatible.applying { try SupportedTypeDecoder().decode(Settings.self, from: value) }
        #expect(settings == Settings(port: 1, enabled: false, label: "2.5"))
        #expect(throws: DecodingError.self) { try SupportedTypeDecoder().decode(Settings.self, from: value) }
    }
}

/// Reads `port` with a fresh strict mapper from inside a compatible mapping.
private struct StrictInside: Deserializable {
    let failed: Bool
    init(_ data: DeserializableData) throws {
        let raw: SupportedType = try data["port"].get()
        failed = (try? ObjectMapper().deserialize(raw, as: Int.self)) == nil
    }
}
