import DataMapper
import DataMapperXML
import Foundation
import Testing

/// The grouping and bookkeeping of the tree builder on shapes the small reader tests
/// do not reach: many names, nested elements of the same name, keys that come back
/// after others, text in several pieces.
@Suite struct XMLTreeBuilderTests {
    func read(_ text: String, _ options: XMLSerializer.Options = .init()) throws -> SupportedType {
        try XMLSerializer(options: options).deserialize(fromString: text)
    }

    @Test("a thousand distinct element names each keep their own value, in document order")
    func manyNames() throws {
        let names = (0..<1000).map { "n\($0)" }
        let body = names.map { "<\($0)>\($0.dropFirst())</\($0)>" }.joined()
        let value = try read("<r>\(body)</r>")
        let map = try #require(value["r"]?.orderedMap)
        #expect(map.keys == names)
        #expect(map["n0"] == "0" && map["n517"] == "517" && map["n999"] == "999")
    }

    @Test("a key repeated after other keys groups the values of its own element only")
    func nestedSameNames() throws {
        let value = try read("<r><a><a>1</a><b/><a>2</a></a><b>x</b><a>3</a><b>y</b></r>")
        #expect(value == ["r": ["a": [["a": ["1", "2"], "b": nil], "3"], "b": ["x", "y"]]])
        #expect(value["r"]?["a"]?[0]?.orderedMap?.keys == ["a", "b"])
    }

    @Test("values of a repeated key keep their order and positions when other keys interleave")
    func interleavedKeys() throws {
        let value = try read("<r>\n<k>1</k><m>a</m>\n<k>2</k><m>b</m><k>3</k>\n</r>")
        let list = try #require(value["r"]?["k"]?.array)
        #expect(list == ["1", "2", "3"])
        #expect(list.map(\.position) == [.text(line: 2, column: 1), .text(line: 3, column: 1), .text(line: 3, column: 17)])
        #expect(value["r"]?["k"]?.position == .text(line: 2, column: 1))
        #expect(value["r"]?["m"] == ["a", "b"])
    }

    @Test("thousands of small elements read back with their lines, and change one at a time")
    func manySmallElements() throws {
        let count = 3_000
        // One element per line: a point of two coordinates, or an area with an id and a label.
        let lines = (0..<count).map { number in
            number.isMultiple(of: 2)
                ? "<p><c>\(number).25</c><c>-\(number).5</c></p>"
                : "<area id=\"\(number)\"><label>block \(number)</label><empty/></area>"
        }
        let value = try read("<r>\n" + lines.joined(separator: "\n") + "\n</r>")
        let points = try #require(value["r"]?["p"]?.array)
        let areas = try #require(value["r"]?["area"]?.array)
        #expect(points.count == count / 2 && areas.count == count / 2)
        for (index, point) in points.enumerated() {
            let number = index * 2
            #expect(point == ["c": [.string("\(number).25"), .string("-\(number).5")]])
            #expect(point.position.line == number + 2)
            #expect(point["c"]?[1]?.position.line == number + 2)
        }
        for (index, area) in areas.enumerated() {
            let number = index * 2 + 1
            #expect(area == ["@id": .string("\(number)"), "label": .string("block \(number)"), "empty": nil])
            #expect(area.orderedMap?.keys == ["@id", "label", "empty"])
            #expect(area["label"]?.position.line == number + 2)
        }
        guard case .dictionary(var first) = areas[0].kind else {
            Issue.record("expected a dictionary")
            return
        }
        first["label"] = "changed"
        #expect(first["label"] == "changed")
        #expect(areas[0]["label"] == "block 1" && areas[1]["label"] == "block 3")
        // Written and read again, the document is the same.
        let serializer = XMLSerializer()
        #expect(try serializer.deserialize(serializer.serialize(value)) == value)
    }

    @Test("many dictionaries with different key lists each keep exactly their own keys")
    func manyShapes() throws {
        var body = ""
        var expected: [SupportedType] = []
        for index in 0..<300 {
            let keys = (0...(index % 7)).map { "k\((index + $0) % 11)" }
            let unique = keys.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            body += "<s>" + unique.map { "<\($0)>\(index)</\($0)>" }.joined() + "</s>"
            expected.append(.dictionary(OrderedMap(unique.map { ($0, SupportedType.string("\(index)")) })))
        }
        let value = try read("<r>\(body)</r>")
        let items = try #require(value["r"]?["s"]?.array)
        #expect(items == expected)
        #expect(items.map { $0.orderedMap?.keys ?? [] } == expected.map { $0.orderedMap?.keys ?? [] })
    }

    @Test("spaces in several pieces before the text are trimmed, and kept with preserve")
    func textInPieces() throws {
        let text = "<r><a>  <![CDATA[ ]]>  x <![CDATA[y]]> </a><b>\n  <c/>\n  mid\n</b></r>"
        #expect(try read(text) == ["r": ["a": "x y", "b": ["c": nil, "#text": "mid"]]])
        let kept = try read(text, .init(whitespace: .preserve))
        #expect(kept["r"]?["a"] == "     x y ")
        #expect(kept["r"]?["b"]?["#text"] == "\n  \n  mid\n")
    }

    @Test("a start tag with attributes over several lines is placed at its '<'")
    func multiLineTag() throws {
        let value = try read("<r>\n  <a\n   x=\"1\"\n   y=\"2\">t</a><b z='3'>u</b>\n</r>")
        #expect(value["r"]?["a"]?.position == .text(line: 2, column: 3))
        #expect(value["r"]?["a"]?["@y"]?.position == .text(line: 2, column: 3))
        #expect(value["r"]?["b"]?.position == .text(line: 4, column: 15))
    }

    @Test("an element's keys keep their order and lists whether each key came once, one key repeats, or keys mix")
    func mapShapes() throws {
        #expect(try read("<r><a>1</a><b>2</b><c/></r>") == ["r": ["a": "1", "b": "2", "c": nil]])
        let repeated = try read("<r>\n<a>1</a>\n<a>2</a><a>3</a></r>")
        #expect(repeated == ["r": ["a": ["1", "2", "3"]]])
        #expect(repeated["r"]?["a"]?.position == .text(line: 2, column: 1))
        #expect(try read("<r><a>1</a><b>2</b><a>3</a></r>") == ["r": ["a": ["1", "3"], "b": "2"]])
        #expect(try read(#"<r x="0"><a>1</a><a>2</a></r>"#) == ["r": ["@x": "0", "a": ["1", "2"]]])
    }

    @Test("force list makes a list of a key that came once, alone or beside others, and of no other key")
    func forcedShapes() throws {
        let options = XMLSerializer.Options(forceList: ["a"])
        #expect(try read("<r><a>1</a></r>", options) == ["r": ["a": ["1"]]])
        #expect(try read("<r><b>x</b></r>", options) == ["r": ["b": "x"]])
        #expect(try read("<r><b>x</b><a>1</a></r>", options) == ["r": ["b": "x", "a": ["1"]]])
        #expect(try read("<r><b>x</b><b>y</b></r>", options) == ["r": ["b": ["x", "y"]]])
    }
}
