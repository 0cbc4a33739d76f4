import DataMapper
import DataMapperJSON
import Foundation
import Testing

/// Key strategies rewrite the keys of keyed containers only, never those of a
/// `[String: T]` dictionary, as Foundation's `JSONEncoder` and `JSONDecoder` do.
@Suite struct KeyStrategyTests {
    struct Settings: Codable, Equatable {
        struct Inner: Codable, Equatable { var innerValue: Int }
        var userName: String
        var extraLabels: [String: String]
        var nestedTables: [String: [String: Inner]]
        var innerList: [Inner]
    }

    static let settings = Settings(
        userName: "ann", extraLabels: ["appName": "web", "team_id": "7"],
        nestedTables: ["firstTable": ["rowKey": .init(innerValue: 1)]], innerList: [.init(innerValue: 2)]
    )

    @Test("convertToSnakeCase leaves dictionary keys alone, byte for byte as JSONEncoder writes it")
    func snakeCaseMatchesJSONEncoder() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        foundation.keyEncodingStrategy = .convertToSnakeCase
        var encoder = SupportedTypeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let ours = JSONSerializer(options: .init(sortKeys: true, foundationCompatible: true))
        let expected = #"{"extra_labels":{"appName":"web","team_id":"7"},"inner_list":[{"inner_value":2}],"nested_tables":{"firstTable":{"rowKey":{"inner_value":1}}},"user_name":"ann"}"#
        #expect(String(decoding: try foundation.encode(Self.settings), as: UTF8.self) == expected)
        #expect(String(decoding: try ours.encode(Self.settings, encoder: encoder), as: UTF8.self) == expected)
    }

    @Test("a custom key strategy leaves dictionary keys alone too, as JSONEncoder's does")
    func customLeavesDictionaries() throws {
        let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            AnyKey(stringValue: (path.last?.stringValue ?? "").uppercased())
        }
        var encoder = SupportedTypeEncoder()
        encoder.keyEncodingStrategy = .custom(upper)
        let value = try encoder.encode(Self.settings)
        #expect(value["EXTRALABELS"]?["appName"]?.string == "web")
        #expect(value["NESTEDTABLES"]?["firstTable"]?["rowKey"]?["INNERVALUE"]?.int == 1)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        foundation.keyEncodingStrategy = .custom(upper)
        let ours = JSONSerializer(options: .init(sortKeys: true, foundationCompatible: true))
        #expect(try ours.serialize(value) == foundation.encode(Self.settings))
    }

    @Test("convertFromSnakeCase reads dictionary keys as written, as JSONDecoder does")
    func snakeCaseDecodingMatchesJSONDecoder() throws {
        let text = #"{"user_name":"ann","extra_labels":{"appName":"web","team_id":"7"},"nested_tables":{"firstTable":{"rowKey":{"inner_value":1}}},"inner_list":[{"inner_value":2}]}"#
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        var decoder = SupportedTypeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundation.decode(Settings.self, from: Data(text.utf8))
        #expect(expected == Self.settings)
        #expect(try JSONSerializer().decode(Settings.self, fromString: text, decoder: decoder) == expected)
    }

    @Test("a snake-case round trip keeps dictionary keys")
    func roundTrip() throws {
        var encoder = SupportedTypeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var decoder = SupportedTypeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = JSONSerializer()
        #expect(try json.decode(Settings.self, from: json.encode(Self.settings, encoder: encoder), decoder: decoder) == Self.settings)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
