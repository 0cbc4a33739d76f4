import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// The collection, `Equatable` and `Hashable` laws over values the parsers build: maps
/// that share a key list with the maps before them, maps large enough to be indexed,
/// nested and empty containers, and the same values after changes. (Values built in
/// code are checked in `DataMapperCoreTests/ValueLawTests.swift`.)
@Suite struct ParsedValueLawTests {
    /// Records of one shape (their maps share a key list once parsed), a map past the
    /// size at which maps are indexed, nested and empty containers.
    static let model: SupportedType = [
        "rows": .array((0..<5).map { row in ["id": .int(row), "name": .string("row \(row)"), "tags": ["a", "b"]] }),
        "big": .dictionary(OrderedMap((0..<70).map { ("k\($0)", SupportedType.int($0)) })),
        "nested": [[1, 2], [3], []],
        "empty": [],
        "nothing": [:],
    ]

    /// The same kind of document in XML, where text is a string and repeated elements
    /// are an array, and what it must read as.
    static let xmlText = "<r>" + (0..<5).map { "<row><id>\($0)</id><name>row \($0)</name></row>" }.joined()
        + "<big>" + (0..<70).map { "<k\($0)>\($0)</k\($0)>" }.joined() + "</big></r>"
    static let xmlModel: SupportedType = [
        "r": [
            "row": .array((0..<5).map { row in ["id": .string("\(row)"), "name": .string("row \(row)")] }),
            "big": .dictionary(OrderedMap((0..<70).map { ("k\($0)", SupportedType.string("\($0)")) })),
        ],
    ]

    /// `model` written and read back by `format`.
    static func parsed(by format: DataFormat) throws -> SupportedType {
        let serializer = format.serializer()
        return try serializer.deserialize(serializer.serialize(model))
    }

    /// Checks the collection laws over every array and map of `value`, against those of
    /// `expected` at the same place.
    static func checkContainers(_ value: SupportedType, expected: SupportedType, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        switch (value.kind, expected.kind) {
        case let (.array(elements), .array(model)):
            checkCollection(elements, expected: Array(model), sourceLocation: sourceLocation)
            for (element, modelElement) in zip(elements, model) {
                checkContainers(element, expected: modelElement, sourceLocation: sourceLocation)
            }
        case let (.dictionary(map), .dictionary(model)):
            checkCollection(map, expected: Array(model), by: { $0.key == $1.key && $0.value == $1.value }, sourceLocation: sourceLocation)
            for ((_, entry), (_, modelEntry)) in zip(map, model) {
                checkContainers(entry, expected: modelEntry, sourceLocation: sourceLocation)
            }
        default:
            #expect(value == expected, sourceLocation: sourceLocation)
        }
    }

    @Test("values each parser builds keep the collection laws", arguments: ["json", "yaml", "msgpack"])
    func parsedContainers(format name: String) throws {
        let format = try FormatRegistry.standard.format(named: name)
        Self.checkContainers(try Self.parsed(by: format), expected: Self.model)
    }

    @Test("values the XML parser builds keep the collection laws")
    func parsedXMLContainers() throws {
        let xml = try FormatRegistry.standard.format(named: "xml").serializer()
        Self.checkContainers(try xml.deserialize(Self.xmlText.data(using: .utf8) ?? Data()), expected: Self.xmlModel)
    }

    @Test("values parsed by every format and built in code are equal and hash alike")
    func parsedEquality() throws {
        let parsed = try ["json", "yaml", "msgpack"].map { name in
            try Self.parsed(by: try FormatRegistry.standard.format(named: name))
        }
        let xml = try FormatRegistry.standard.format(named: "xml").serializer()
        let parsedXML = try xml.deserialize(Self.xmlText.data(using: .utf8) ?? Data())
        let rows = try #require(parsed[0]["rows"]?.array)
        checkHashable([
            [Self.model] + parsed,
            [Self.xmlModel, parsedXML],
            [rows[0], try #require(Self.model["rows"]?.array?[0])],
            [rows[1]],
        ])
    }

    @Test("parsed maps that share a key list keep the laws, and each other's contents, after changes",
          arguments: ["json", "yaml", "msgpack"])
    func parsedThenChanged(format name: String) throws {
        let format = try FormatRegistry.standard.format(named: name)
        var rows = try #require(try Self.parsed(by: format)["rows"]?.array)
        var model = try #require(Self.model["rows"]?.array)
        for change in 0..<3 {
            var row = try #require(rows[change].orderedMap)
            var modelRow = try #require(model[change].orderedMap)
            switch change {
            case 0:
                row["name"] = "renamed"
                modelRow["name"] = "renamed"
            case 1:
                row["extra"] = true
                modelRow["extra"] = true
            default:
                _ = row.removeValue(forKey: "id")
                _ = modelRow.removeValue(forKey: "id")
            }
            rows[change] = .dictionary(row)
            model[change] = .dictionary(modelRow)
        }
        Self.checkContainers(.array(rows), expected: .array(model))
        // The rows left alone still read as parsed, key list and all.
        for untouched in 3..<5 {
            #expect(rows[untouched] == Self.model["rows"]?.array?[untouched])
            #expect(rows[untouched].orderedMap?.keys == ["id", "name", "tags"])
        }
        var big = try #require(try Self.parsed(by: format)["big"]?.orderedMap)
        _ = big.removeValue(forKey: "k0")
        big["k70"] = 70
        let expectedBig = (1...70).map { OrderedMap.Element(key: "k\($0)", value: .int($0)) }
        checkCollection(big, expected: expectedBig, by: { $0.key == $1.key && $0.value == $1.value })
        for entry in expectedBig { #expect(big[entry.key] == entry.value) }
    }
}
