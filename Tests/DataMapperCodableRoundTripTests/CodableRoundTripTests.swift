import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import DataMapperTestSupport
import DataMapperXML
import DataMapperYAML
import Foundation
import PropertyBased
import Testing

/// The four formats, each as a serializer the Codable bridge works through.
enum Format: String, CaseIterable, CustomTestStringConvertible {
    case json, yaml, xml, messagePack

    var serializer: any Serializer {
        switch self {
        case .json: return JSONSerializer()
        case .yaml: return YAMLSerializer()
        // The defaults: Codable reads the root element as the model whatever its name.
        case .xml: return XMLSerializer()
        case .messagePack: return MessagePackSerializer()
        }
    }

    var testDescription: String { rawValue }
}

@Suite struct CodableRoundTripTests {
    static let models = Gen.uint64().map(EveryField.random(seed:))

    @Test("a model with every kind of field reads back equal from every format", arguments: Format.allCases)
    func everyField(format: Format) async {
        let serializer = format.serializer
        await propertyCheck(count: 200, input: Self.models) { model in
            recordingErrors("\(model)") {
                let data = try serializer.encode(model)
                let read = try serializer.decode(EveryField.self, from: data)
                #expect(read == model, "written as:\n\(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    @Test("dates keep their sub-microsecond part through every format with the timestamp strategy", arguments: Format.allCases)
    func timestamps(format: Format) async throws {
        var encoder = SupportedTypeEncoder()
        encoder.dateEncodingStrategy = .timestamp
        var decoder = SupportedTypeDecoder()
        decoder.dateDecodingStrategy = .timestamp
        struct Stamped: Codable, Equatable { var at: [Date] }
        let value = Stamped(at: [Date(timeIntervalSince1970: 1_700_000_000.123456), Date(timeIntervalSince1970: -86_400.5)])
        let data = try format.serializer.encode(value, encoder: encoder)
        let read = try format.serializer.decode(Stamped.self, from: data, decoder: decoder)
        for (original, back) in zip(value.at, read.at) {
            #expect(abs(original.timeIntervalSince1970 - back.timeIntervalSince1970) < 1e-6)
        }
    }

    @Test("a bad value in a text document names its line and column", arguments: [Format.json, .yaml, .xml])
    func positions(format: Format) throws {
        struct Server: Decodable { var host: String; var port: Int }
        let text = switch format {
        case .json: "{\n  \"host\": \"a\",\n  \"port\": \"80a\"\n}"
        case .xml: "<server>\n  <host>a</host>\n  <port>80a</port>\n</server>"
        default: "host: a\nport: 80a\n"
        }
        do {
            _ = try format.serializer.decode(Server.self, fromString: text)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            let expected = switch format {
            case .json: "3:11: expected Int, found the string \"80a\""
            case .xml: "3:3: expected Int, found the string \"80a\""
            default: "2:7: expected Int, found the string \"80a\""
            }
            #expect(context.debugDescription == expected)
            #expect(context.codingPath.map(\.stringValue) == ["port"])
        }
    }

    @Test("a document that does not parse is dataCorrupted carrying the parser's error")
    func syntax() {
        do {
            _ = try JSONSerializer().decode([Int].self, fromString: "[1, 2")
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError is DataMapperError)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
