import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// Codable through XML: what the encoder writes, the decoder reads back, driven by the
/// type (the root holds the model, arrays are repeated elements, text is kept exactly).
@Suite("XML Codable round trips")
struct XMLCodableRoundTripTests {
    struct Server: Codable, Equatable {
        var host: String
        var port: Int
        var tags: [String]
        var secure: Bool
        var weight: Double
        var note: String?
    }

    let xml = XMLSerializer()

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test("the README's server model reads back what the default serializer writes")
    func server() throws {
        let server = Server(host: "a", port: 80, tags: ["edge", "eu"], secure: true, weight: 0.5, note: nil)
        let data = try xml.encode(server)
        #expect(text(data) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <root><host>a</host><port>80</port><tags>edge</tags><tags>eu</tags><secure>true</secure>\
            <weight>0.5</weight></root>
            """)
        #expect(try xml.decode(Server.self, from: data) == server)
        let noted = Server(host: "b", port: 1, tags: [], secure: false, weight: -2, note: "n")
        expectCodableRoundTrip(noted, through: xml)
    }

    @Test("the root element holds the model whatever its name", arguments: ["server", "config", "root", "x:y"])
    func rootName(name: String) throws {
        let document = "<\(name)><host>h</host><port>8080</port><tags>t</tags><secure>1</secure><weight>2</weight></\(name)>"
        let server = try xml.decode(Server.self, fromString: document)
        #expect(server == Server(host: "h", port: 8080, tags: ["t"], secure: true, weight: 2, note: nil))
    }

    @Test("a root name set in the options is written and still read as the model")
    func configuredRoot() throws {
        let named = XMLSerializer(options: .init(unwrapsRoot: true, rootName: "server"))
        let server = Server(host: "a", port: 2, tags: ["x"], secure: false, weight: 1.25, note: "n")
        let data = try named.encode(server)
        #expect(text(data).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<server><host>a</host>"))
        #expect(try named.decode(Server.self, from: data) == server)
        #expect(try xml.decode(Server.self, from: data) == server)
    }

    @Test("pretty output reads back: indentation between elements is not text")
    func pretty() throws {
        struct Outer: Codable, Equatable { var servers: [Server]; var name: String }
        let pretty = XMLSerializer(options: .init(outputStyle: .pretty))
        let value = Outer(servers: [
            Server(host: " spaced ", port: 1, tags: ["a", "b"], secure: true, weight: 1, note: ""),
            Server(host: "x", port: 2, tags: [], secure: false, weight: 0, note: nil),
        ], name: "two")
        let data = try pretty.encode(value)
        #expect(text(data).contains("\n  <servers>\n    <host> spaced </host>\n"))
        #expect(try pretty.decode(Outer.self, from: data) == value)
    }

    // MARK: - Empty and absent

    struct Named: Codable, Equatable {
        var name: String
        var nick: String?
    }

    @Test("an empty element is an empty string, also for an optional; an absent one is nil")
    func emptyAndNil() throws {
        #expect(try xml.decode(Named.self, fromString: "<p><name/></p>") == Named(name: "", nick: nil))
        #expect(try xml.decode(Named.self, fromString: "<p><name></name><nick/></p>") == Named(name: "", nick: ""))
        for value in [Named(name: "", nick: ""), Named(name: "", nick: nil), Named(name: "a", nick: "b")] {
            expectCodableRoundTrip(value, through: xml)
        }
        #expect(text(try xml.encode(Named(name: "", nick: nil))).hasSuffix("<root><name></name></root>"))
    }

    @Test("an optional whose type cannot be empty reads an empty element as nil")
    func emptyOptionalNumber() throws {
        struct Count: Codable, Equatable { var count: Int? }
        #expect(try xml.decode(Count.self, fromString: "<c><count/></c>") == Count(count: nil))
        #expect(try xml.decode(Count.self, fromString: "<c><count>3</count></c>") == Count(count: 3))
    }

    @Test("optionals at depth keep the difference between nil and an empty value")
    func nestedOptionals() throws {
        struct Leaf: Codable, Equatable { var value: Int? }
        struct Inner: Codable, Equatable { var leaf: Leaf? }
        struct Outer: Codable, Equatable { var inner: Inner? }
        for value in [
            Outer(inner: nil), Outer(inner: Inner(leaf: nil)), Outer(inner: Inner(leaf: Leaf(value: nil))),
            Outer(inner: Inner(leaf: Leaf(value: 7))),
        ] {
            expectCodableRoundTrip(value, through: xml)
        }
    }

    // MARK: - Whitespace

    @Test("text keeps its spaces, tabs and line breaks whatever the whitespace option",
          arguments: [XMLSerializer.Options.Whitespace.trim, .preserve])
    func whitespace(option: XMLSerializer.Options.Whitespace) throws {
        let serializer = XMLSerializer(options: .init(whitespace: option))
        for text in ["  padded  ", "line one\nline two\n", "\tindented", " ", "\n", "a\r\nb", "  "] {
            let value = Named(name: text, nick: text)
            expectCodableRoundTrip(value, through: serializer, "\(text.debugDescription)")
            expectCodableRoundTrip([text], through: serializer, "\(text.debugDescription)")
        }
        #expect(try serializer.decode(Named.self, fromString: "<p><name>  two words </name></p>").name == "  two words ")
    }

    @Test("numbers and booleans read through the spaces around them")
    func spacedScalars() throws {
        struct Numbers: Codable, Equatable { var count: Int; var ratio: Double; var on: Bool }
        let read = try xml.decode(Numbers.self, fromString: "<n><count> 12 </count><ratio>\n0.5\n</ratio><on> true</on></n>")
        #expect(read == Numbers(count: 12, ratio: 0.5, on: true))
    }

    // MARK: - Dictionaries

    @Test("a dictionary with integer keys is written with escaped names and read back")
    func integerKeys() throws {
        let table: [Int: String] = [1: "one", 20: "twenty", -3: "minus three"]
        let data = try xml.encode(table)
        #expect(text(data).contains("<_x0031_>one</_x0031_>"))
        #expect(text(data).contains("<_x002D_3>minus three</_x002D_3>"))
        #expect(try xml.decode([Int: String].self, from: data) == table)
        struct Holder: Codable, Equatable { var names: [Int: String] }
        expectCodableRoundTrip(Holder(names: table), through: xml)
        expectCodableRoundTrip(Holder(names: [:]), through: xml)
    }

    @Test("a dictionary of models keeps keys that are not XML names")
    func stringKeys() throws {
        struct Child: Codable, Equatable { var score: Int; var tags: [String] }
        let table = ["first name": Child(score: 1, tags: ["a"]), "2fa": Child(score: 2, tags: []), "_x": Child(score: 3, tags: ["b", "c"])]
        expectCodableRoundTrip(table, through: xml)
        expectCodableRoundTrip([String: Child](), through: xml)
    }

    // MARK: - Top-level values

    @Test("scalars, strings and arrays are documents of their own")
    func topLevel() throws {
        struct Child: Codable, Equatable { var name: String }
        #expect(text(try xml.encode(42)).hasSuffix("<root>42</root>"))
        expectCodableRoundTrip(42, through: xml)
        expectCodableRoundTrip("  hi  ", through: xml)
        expectCodableRoundTrip("", through: xml)
        expectCodableRoundTrip(["a", "b"], through: xml)
        expectCodableRoundTrip(["only"], through: xml)
        expectCodableRoundTrip([""], through: xml)
        expectCodableRoundTrip([String](), through: xml)
        expectCodableRoundTrip([Child(name: "a"), Child(name: "b")], through: xml)
        expectCodableRoundTrip([Child(name: "a")], through: xml)
        expectCodableRoundTrip(Optional<Int>.none, through: xml)
        #expect(try xml.decode(Int.self, fromString: "<count>7</count>") == 7)
        #expect(try xml.decode([String].self, fromString: "<tags><tag>x</tag><tag>y</tag></tags>") == ["x", "y"])
        #expect(try xml.decode([String].self, fromString: "<tags count=\"1\"><tag>x</tag></tags>") == ["x"])
        #expect(try xml.decode([String].self, fromString: "<tags>\n</tags>") == [])
    }

    // MARK: - Nesting and special types

    @Test("arrays of arrays, at a key and at the top")
    func nestedArrays() throws {
        struct Grid: Codable, Equatable { var rows: [[Int]] }
        for rows in [[[1, 2], [3], []], [[5]], [[], []], [[1], [2, 3]]] {
            expectCodableRoundTrip(Grid(rows: rows), through: xml, "\(rows)")
            expectCodableRoundTrip(rows, through: xml, "\(rows)")
        }
        expectCodableRoundTrip([[["a"]], [["b", "c"], []]], through: xml)
    }

    enum Level: String, Codable { case low, high }
    enum Rank: Int, Codable { case first = 1, second = 2 }
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case labelled(String, Int)
        case empty
    }

    @Test("enums with raw values and with associated values")
    func enums() throws {
        struct Drawing: Codable, Equatable { var level: Level; var rank: Rank; var shapes: [Shape]; var main: Shape }
        let value = Drawing(level: .high, rank: .second, shapes: [.circle(radius: 1.5), .labelled("x", 3), .empty], main: .empty)
        expectCodableRoundTrip(value, through: xml)
        let one = Drawing(level: .low, rank: .first, shapes: [.labelled("", 0)], main: .circle(radius: 0))
        expectCodableRoundTrip(one, through: xml)
    }

    @Test("dates, data, URLs and UUIDs")
    func foundationTypes() throws {
        struct Record: Codable, Equatable { var at: Date; var bytes: Data; var empty: Data; var link: URL; var id: UUID }
        let value = Record(
            at: Date(timeIntervalSinceReferenceDate: 123_456.25), bytes: Data([0, 1, 254, 255]), empty: Data(),
            link: URL(string: "https://example.com/a?b=c&d=e")!, id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        )
        expectCodableRoundTrip(value, through: xml)
        var encoder = SupportedTypeEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var decoder = SupportedTypeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = try xml.encode(value, encoder: encoder)
        #expect(text(data).contains("<at>2001-01-02T10:17:36Z</at>"))
        #expect(try xml.decode(Record.self, from: data, decoder: decoder).at == Date(timeIntervalSinceReferenceDate: 123_456))
    }

    class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Dog: Animal {
        var breed: String
        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }

        enum CodingKeys: String, CodingKey { case breed }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("a subclass that codes its superclass through superEncoder")
    func classes() throws {
        let data = try xml.encode(Dog(name: "Rex", breed: "collie"))
        #expect(text(data).hasSuffix("<root><breed>collie</breed><super><name>Rex</name></super></root>"))
        let dog = try xml.decode(Dog.self, from: data)
        #expect(dog.name == "Rex")
        #expect(dog.breed == "collie")
    }
}
