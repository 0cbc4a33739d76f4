import DataMapper
import Foundation
import Testing

private struct Settings: Codable, Equatable {
    var port: Int
    var ratio: Double
    var enabled: Bool
    var small: UInt8
    var name: String
    var items: [String]
    var limits: [String: Int]
}

@Suite struct CodableTextScalarTests {
    var textDecoder: SupportedTypeDecoder {
        var decoder = SupportedTypeDecoder()
        decoder.scalarReading = .fromText
        return decoder
    }

    @Test("reading text, numbers and booleans parse from strings; exact reading refuses them")
    func scalarsFromStrings() throws {
        let value: SupportedType = [
            "port": " 8080\n", "ratio": "0.25", "enabled": "TRUE", "small": "7", "name": "n",
            "items": ["a", "b"], "limits": ["x": "1"],
        ]
        let settings = try textDecoder.decode(Settings.self, from: value)
        #expect(settings == Settings(port: 8080, ratio: 0.25, enabled: true, small: 7, name: "n", items: ["a", "b"], limits: ["x": 1]))
        #expect(throws: DecodingError.self) { try SupportedTypeDecoder().decode(Settings.self, from: value) }
    }

    @Test("reading text, a null is an empty string or container and a lone value an array of one")
    func xmlShapes() throws {
        let value: SupportedType = [
            "port": "1", "ratio": "1", "enabled": "0", "small": "0", "name": .null,
            "items": "only", "limits": .null,
        ]
        let settings = try textDecoder.decode(Settings.self, from: value)
        #expect(settings.name == "")
        #expect(settings.items == ["only"])
        #expect(settings.limits == [:])
    }

    @Test("reading text, a missing container key reads as empty; a missing scalar is still an error")
    func missingContainers() throws {
        let value: SupportedType = ["port": "1", "ratio": "1", "enabled": "false", "small": "0", "name": "n"]
        let settings = try textDecoder.decode(Settings.self, from: value)
        #expect(settings.items.isEmpty && settings.limits.isEmpty)
        #expect(throws: DecodingError.self) { try textDecoder.decode(Settings.self, from: ["ratio": "1"]) }
        let noName: SupportedType = ["port": "1", "ratio": "1", "enabled": "false", "small": "0"]
        #expect(throws: DecodingError.self) { try textDecoder.decode(Settings.self, from: noName) }
    }

    @Test("the mapping layer's TextScalars policy turns text reading on, and a text decode turns it on for mapped types")
    func sharedPolicy() throws {
        let value: SupportedType = ["port": "2", "ratio": "1.5", "enabled": "1", "small": "3", "name": "n"]
        let settings = try TextScalars.accepting { try SupportedTypeDecoder().decode(Settings.self, from: value) }
        #expect(settings.port == 2 && settings.enabled)
        let seenInside = try textDecoder.decode(PolicyProbe.self, from: [:]).accepted
        #expect(seenInside)
        #expect(try SupportedTypeDecoder().decode(PolicyProbe.self, from: [:]).accepted == false)
    }

    @Test("reading text, an integer string out of range is dataCorrupted and a word is a type mismatch")
    func textErrors() {
        let base: [String: SupportedType] = ["port": "1", "ratio": "1", "enabled": "yes", "small": "300", "name": "n"]
        do {
            _ = try textDecoder.decode(Settings.self, from: .dictionary(base.merging(["enabled": "true"]) { $1 }))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["small"])
            #expect(context.debugDescription == "expected UInt8 (0...255), found 300")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: DecodingError.self) { try textDecoder.decode(Settings.self, from: .dictionary(base)) }
    }
}

private struct PolicyProbe: Decodable {
    var accepted: Bool
    init(from decoder: any Decoder) throws { accepted = TextScalars.areAccepted }
}
