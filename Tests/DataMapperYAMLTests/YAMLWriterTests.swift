import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

@Suite struct YAMLWriterTests {
    @Test("block style is the default and keeps key order")
    func blockStyle() throws {
        let value: SupportedType = ["name": "app", "port": 8080, "tags": ["a", "b"], "limits": ["cpu": 0.5, "debug": false, "owner": nil]]
        #expect(try writeYAML(value) == """
        name: app
        port: 8080
        tags:
        - a
        - b
        limits:
          cpu: 0.5
          debug: false
          owner: null

        """)
    }

    @Test("the flow option writes collections on one line")
    func flowStyle() throws {
        let value: SupportedType = ["name": "app", "tags": ["a", "b"], "empty": [:]]
        #expect(try writeYAML(value, .init(outputStyle: .flow)) == "{name: app, tags: [a, b], empty: {}}\n")
    }

    @Test("the indent option sets the spaces per level")
    func indentation() throws {
        let value: SupportedType = ["outer": ["inner": ["leaf": 1]]]
        #expect(try writeYAML(value, .init(indent: 4)) == "outer:\n    inner:\n        leaf: 1\n")
    }

    @Test("sortKeys writes keys in sorted order")
    func sortedKeys() throws {
        #expect(try writeYAML(["b": 1, "a": 2], .init(sortKeys: true)) == "a: 2\nb: 1\n")
    }

    @Test("strings that would read back as something else are quoted", arguments: [
        "yes", "no", "Yes", "ON", "off", "y", "N", "null", "Null", "~", "", "true", "False",
        "1", "-5", "1.0", "0x1F", "0o17", "0777", "0b101", "1_000", "1e3", ".inf", "-.inf", ".nan", ".5",
        "2001-12-14", "2001-12-14T21:59:43Z", "1:30", "22:22:05", "<<", "=",
        " leading", "trailing ", "a: b", "a #b", "- x", "-", "* x", "*x", "&x", "!x", "? x", "%x", "@x", "`x",
        "{a}", "[a]", "'q'", "\"q\"", "#c", "|", ">", "---", "...",
    ])
    func quoting(text: String) throws {
        let written = try writeYAML(["k": .string(text)])
        let scalar = written.dropFirst("k: ".count)
        #expect(scalar.first == "'" || scalar.first == "\"", "\(text) was written as \(written)")
        #expect(try readYAML(written) == ["k": .string(text)])
        #expect(try readYAML(written, .init(schema: .yaml11)) == ["k": .string(text)])
    }

    @Test("ordinary strings stay plain", arguments: ["hello world", "a-b", "snake_case", "日本語", "v1.2.3", "x: ", "no way", "a,b", "192.168.0.1", "https://example.com/a?b=c"])
    func plainStrings(text: String) throws {
        let written = try writeYAML(["k": .string(text)])
        if text == "x: " {
            #expect(written == "k: 'x: '\n")
        } else {
            #expect(written == "k: \(text)\n")
        }
    }

    @Test("keys are quoted by the same rules as values")
    func keyQuoting() throws {
        #expect(try writeYAML(["on": 1, "200": 2, "name": 3]) == "'on': 1\n'200': 2\nname: 3\n")
    }

    @Test("multi-line strings use literal block style")
    func literalBlocks() throws {
        #expect(try writeYAML(["script": "make\nmake test\n"]) == "script: |\n  make\n  make test\n")
        #expect(try writeYAML(["script": "no trailing\nbreak"]) == "script: |-\n  no trailing\n  break\n")
        #expect(try writeYAML(["script": "  indented\nnext\n"]) == "script: |2\n    indented\n  next\n")
    }

    @Test("numbers, booleans and null are written plain and exactly", arguments: [
        (SupportedType.int(.min), "-9223372036854775808"),
        (.uint64(.max), "18446744073709551615"),
        (.intOrDouble(3), "3"),
        (.double(1), "1.0"),
        (.double(0.1), "0.1"),
        (.double(-0.0), "-0.0"),
        (.double(1e-300), "1.0e-300"),
        (.double(.leastNonzeroMagnitude), "5.0e-324"),
        (.double(1.7976931348623157e308), "1.7976931348623157e+308"),
        (.double(.infinity), ".inf"),
        (.double(-.infinity), "-.inf"),
        (.double(.nan), ".nan"),
        (.bigNumber("123456789012345678901234567890"), "123456789012345678901234567890"),
        (.bool(true), "true"),
        (.null, "null"),
    ])
    func scalars(value: SupportedType, text: String) throws {
        #expect(try writeYAML(["v": value]) == "v: \(text)\n")
    }

    @Test("binary data is written as !!binary base64 and timestamps as !!timestamp")
    func taggedScalars() throws {
        #expect(try writeYAML(["data": .binary(Data("hello".utf8))]) == "data: !!binary aGVsbG8=\n")
        #expect(try writeYAML(["at": .timestamp(seconds: 1_008_385_183, nanoseconds: 100_000_000)]) == "at: !!timestamp 2001-12-15T02:59:43.1Z\n")
    }

    @Test("several documents: the first as alone, each later one after a --- line")
    func multipleDocuments() throws {
        let data = try YAMLSerializer().serializeAll([["a": 1], ["b", "c"], "text"])
        #expect(String(decoding: data, as: UTF8.self) == "a: 1\n---\n- b\n- c\n--- text\n")
        #expect(try YAMLSerializer().deserializeAll(data) == [["a": 1], ["b", "c"], "text"])
    }

    @Test("values YAML cannot carry are refused with their path")
    func unsupported() throws {
        let error = try expectError(kind: .unsupported) { _ = try writeYAML(["items": [1, .ext(type: 3, data: Data([1]))]]) }
        #expect(error.description == "items[1]: YAML cannot carry the MessagePack extension value of type 3; set YAMLSerializer.Options.extValues to .base64 to write its payload as base64 (its type code is lost)")
        let big = try expectError { _ = try writeYAML(["n": .bigNumber("12abc")]) }
        #expect(big.description == "n: the big number \"12abc\" is not a YAML number")
    }

    @Test("values nested deeper than the depth limit are refused")
    func depthLimit() throws {
        var value: SupportedType = 1
        for _ in 0..<5 { value = [value] }
        #expect(throws: DataMapperError.self) { try writeYAML(value, .init(limits: .init(maxDepth: 4))) }
        #expect(try writeYAML(value, .init(limits: .init(maxDepth: 5))) == "- - - - - 1\n")
    }
}
