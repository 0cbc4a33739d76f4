import DataMapper
import DataMapperXML
import Foundation
import Testing

/// Documents written by others, read into plain `Codable` models that hold no
/// XML-specific code: attributes, repeated elements, empty elements and indentation
/// are settled by the model's types.
@Suite("XML Codable foreign documents")
struct XMLForeignDocumentTests {
    let xml = XMLSerializer()

    // MARK: - A book catalog with attributes

    struct Catalog: Codable {
        struct Book: Codable {
            var id: String
            var author: String
            var title: String
            var genre: String
            var price: Double
            var published: String
            var description: String
        }
        var book: [Book]
    }

    @Test("a book catalog with ids as attributes and a price with a currency")
    func catalog() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <catalog>
               <book id="b001">
                  <author>Okafor, Ngozi</author>
                  <title>Tide Tables for Beginners</title>
                  <genre>Science</genre>
                  <price>18.50</price>
                  <published>2019-03-14</published>
                  <description>How the moon moves the sea,
                  told with diagrams.</description>
               </book>
               <book id="b002">
                  <author>Lindqvist, Saga</author>
                  <title>The Quiet Lighthouse</title>
                  <genre>Fiction</genre>
                  <price currency="EUR">9.99</price>
                  <published>2021-11-02</published>
                  <description>A keeper, a storm &amp; a letter.</description>
               </book>
            </catalog>
            """
        let catalog = try xml.decode(Catalog.self, fromString: document)
        try #require(catalog.book.count == 2)
        let first = catalog.book[0]
        #expect(first.id == "b001")
        #expect(first.author == "Okafor, Ngozi")
        #expect(first.title == "Tide Tables for Beginners")
        #expect(first.genre == "Science")
        #expect(first.price == 18.5)
        #expect(first.published == "2019-03-14")
        #expect(first.description == "How the moon moves the sea,\n      told with diagrams.")
        let second = catalog.book[1]
        #expect(second.id == "b002")
        #expect(second.author == "Lindqvist, Saga")
        #expect(second.title == "The Quiet Lighthouse")
        #expect(second.genre == "Fiction")
        #expect(second.price == 9.99)
        #expect(second.published == "2021-11-02")
        #expect(second.description == "A keeper, a storm & a letter.")
    }

    // MARK: - A breakfast menu

    struct BreakfastMenu: Codable {
        struct Food: Codable {
            var name: String
            var price: String
            var description: String
            var calories: Int
            var vegan: Bool?
        }
        var food: [Food]
    }

    @Test("a breakfast menu of five dishes")
    func menu() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <breakfast_menu>
              <food>
                <name>Oat porridge</name>
                <price>$4.50</price>
                <description>Slow-cooked oats with stewed apple</description>
                <calories>320</calories>
                <vegan>true</vegan>
              </food>
              <food>
                <name>Eggs on rye</name>
                <price>$6.25</price>
                <description>Two poached eggs, dark rye, chives</description>
                <calories>480</calories>
              </food>
              <food>
                <name>Fruit bowl</name>
                <price>$3.75</price>
                <description>Whatever the market had that morning</description>
                <calories>150</calories>
                <vegan>TRUE</vegan>
              </food>
              <food>
                <name>Buckwheat pancakes</name>
                <price>$7.00</price>
                <description>Three pancakes, maple syrup</description>
                <calories>690</calories>
                <vegan>0</vegan>
              </food>
              <food>
                <name>Miso soup</name>
                <price>$4.00</price>
                <description></description>
                <calories>90</calories>
                <vegan/>
              </food>
            </breakfast_menu>
            """
        let menu = try xml.decode(BreakfastMenu.self, fromString: document)
        try #require(menu.food.count == 5)
        #expect(menu.food.map(\.name) == ["Oat porridge", "Eggs on rye", "Fruit bowl", "Buckwheat pancakes", "Miso soup"])
        #expect(menu.food.map(\.price) == ["$4.50", "$6.25", "$3.75", "$7.00", "$4.00"])
        #expect(menu.food.map(\.calories) == [320, 480, 150, 690, 90])
        #expect(menu.food.map(\.vegan) == [true, nil, true, false, nil])
        #expect(menu.food[1].description == "Two poached eggs, dark rye, chives")
        #expect(menu.food[4].description == "")
    }

    // MARK: - A note

    struct Note: Codable {
        var to: String
        var from: String
        var cc: String?
        var signature: String?
        var heading: String
        var body: String
    }

    @Test("a note with an empty element and a missing one")
    func note() throws {
        let document = """
            <note>
              <to>Ada</to>
              <from>Charles</from>
              <cc/>
              <heading>Reminder</heading>
              <body>  The engine drawings are on the desk.  </body>
            </note>
            """
        let note = try xml.decode(Note.self, fromString: document)
        #expect(note.to == "Ada")
        #expect(note.from == "Charles")
        #expect(note.cc == "")
        #expect(note.signature == nil)
        #expect(note.heading == "Reminder")
        #expect(note.body == "  The engine drawings are on the desk.  ")
    }

    // MARK: - An app configuration with attributes and nested lists

    struct AppConfiguration: Codable {
        struct Server: Codable {
            var host: String
            var port: Int
            var secure: Bool
            var alias: [String]
        }
        struct Pool: Codable { var min: Int; var max: Int }
        struct Database: Codable { var url: URL; var pool: Pool }
        struct Feature: Codable { var name: String; var enabled: Bool; var allow: [String] }
        struct Features: Codable { var feature: [Feature] }
        enum Level: String, Codable { case debug, info, warning }
        struct Logging: Codable { var level: Level; var file: String? }

        var version: Int
        var server: Server
        var database: Database
        var features: Features
        var logging: Logging
    }

    @Test("an application configuration with attributes and nested lists")
    func configuration() throws {
        let document = """
            <?xml version="1.0"?>
            <!-- deployed by hand -->
            <configuration version="3">
              <server host="0.0.0.0" port="8443" secure="true">
                <alias>api.example.com</alias>
                <alias>www.example.com</alias>
              </server>
              <database>
                <url>postgres://db.internal:5432/app</url>
                <pool min="2" max="20"/>
              </database>
              <features>
                <feature name="search" enabled="true"/>
                <feature name="beta" enabled="false">
                  <allow>team-a</allow>
                </feature>
              </features>
              <logging level="info"/>
            </configuration>
            """
        let config = try xml.decode(AppConfiguration.self, fromString: document)
        #expect(config.version == 3)
        #expect(config.server.host == "0.0.0.0")
        #expect(config.server.port == 8443)
        #expect(config.server.secure)
        #expect(config.server.alias == ["api.example.com", "www.example.com"])
        #expect(config.database.url == URL(string: "postgres://db.internal:5432/app"))
        #expect(config.database.pool.min == 2)
        #expect(config.database.pool.max == 20)
        try #require(config.features.feature.count == 2)
        #expect(config.features.feature[0].name == "search")
        #expect(config.features.feature[0].enabled)
        #expect(config.features.feature[0].allow == [])
        #expect(config.features.feature[1].name == "beta")
        #expect(!config.features.feature[1].enabled)
        #expect(config.features.feature[1].allow == ["team-a"])
        #expect(config.logging.level == .info)
        #expect(config.logging.file == nil)
    }

    // MARK: - An RSS-like feed

    struct Feed: Codable {
        struct Item: Codable {
            var title: String
            var link: URL
            var guid: String
            var pubDate: String
            var category: [String]
        }
        struct Channel: Codable {
            var title: String
            var link: URL
            var description: String
            var item: [Item]
        }
        var version: String
        var channel: Channel
    }

    @Test("an RSS feed with namespaced siblings and text beside attributes")
    func feed() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
              <channel>
                <title>Field notes</title>
                <link>https://notes.example.org/</link>
                <atom:link href="https://notes.example.org/feed.xml" rel="self" type="application/rss+xml"/>
                <description>Short notes from the allotment</description>
                <item>
                  <title>Frost on the beans</title>
                  <link>https://notes.example.org/7</link>
                  <guid isPermaLink="false">note-7</guid>
                  <pubDate>Tue, 04 Mar 2025 07:15:00 GMT</pubDate>
                  <category>garden</category>
                  <category>weather</category>
                </item>
                <item>
                  <title><![CDATA[Compost <3 worms]]></title>
                  <link>https://notes.example.org/8</link>
                  <guid>https://notes.example.org/8</guid>
                  <pubDate>Sat, 08 Mar 2025 18:40:00 GMT</pubDate>
                  <category>garden</category>
                </item>
              </channel>
            </rss>
            """
        let feed = try xml.decode(Feed.self, fromString: document)
        #expect(feed.version == "2.0")
        #expect(feed.channel.title == "Field notes")
        #expect(feed.channel.link == URL(string: "https://notes.example.org/"))
        #expect(feed.channel.description == "Short notes from the allotment")
        try #require(feed.channel.item.count == 2)
        let first = feed.channel.item[0]
        #expect(first.title == "Frost on the beans")
        #expect(first.link == URL(string: "https://notes.example.org/7"))
        #expect(first.guid == "note-7")
        #expect(first.pubDate == "Tue, 04 Mar 2025 07:15:00 GMT")
        #expect(first.category == ["garden", "weather"])
        let second = feed.channel.item[1]
        #expect(second.title == "Compost <3 worms")
        #expect(second.guid == "https://notes.example.org/8")
        #expect(second.category == ["garden"])
    }
}
