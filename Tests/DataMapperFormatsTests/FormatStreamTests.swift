import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// The stream readers and writers a `DataFormat` makes: the documents and bytes of the
/// whole-input serializers, with the same options.
@Suite struct FormatStreamTests {
    static let documents: [SupportedType] = [
        ["z": 1, "a": ["x", true, .null], "m": 2.5],
        ["nested": ["b": ["c": "d"], "a": -7], "big": .uint64(UInt64.max)],
        [1, "two", [:]],
    ]

    /// `documents` through `writer`, `chunk` bytes at a time.
    func streamed(_ documents: [SupportedType], through writer: FormatStreamWriter) throws -> Data {
        var writer = writer
        var bytes: [UInt8] = []
        for document in documents { try writer.write(document, into: &bytes) }
        try writer.finish(into: &bytes)
        return Data(bytes)
    }

    /// Every document `reader` finds in `data` given `chunk` bytes at a time.
    func read(_ data: Data, with reader: FormatStreamReader, chunk: Int) throws -> [SupportedType] {
        var reader = reader
        var documents: [SupportedType] = []
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + chunk, data.endIndex)
            reader.append(data[start..<end])
            start = end
            while let document = try reader.next() { documents.append(document) }
        }
        try reader.finish()
        while let document = try reader.next() { documents.append(document) }
        return documents
    }

    @Test("JSON, JSON Lines, MessagePack and YAML read streams; XML has no stream reader")
    func readers() {
        for format in [DataFormat.json, .jsonl, .msgpack, .yaml] { #expect(format.streamReader() != nil, "\(format.name)") }
        #expect(DataFormat.xml.streamReader() == nil)
        // JSON loses nothing on reading; MessagePack's and YAML's readers list their
        // losses per document.
        #expect(DataFormat.json.streamReader()?.knowsReadingLosses == true)
        #expect(DataFormat.msgpack.streamReader()?.knowsReadingLosses == true)
        #expect(DataFormat.yaml.streamReader()?.knowsReadingLosses == true)
    }

    @Test("each stream writer gives writeAll's bytes, in every layout", arguments: [
        FormatWriteOptions(), FormatWriteOptions(style: .pretty), FormatWriteOptions(sortKeys: true),
        FormatWriteOptions(style: .pretty, sortKeys: true),
    ])
    func writersMatchWriteAll(options: FormatWriteOptions) throws {
        for format in [DataFormat.json, .jsonl, .yaml, .msgpack] {
            let writer = try #require(format.streamWriter(options: options))
            #expect(try streamed(Self.documents, through: writer) == format.writeAll(Self.documents, options: options), "\(format.name)")
            let one = try #require(format.streamWriter(options: options))
            #expect(try streamed([Self.documents[0]], through: one) == format.writeAll([Self.documents[0]], options: options))
            let none = try #require(format.streamWriter(options: options))
            #expect(try streamed([], through: none) == format.writeAll([], options: options))
        }
        let xml = try #require(DataFormat.xml.streamWriter(options: options))
        let root: SupportedType = ["root": Self.documents[0]]
        #expect(try streamed([root], through: xml) == DataFormat.xml.writeAll([root], options: options))
    }

    @Test("without terminateText, text keeps the writer's own last byte")
    func unterminated() throws {
        let writer = try #require(DataFormat.json.streamWriter(terminateText: false))
        #expect(try streamed(Self.documents, through: writer) == DataFormat.json.writeAll(Self.documents, terminateText: false))
    }

    @Test("each stream reader reads what writeAll wrote, whatever the chunk size", arguments: [1, 5, 4096])
    func readersMatchWriteAll(chunk: Int) throws {
        for format in [DataFormat.json, .jsonl, .msgpack] {
            let data = try format.writeAll(Self.documents)
            let reader = try #require(format.streamReader())
            #expect(try read(data, with: reader, chunk: chunk) == format.serializer().deserializeAll(data), "\(format.name)")
        }
    }

    @Test("MessagePack's stream reader lists the non-string keys of the value it read last, at stream offsets")
    func messagePackLosses() throws {
        // {"a": 1}, then {5: "b", "c": {true: 1}}.
        let data = Data([0x81, 0xA1, 0x61, 0x01, 0x82, 0x05, 0xA1, 0x62, 0xA1, 0x63, 0x81, 0xC3, 0x01])
        var reader = try #require(DataFormat.msgpack.streamReader())
        #expect(try reader.lastDocumentReadingLosses().isEmpty, "nothing read yet")
        var losses: [[ConversionLoss]] = []
        for byte in data {
            reader.append([byte])
            while try reader.next() != nil { losses.append(try reader.lastDocumentReadingLosses()) }
        }
        try reader.finish()
        #expect(losses.count == 2)
        #expect(losses.first == [])
        let second = try #require(losses.last)
        #expect(second.map(\.document) == [2, 2])
        #expect(second.map(\.path) == [DataPath([.key("5")]), DataPath([.key("c"), .key("true")])])
        #expect(second.map(\.position) == [.byteOffset(5), .byteOffset(11)])
        #expect(second == (try DataFormat.msgpack.readingLosses(in: data)), "the losses of reading the whole input")
    }
}
