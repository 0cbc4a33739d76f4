import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

@Suite struct XMLWriterTests {
    func write(_ value: SupportedType, _ options: XMLSerializer.Options = .init()) throws -> String {
        try XMLSerializer(options: options).serialize(toString: value)
    }

    let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    @Test("a one-key dictionary names the root element; keys become child elements")
    func oneKeyRoot() throws {
        let value: SupportedType = ["config": ["name": "api", "port": 8080]]
        #expect(try write(value) == declaration + "<config><name>api</name><port>8080</port></config>")
    }

    @Test("any other value is wrapped in <root>")
    func defaultRoot() throws {
        #expect(try write(["a": 1, "b": 2]) == declaration + "<root><a>1</a><b>2</b></root>")
        #expect(try write("x") == declaration + "<root>x</root>")
        #expect(try write(["a": [1, 2]]) == declaration + "<root><a>1</a><a>2</a></root>")
    }

    @Test("a root name set in the options always wraps the value")
    func namedRoot() throws {
        #expect(try write(["a": 1], .init(rootName: "settings")) == declaration + "<settings><a>1</a></settings>")
    }

    @Test("attributes, text and children follow the reading convention")
    func attributesAndText() throws {
        let value: SupportedType = ["a": ["@id": "7", "@on": true, "b": nil, "#text": "hi"]]
        #expect(try write(value) == declaration + #"<a id="7" on="true"><b></b>hi</a>"#)
    }

    @Test("arrays repeat their element; an empty array writes nothing; nested arrays use <item>")
    func arrays() throws {
        let value: SupportedType = ["r": ["x": ["1", "2"], "none": [], "grid": [[1, 2], [3]]]]
        let expected = "<r><x>1</x><x>2</x><grid><item>1</item><item>2</item></grid><grid><item>3</item></grid></r>"
        #expect(try write(value) == declaration + expected)
    }

    @Test("text and attributes are escaped; CR is kept as a character reference")
    func escaping() throws {
        let value: SupportedType = ["r": ["@a": "\"<&>\n\t", "#text": "a<b & c>d\r\n"]]
        #expect(try write(value) == declaration + #"<r a="&quot;&lt;&amp;&gt;&#10;&#9;">a&lt;b &amp; c&gt;d&#13;"# + "\n</r>")
    }

    @Test("numbers, booleans, binary and timestamps are written as text")
    func scalars() throws {
        let value: SupportedType = ["r": [
            "i": -12, "u": .uint64(UInt64.max), "d": 0.1, "e": 1e-7, "t": true, "f": false,
            "big": .bigNumber("123456789012345678901234567890"),
            "bin": .binary(Data([0, 1, 2, 255])),
            "ts": .timestamp(seconds: 1_700_000_000, nanoseconds: 500_000_000),
        ]]
        let expected = "<r><i>-12</i><u>18446744073709551615</u><d>0.1</d><e>1e-07</e><t>true</t><f>false</f>"
            + "<big>123456789012345678901234567890</big><bin>AAEC/w==</bin><ts>2023-11-14T22:13:20.5Z</ts></r>"
        #expect(try write(value) == declaration + expected)
    }

    @Test("pretty output indents one element per line")
    func pretty() throws {
        let value: SupportedType = ["r": ["@v": "1", "a": "x", "b": ["c": ["1", "2"]], "e": nil]]
        let expected = """
            <r v="1">
              <a>x</a>
              <b>
                <c>1</c>
                <c>2</c>
              </b>
              <e></e>
            </r>

            """
        #expect(try write(value, .init(outputStyle: .pretty)) == declaration + expected)
    }

    @Test("the declaration can be left out and keys sorted")
    func noDeclarationSorted() throws {
        #expect(try write(["r": ["b": 1, "a": 2]], .init(writesDeclaration: false, sortKeys: true)) == "<r><a>2</a><b>1</b></r>")
    }

    @Test("non-ASCII names are valid XML names")
    func unicodeNames() throws {
        #expect(try write(["日本": ["@言語": "é"]]) == declaration + #"<日本 言語="é"></日本>"#)
    }

    @Test("collections in attributes or text, control characters and ext values are refused")
    func unsupported() throws {
        let cases: [SupportedType] = [
            ["r": ["@a": [1]]],
            ["r": ["#text": ["x": 1]]],
            ["r": ["a": "bell\u{07}"]],
            ["r": ["a": .ext(type: 1, data: Data([1]))]],
        ]
        for value in cases {
            try expectError(kind: .unsupported) { try write(value) }
        }
    }

    @Test("nesting deeper than the limit is refused when writing")
    func depth() throws {
        var value: SupportedType = "x"
        for _ in 0..<20 { value = ["a": value] }
        let error = try expectError {
            try write(value, .init(limits: ParsingLimits(maxDepth: 10)))
        }
        #expect(error.kind == .limitExceeded)
    }

    @Test("names a namespace-aware parser rejects have their colons escaped", arguments: [
        (["r": [":a": "1"]] as SupportedType, "<r><_x003A_a>1</_x003A_a></r>"),
        (["r": ["a:b:c": "1"]], "<r><a_x003A_b_x003A_c>1</a_x003A_b_x003A_c></r>"),
        (["r": ["a:": "1"]], "<r><a_x003A_>1</a_x003A_></r>"),
        (["r": ["a:1b": "1"]], "<r><a_x003A_1b>1</a_x003A_1b></r>"),
        (["p:r": "1"], "<p_x003A_r>1</p_x003A_r>"),
        (["r": ["@p:id": "1"]], #"<r p_x003A_id="1"></r>"#),
    ] as [(SupportedType, String)])
    func namespaceNames(_ value: SupportedType, _ expected: String) throws {
        let text = try write(value)
        #expect(text == declaration + expected)
        #expect(try XMLSerializer().deserialize(fromString: text) == value)
    }

    @Test("a prefix declared on the element or an ancestor, and xml:, are written")
    func declaredPrefixes() throws {
        let value: SupportedType = ["p:r": ["@xmlns:p": "urn:p", "@xml:lang": "en", "p:a": ["q:b": ["@xmlns:q": "urn:q", "@q:id": 1]]]]
        let text = try write(value)
        #expect(text.hasSuffix(#"<p:r xmlns:p="urn:p" xml:lang="en"><p:a><q:b xmlns:q="urn:q" q:id="1"></q:b></p:a></p:r>"#))
        #expect(try XMLSerializer().deserialize(fromString: text) == ["p:r": ["@xmlns:p": "urn:p", "@xml:lang": "en", "p:a": ["q:b": ["@xmlns:q": "urn:q", "@q:id": "1"]]]])
        // A declaration reaches descendants only: a sibling's prefix is not in scope.
        let sibling: SupportedType = ["r": ["a": ["@xmlns:p": "urn:p"], "p:b": 1]]
        #expect(try write(sibling).hasSuffix(#"<r><a xmlns:p="urn:p"></a><p_x003A_b>1</p_x003A_b></r>"#))
    }
}
