import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// XML holds one document: the stream API's defaults for such a format.
@Suite struct XMLStreamTests {
    let xml = XMLSerializer()

    @Test("deserializeAll reads the one document")
    func readsOne() throws {
        #expect(try xml.deserializeAll(fromString: "<a><b>1</b></a>") == [["a": ["b": "1"]]])
    }

    @Test("serializeAll writes exactly one document and refuses any other count")
    func writesOne() throws {
        #expect(try xml.serializeAll([["a": "1"]]) == xml.serialize(["a": "1"]))
        for documents in [[], [["a": "1"], ["b": "2"]]] as [[SupportedType]] {
            let error = try expectError(kind: .unsupported) { try xml.serializeAll(documents) }
            #expect(error.message.hasPrefix("XMLSerializer writes exactly one document and was given \(documents.isEmpty ? "no documents" : "2 documents")"))
        }
        #expect(!xml.writesStreams)
    }
}
