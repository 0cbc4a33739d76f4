import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// Keys that are not XML names are written with `_xHHHH_` escapes and read back as
/// the same keys.
@Suite struct XMLNameEscapingTests {
    let xml = XMLSerializer(options: .init(writesDeclaration: false))

    @Test("each character that may not stand in a name becomes _xHHHH_", arguments: [
        ("first name", "first_x0020_name"),
        ("2fa", "_x0032_fa"),
        ("-x", "_x002D_x"),
        (".a", "_x002E_a"),
        ("a/b", "a_x002F_b"),
        ("a\u{2028}", "a_x2028_"),
        ("tab\there", "tab_x0009_here"),
        ("\u{1}", "_x0001_"),
        ("#other", "_x0023_other"),
        ("", "_x_"),
        // Above U+FFFF, eight digits; most such characters (emoji) are name characters.
        ("\u{F0000}", "_x000F0000_"),
        ("😀", "😀"),
        ("日本", "日本"),
    ])
    func escapedElement(key: String, name: String) throws {
        let value: SupportedType = ["r": .dictionary(OrderedMap([(key, SupportedType.string("v"))]))]
        let text = try xml.serialize(toString: value)
        #expect(text == "<r><\(name)>v</\(name)></r>")
        #expect(try xml.deserialize(fromString: text) == value)
    }

    @Test("a _ that starts text reading as an escape is escaped itself", arguments: [
        ("_x0041_", "_x005F_x0041_"),
        ("_x00000041_", "_x005F_x00000041_"),
        ("_x_", "_x005F_x_"),
        ("a_x002f_b", "a_x005F_x002f_b"),
        // Four digits are enough: the escape of what follows would close them.
        ("_xFFFF ", "_x005F_xFFFF_x0020_"),
        ("_xD800_", "_x005F_xD800_"),
        // Text that cannot read as an escape stays as it is.
        ("_xZZZZ_", "_xZZZZ_"),
        ("_x12_", "_x12_"),
        ("_x", "_x"),
    ])
    func escapedUnderscore(key: String, name: String) throws {
        let value: SupportedType = ["r": .dictionary(OrderedMap([(key, SupportedType.string("v"))]))]
        let text = try xml.serialize(toString: value)
        #expect(text == "<r><\(name)>v</\(name)></r>")
        #expect(try xml.deserialize(fromString: text) == value)
    }

    @Test("attribute names and the root name are escaped the same way; the text key is text")
    func attributesAndRoot() throws {
        let value: SupportedType = ["my root": ["@a b": "1", "@": "2", "@xml:lang": "en", "#text": "t"]]
        let text = try xml.serialize(toString: value)
        #expect(text == #"<my_x0020_root a_x0020_b="1" _x_="2" xml:lang="en">t</my_x0020_root>"#)
        #expect(try xml.deserialize(fromString: text) == value)
        let named = XMLSerializer(options: .init(rootName: "2 roots", writesDeclaration: false))
        #expect(try named.serialize(toString: ["a": "1"]) == "<_x0032__x0020_roots><a>1</a></_x0032__x0020_roots>")
    }

    @Test("escapes from another writer read back, in either case of hex digit")
    func readsEscapes() throws {
        let text = "<r><a_x0020_b>1</a_x0020_b><c_x002f_d e_x003a_f=\"2\">3</c_x002f_d></r>"
        #expect(try xml.deserialize(fromString: text) == ["r": ["a b": "1", "c/d": ["@e:f": "2", "#text": "3"]]])
    }

    @Test("valid names, qualified names with declared prefixes among them, are written as they are")
    func validNamesUnchanged() throws {
        let value: SupportedType = ["a:r": ["@xmlns:a": "urn:a", "x_y": "1", "_x": "2", "a:b-c.d": "3", "é": "4"]]
        let text = try xml.serialize(toString: value)
        #expect(text == #"<a:r xmlns:a="urn:a"><x_y>1</x_y><_x>2</_x><a:b-c.d>3</a:b-c.d><é>4</é></a:r>"#)
        #expect(try xml.deserialize(fromString: text) == value)
    }

    @Test("random keys, attribute keys among them, read back as the same keys", arguments: 0..<40)
    func randomKeysRoundTrip(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var random = RandomValues(seed: seed, leaves: [.string])
        let pieces = ["_x", "0041", "_", "x", ":", "a", "1", "-", ".", " ", "@", "#", "é", "😀", "\u{F0000}", "/", "FFFF", "_x_", "\u{7}"]
        var children = OrderedMap()
        var attributes = OrderedMap()
        for index in 0..<12 {
            let length = Int.random(in: 0...6, using: &generator)
            var key = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
            if index.isMultiple(of: 3) { key = random.string(maxLength: 6) }
            // A leading @ makes an attribute and #text is the text key, by the convention.
            if key.hasPrefix("@") || key == "#text" { continue }
            children[key] = .string("c\(index)")
            attributes["@" + key] = .string("a\(index)")
        }
        var element = attributes
        for (key, value) in children { element[key] = value }
        let value: SupportedType = ["r": .dictionary(element)]
        let text = try xml.serialize(toString: value)
        #expect(try xml.deserialize(fromString: text) == value, "\(text)")
    }

    private struct Person: Codable, Equatable {
        var firstName: String
        var age: Int

        enum CodingKeys: String, CodingKey {
            case firstName = "first name"
            case age = "2age"
        }
    }

    @Test("the Codable bridge writes and reads escaped names through the same writer")
    func codable() throws {
        let person = Person(firstName: "Ada", age: 36)
        let xml = XMLSerializer(options: .init(unwrapsRoot: true, rootName: "person"))
        let data = try xml.encode(person)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<first_x0020_name>Ada</first_x0020_name>"))
        #expect(text.contains("<_x0032_age>36</_x0032_age>"))
        #expect(try xml.decode(Person.self, from: data) == person)
    }
}
