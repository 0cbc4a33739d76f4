import DataMapper
import DataMapperXML
import Foundation
import Testing

@Suite struct XMLReaderTests {
    let xml = XMLSerializer()

    func read(_ text: String, _ options: XMLSerializer.Options = .init()) throws -> SupportedType {
        try XMLSerializer(options: options).deserialize(fromString: text)
    }

    @Test("the root element is a one-key dictionary; text-only children are strings")
    func rootAndText() throws {
        let value = try read("<config><name>api</name><port>8080</port></config>")
        #expect(value == ["config": ["name": "api", "port": "8080"]])
        #expect(value["config"]?["port"]?.string == "8080")
    }

    @Test("long texts read back whole, and one kept from a document outlives the rest")
    func longTexts() throws {
        // Texts from 16 bytes (the shortest a `String` cannot hold inline) to past
        // a thousand, some with surrounding spaces to trim.
        let texts = (0..<2000).map { number in
            "text \(number) é" + String(repeating: "ab", count: number % 700)
        }
        let body = texts.enumerated().map { "<t>\($0.offset % 3 == 0 ? "  " : "")\($0.element)</t>" }.joined()
        var kept: SupportedType?
        do {
            let value = try read("<r>\(body)</r>")
            let read = try #require(value["r"]?["t"]?.array)
            #expect(read.map(\.string) == texts)
            kept = read[1234]
        }
        #expect(kept == .string(texts[1234]))
    }

    @Test("attributes become '@name' keys, before the children, with text under '#text'")
    func attributesAndText() throws {
        let value = try read(#"<a id="7" lang="en">hello<b>x</b></a>"#)
        let inner = try #require(value["a"]?.orderedMap)
        #expect(inner.keys == ["@id", "@lang", "b", "#text"])
        #expect(value == ["a": ["@id": "7", "@lang": "en", "b": "x", "#text": "hello"]])
    }

    @Test("repeated siblings become an array at the place of the first one")
    func repeatedSiblings() throws {
        let value = try read("<r><b>1</b><c/><b>2</b><b>3</b></r>")
        #expect(value == ["r": ["b": ["1", "2", "3"], "c": nil]])
        #expect(value["r"]?.orderedMap?.keys == ["b", "c"])
    }

    @Test("an empty element is null, whether written <a/>, <a></a> or with only spaces")
    func emptyElements() throws {
        let value = try read("<r><a/><b></b><c>   \n </c></r>")
        #expect(value == ["r": ["a": nil, "b": nil, "c": nil]])
        #expect(try read("<r/>") == ["r": nil])
    }

    @Test("an element with only attributes is a dictionary of them")
    func attributesOnly() throws {
        #expect(try read(#"<r><link href="x" rel="y"/></r>"#) == ["r": ["link": ["@href": "x", "@rel": "y"]]])
    }

    @Test("force list makes the named elements arrays even when they occur once")
    func forceList() throws {
        let options = XMLSerializer.Options(forceList: ["dependency"])
        let value = try read("<deps><dependency><id>a</id></dependency></deps>", options)
        #expect(value == ["deps": ["dependency": [["id": "a"]]]])
        let two = try read("<deps><dependency>a</dependency><dependency>b</dependency></deps>", options)
        #expect(two == ["deps": ["dependency": ["a", "b"]]])
    }

    @Test("the attribute prefix and the text key can be renamed")
    func renamedKeys() throws {
        let options = XMLSerializer.Options(attributePrefix: "-", textKey: "value")
        #expect(try read(#"<a id="1">t</a>"#, options) == ["a": ["-id": "1", "value": "t"]])
    }

    @Test("unwrapping the root returns the root element's value")
    func unwrapRoot() throws {
        let value = try read("<config><port>1</port></config>", .init(unwrapsRoot: true))
        #expect(value == ["port": "1"])
    }

    @Test("text is trimmed by default and kept exactly with preserve")
    func whitespace() throws {
        let text = "<r>\n  <a>  x y  </a>\n  <b> </b>\n</r>"
        #expect(try read(text) == ["r": ["a": "x y", "b": nil]])
        #expect(try read(text, .init(whitespace: .preserve)) == ["r": ["a": "  x y  ", "b": " "]])
    }

    @Test("mixed content joins the text pieces beside the children")
    func mixedContent() throws {
        #expect(try read("<p>Hello <b>x</b> world</p>") == ["p": ["b": "x", "#text": "Hello  world"]])
    }

    @Test("a first piece of text without spaces at its ends still joins later pieces and children")
    func textPieces() throws {
        #expect(try read("<p>one<b>x</b>two</p>") == ["p": ["b": "x", "#text": "onetwo"]])
        #expect(try read("<p>one<b/> </p>") == ["p": ["b": nil, "#text": "one"]])
        #expect(try read("<p>one<b/> </p>", .init(whitespace: .preserve)) == ["p": ["b": nil, "#text": "one "]])
        #expect(try read("<p>a&amp;b<![CDATA[c]]> </p>") == ["p": "a&bc"])
        #expect(try read("<p>a&amp;b<![CDATA[c]]> </p>", .init(whitespace: .preserve)) == ["p": "a&bc "])
        #expect(try read(#"<p id="1">x<q>y</q></p>"#) == ["p": ["@id": "1", "q": "y", "#text": "x"]])
    }

    @Test("CDATA is text; comments and processing instructions are dropped")
    func cdataCommentsInstructions() throws {
        let value = try read("<?xml version=\"1.0\"?><!-- top --><r><?pi data?><a><![CDATA[<b>&]]></a><!-- c --><c>x<!-- y -->z</c></r>")
        #expect(value == ["r": ["a": "<b>&", "c": "xz"]])
    }

    @Test("character and predefined entity references are decoded in text and attributes")
    func references() throws {
        let value = try read(#"<r a="x &amp; y &lt; &#233; &#38; &quot;">&lt;&amp;&gt;&#x41;&#233;</r>"#)
        #expect(value == ["r": ["@a": "x & y < é & \"", "#text": "<&>Aé"]])
    }

    @Test("namespaced names keep their prefix and xmlns declarations are attributes")
    func namespaces() throws {
        let text = #"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><media:title type="plain">T</media:title><link media:rel="x"/></feed>"#
        let value = try read(text)
        #expect(value == ["feed": [
            "@xmlns": "http://www.w3.org/2005/Atom",
            "@xmlns:media": "http://search.yahoo.com/mrss/",
            "media:title": ["@type": "plain", "#text": "T"],
            "link": ["@media:rel": "x"],
        ]])
    }

    @Test("a namespace declaration's escaped characters read as themselves, and write back the same")
    func escapedNamespaceValues() throws {
        // libxml2 reports `&` in a declaration as `&#38;`, as in other attribute values.
        let text = #"<r xmlns:t="urn:a&amp;b&lt;c&#38;d" e="&amp;"/>"#
        let value = try read(text)
        #expect(value == ["r": ["@xmlns:t": "urn:a&b<c&d", "@e": "&"]])
        #expect(try read(XMLSerializer().serialize(toString: value)) == value)
    }

    @Test("an undeclared prefix is kept as written, as xmltodict keeps it")
    func undeclaredPrefix() throws {
        #expect(try read("<r><p:a>1</p:a></r>") == ["r": ["p:a": "1"]])
    }

    @Test("every value carries the line and column of its element's start tag")
    func positions() throws {
        let text = "<r>\n  <a x=\"1\">t</a>\n  <b>\n    <c>2</c>\n  </b>\n  <d\n     y=\"2\"/>\n</r>"
        let value = try read(text)
        #expect(value.position == .text(line: 1, column: 1))
        #expect(value["r"]?["a"]?.position == .text(line: 2, column: 3))
        #expect(value["r"]?["a"]?["@x"]?.position == .text(line: 2, column: 3))
        #expect(value["r"]?["b"]?.position == .text(line: 3, column: 3))
        #expect(value["r"]?["b"]?["c"]?.position == .text(line: 4, column: 5))
        #expect(value["r"]?["d"]?.position == .text(line: 6, column: 3))
    }

    @Test("non-ASCII text, names and a byte order mark are read as UTF-8")
    func unicode() throws {
        let value = try XMLSerializer().deserialize(Data([0xEF, 0xBB, 0xBF]) + Data("<日本 言語=\"é\">中文 😀</日本>".utf8))
        #expect(value == ["日本": ["@言語": "é", "#text": "中文 😀"]])
    }

    @Test("a document in another declared encoding is converted to UTF-8")
    func latin1() throws {
        var bytes = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><r>caf"#.utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: Array("</r>".utf8))
        #expect(try XMLSerializer().deserialize(bytes) == ["r": "café"])
    }

    @Test("siblings with the same keys are independent dictionaries; other key orders are kept")
    func sameKeysShared() throws {
        let value = try read("<r><s><a>1</a><b>2</b></s><s><a>3</a><b>4</b></s><s><b>5</b><a>6</a></s><s><a>7</a></s></r>")
        let items = try #require(value["r"]?["s"]?.array)
        #expect(items == [["a": "1", "b": "2"], ["a": "3", "b": "4"], ["b": "5", "a": "6"], ["a": "7"]])
        #expect(items[2].orderedMap?.keys == ["b", "a"])
        var second = try #require(items[1].orderedMap)
        second["c"] = "new"
        second["a"] = "changed"
        #expect(items[0].orderedMap == ["a": "1", "b": "2"])
        #expect(items[0]["a"] == "1" && items[1]["a"] == "3" && second["a"] == "changed")
        #expect(second.keys == ["a", "b", "c"])
    }
}
