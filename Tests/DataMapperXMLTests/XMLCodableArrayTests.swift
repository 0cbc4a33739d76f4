import DataMapper
import DataMapperXML
import Foundation
import Testing

/// Arrays from repeated sibling elements, and fields read from attributes, decoded
/// into plain `Codable` models.
@Suite("XML Codable arrays and attributes")
struct XMLCodableArrayTests {
    struct Book: Codable, Equatable {
        var id: Int
        var title: String
    }

    struct Library: Codable, Equatable {
        var book: [Book]
    }

    struct Food: Codable, Equatable {
        var name: String
    }

    struct Menu: Codable, Equatable {
        var food: [Food]
    }

    let xml = XMLSerializer()

    @Test("one repeated element is an array of one, read with its attribute")
    func oneElement() throws {
        let library = try xml.decode(Library.self, fromString: #"<library><book id="1"><title>A</title></book></library>"#)
        #expect(library == Library(book: [Book(id: 1, title: "A")]))
    }

    @Test("five repeated elements are an array of five, in document order")
    func fiveElements() throws {
        let names = ["toast", "eggs", "oats", "fruit", "tea"]
        let document = "<menu>" + names.map { "<food><name>\($0)</name></food>" }.joined() + "</menu>"
        let menu = try xml.decode(Menu.self, fromString: document)
        #expect(menu.food.map(\.name) == names)
    }

    @Test("no element is an empty array, whether the parent is empty or holds other children")
    func noElement() throws {
        #expect(try xml.decode(Library.self, fromString: "<library/>") == Library(book: []))
        #expect(try xml.decode(Library.self, fromString: "<library></library>") == Library(book: []))
        #expect(try xml.decode(Library.self, fromString: "<library>\n  \n</library>") == Library(book: []))
        #expect(try xml.decode(Library.self, fromString: "<library><name>x</name></library>") == Library(book: []))
    }

    @Test("repeated elements between other children still form one array")
    func interleaved() throws {
        struct Shelf: Codable, Equatable { var label: String; var book: [Book]; var note: String }
        let document = """
            <shelf>
              <book id="1"><title>A</title></book>
              <label>top</label>
              <book id="2"><title>B</title></book>
              <note>dusty</note>
            </shelf>
            """
        let shelf = try xml.decode(Shelf.self, fromString: document)
        #expect(shelf == Shelf(label: "top", book: [Book(id: 1, title: "A"), Book(id: 2, title: "B")], note: "dusty"))
    }

    @Test("an empty repeated element is one empty item, not an empty array")
    func oneEmptyItem() throws {
        struct Tags: Codable, Equatable { var tag: [String] }
        #expect(try xml.decode(Tags.self, fromString: "<t><tag/></t>") == Tags(tag: [""]))
        #expect(try xml.decode(Tags.self, fromString: "<t><tag/><tag>b</tag></t>") == Tags(tag: ["", "b"]))
        #expect(try xml.decode(Tags.self, fromString: "<t></t>") == Tags(tag: []))
    }

    @Test("a field is read from a child element, else from an attribute of the same name")
    func attributes() throws {
        struct Item: Codable, Equatable { var id: String; var name: String; var count: Int? }
        let fromAttributes = try xml.decode(Item.self, fromString: #"<item id="a7" name="bolt" count="3"/>"#)
        #expect(fromAttributes == Item(id: "a7", name: "bolt", count: 3))
        let childFirst = try xml.decode(Item.self, fromString: #"<item id="attr"><id>child</id><name>nut</name></item>"#)
        #expect(childFirst == Item(id: "child", name: "nut", count: nil))
    }

    @Test("an attribute prefix set in the options is the one looked up")
    func customPrefix() throws {
        let serializer = XMLSerializer(options: .init(attributePrefix: "_"))
        let book = try serializer.decode(Book.self, fromString: #"<book id="4"><title>D</title></book>"#)
        #expect(book == Book(id: 4, title: "D"))
    }

    @Test("a scalar beside attributes is read from the element's text")
    func textBesideAttributes() throws {
        struct Product: Codable, Equatable { var name: String; var price: Double; var sku: String }
        let document = #"<product><name lang="en">Lamp</name><price currency="EUR">19.90</price><sku kind="x"/></product>"#
        #expect(try xml.decode(Product.self, fromString: document) == Product(name: "Lamp", price: 19.9, sku: ""))
    }
}
