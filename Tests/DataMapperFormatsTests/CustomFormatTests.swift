import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct CustomFormatTests {
    func registryWithKeyValue() -> FormatRegistry {
        var registry = FormatRegistry.standard
        registry.register(.keyValue)
        return registry
    }

    @Test("a format's names, extensions and media types are stored lowercased, without dots, plus signs or parameters")
    func normalisedDescription() {
        let format = DataFormat.keyValue
        #expect(format.name == "kv")
        #expect(format.aliases == ["keyvalue"])
        #expect(format.fileExtensions == ["kv", "env"])
        #expect(format.mediaTypes == ["text/x-key-value"])
        #expect(format.mediaTypeSuffixes == ["kv"])
        #expect(format.answers(toName: "KEYVALUE"))
        #expect(!format.answers(toName: "json"))
    }

    @Test("a registered format is found by every kind of lookup")
    func lookups() throws {
        let registry = registryWithKeyValue()
        #expect(registry.names == standardFormatList + ["kv"])
        #expect(try registry.format(named: "kv").name == "kv")
        #expect(try registry.format(named: "KeyValue").name == "kv")
        #expect(try registry.format(forExtension: "ENV").name == "kv")
        #expect(try registry.format(forPath: "deploy/.prod.env").name == "kv")
        #expect(try registry.format(forMediaType: "text/x-key-value").name == "kv")
        #expect(try registry.format(forMediaType: "application/vnd.acme+kv; q=1").name == "kv")
        #expect(try registry.format(sniffing: Data("#kv\nname=api\n".utf8)).name == "kv")
        #expect(try registry.format(sniffing: Data("name=api\n".utf8)).name == "kv")
        #expect(try registry.format(forFile: "settings", sniffing: Data("port=80".utf8)).name == "kv")
        // JSON is still there.
        #expect(try registry.format(forPath: "a.json").name == "json")
        #expect(try registry.format(sniffing: Data("[1]".utf8)).name == "json")
    }

    @Test("errors list the registered names, custom ones included")
    func errorsListCustomNames() throws {
        let error = try expectError { try registryWithKeyValue().format(named: "ini") }
        #expect(error.problem == #"unknown format "ini" (known formats: \#(standardFormatNames), kv)"#)
    }

    @Test("the registered format's serializer reads, writes and takes the shared options")
    func serializerFromFactory() throws {
        let format = try registryWithKeyValue().format(named: "kv")
        let value = try format.serializer().deserialize(Data("b=2\na=1\n".utf8))
        #expect(value == ["b": "2", "a": "1"])
        let sorted = try format.serializer(options: FormatWriteOptions(sortKeys: true)).serialize(value)
        #expect(String(decoding: sorted, as: UTF8.self) == "a=1\nb=2\n")
        let kept = try format.serializer().serialize(value)
        #expect(String(decoding: kept, as: UTF8.self) == "b=2\na=1\n")
    }

    @Test("the surest sniffer wins, whatever the registration order")
    func surestSnifferWins() throws {
        var jsonLast = FormatRegistry([.keyValue])
        jsonLast.register(.json)
        // `"a=1"` is possible JSON (a string) and possible key-value; the later registration wins the tie.
        #expect(try jsonLast.format(sniffing: Data(#""a=1""#.utf8)).name == "json")
        #expect(try registryWithKeyValue().format(sniffing: Data(#""a=1""#.utf8)).name == "kv")
        // `#kv` is certain, so key-value wins even registered first.
        #expect(try jsonLast.format(sniffing: Data("#kv\n".utf8)).name == "kv")
        // `{` is likely JSON and nothing for key-value.
        #expect(try jsonLast.format(sniffing: Data("{}".utf8)).name == "json")
    }

    @Test("a later format overrides a built-in one's extension and media type but not its name")
    func overrideExtension() throws {
        var registry = FormatRegistry.standard
        registry.register(.fakeJSON)
        #expect(try registry.format(forExtension: "json").name == "fakejson")
        #expect(try registry.format(forPath: "x.json").name == "fakejson")
        #expect(try registry.format(forMediaType: "application/json").name == "fakejson")
        #expect(try registry.format(forFile: "x.json", sniffing: Data()).name == "fakejson")
        #expect(try registry.format(named: "json").name == "json")
        // A suffix type is still JSON's: the fake format claims no suffix.
        #expect(try registry.format(forMediaType: "application/ld+json").name == "json")
        // Equal confidence on `{`: the later one wins.
        #expect(try registry.format(sniffing: Data("{}".utf8)).name == "fakejson")
    }

    @Test("registering a format under a taken name replaces the older one")
    func replaceByName() throws {
        var registry = FormatRegistry([.json])
        let replacement = DataFormat(
            name: "JSON",
            fileExtensions: ["jsn"],
            representation: .binary,
            makeSerializer: { _ in KeyValueSerializer() }
        )
        registry.register(replacement)
        #expect(registry.names == ["json"])
        let found = try registry.format(named: "json")
        #expect(found.fileExtensions == ["jsn"])
        #expect(!found.isText)
        #expect(throws: DataMapperError.self) { try registry.format(forExtension: "json") }
        // Without a sniffer the replacement recognises nothing.
        #expect(throws: DataMapperError.self) { try registry.format(sniffing: Data("{}".utf8)) }
    }

    @Test("registering changes only that copy of the registry")
    func valueSemantics() throws {
        var registry = FormatRegistry.standard
        registry.register(.keyValue)
        #expect(registry.names == standardFormatList + ["kv"])
        #expect(FormatRegistry.standard.names == standardFormatList)
        #expect(throws: DataMapperError.self) { try FormatRegistry.standard.format(named: "kv") }
    }

    @Test("an empty registry finds nothing and says so")
    func emptyRegistry() throws {
        let registry = FormatRegistry()
        #expect(registry.formats.isEmpty)
        let error = try expectError { try registry.format(named: "json") }
        #expect(error.problem == #"unknown format "json" (known formats: none)"#)
    }

    @Test("a registry can be shared across tasks")
    func sendable() async throws {
        let registry = registryWithKeyValue()
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for path in ["a.json", "b.kv", "c.env"] {
                group.addTask { try registry.format(forPath: path).name }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names.sorted() == ["json", "kv", "kv"])
    }
}
