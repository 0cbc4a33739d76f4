import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// The one document of an XML file, written through the stream writer's calls.
@Suite struct XMLStreamWriterTests {
    @Test("one document is the bytes of serialize and of serializeAll")
    func one() throws {
        let document: SupportedType = ["catalog": ["book": [["@id": "1", "title": "Ÿ"], ["@id": "2", "title": "B"]]]]
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(document, into: &output)
        let afterWrite = output
        try writer.finish(into: &output)
        #expect(output == afterWrite)
        #expect(output == Array(try XMLSerializer().serializeAll([document])))
        #expect(try XMLSerializer().deserialize(Data(output)) == document)
    }

    @Test("a second document is refused with serializeAll's message, naming it, and writes nothing")
    func second() throws {
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        try writer.write(["a": "1"], into: &output)
        let before = output
        let error = try expectError(kind: .unsupported) { try writer.write(["b": "2"], into: &output) }
        let several = try expectError(kind: .unsupported) { try XMLSerializer().serializeAll([["a": "1"], ["b": "2"]]) }
        #expect(error.problem == "document 2: " + several.problem)
        #expect(output == before)
    }

    @Test("a stream that ends with no document is refused as serializeAll refuses none")
    func none() throws {
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        let error = try expectError(kind: .unsupported) { try writer.finish(into: &output) }
        let none = try expectError(kind: .unsupported) { try XMLSerializer().serializeAll([]) }
        #expect(error.problem == none.problem)
        #expect(error.problem.hasPrefix("XMLSerializer writes exactly one document and was given no documents"))
    }

    @Test("a value XML cannot hold fails as serialize fails, naming document 1")
    func refusal() throws {
        let document: SupportedType = ["root": ["bad": .ext(type: 1, data: Data([2]))]]
        var writer = XMLStreamWriter()
        var output: [UInt8] = []
        let error = try expectError(kind: .unsupported) { try writer.write(document, into: &output) }
        let alone = try expectError(kind: .unsupported) { try XMLSerializer().serialize(document) }
        #expect(error.problem == "document 1: " + alone.problem)
        #expect(error.path == alone.path)
        #expect(error.path.description.hasSuffix("bad"))
        #expect(output.isEmpty)
        // The refused document does not count: the stream still has none.
        #expect(throws: DataMapperError.self) { try writer.finish(into: &output) }
    }
}
