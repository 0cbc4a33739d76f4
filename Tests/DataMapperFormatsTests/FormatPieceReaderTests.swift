import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct FormatPieceReaderTests {
    @Test("every built-in format has a piece reader that knows its reading losses")
    func availability() {
        let bytes: [UInt8] = []
        for format in [DataFormat.json, .jsonl, .msgpack, .yaml, .xml] {
            #expect(format.pieceReader(bytes: bytes)?.knowsReadingLosses == true, "\(format.name)")
        }
    }

    @Test("XML's piece reader reads as its serializer, with the reading options and losses")
    func xmlSameAsWhole() throws {
        let text = "<r><!-- c --><a>1</a><a><b><c>2</c></b></a><d x=\"1\">t</d></r>"
        let bytes = Array(text.utf8)
        for reading in [FormatReadOptions.default, FormatReadOptions(limits: ParsingLimits(maxDepth: 3))] {
            for threshold in [0, 8, Int.max] {
                expectSameReading(
                    pieces: { () throws(DataMapperError) in
                        guard let reader = DataFormat.xml.pieceReader(bytes: bytes, reading: reading, openingAbove: threshold) else { return [] }
                        return try assembledDocuments(from: reader)
                    },
                    stream: { () throws(DataMapperError) in
                        do {
                            return [try DataFormat.xml.serializer(reading: reading).deserialize(Data(bytes))]
                        } catch {
                            throw error as? DataMapperError ?? DataMapperError(.syntax, message: "\(error)")
                        }
                    },
                    "xml opening above \(threshold), depth limit \(reading.limits.maxDepth)"
                )
            }
        }
        var reader = try #require(DataFormat.xml.pieceReader(bytes: bytes, openingAbove: 0))
        while try reader.nextPiece() != nil {}
        #expect(try reader.documentReadingLosses() == DataFormat.xml.readingLosses(in: Data(bytes)))
    }

    @Test("a format's piece reader reads as its stream reader, with the reading options", arguments: [DataFormat.json, .jsonl, .msgpack, .yaml])
    func sameAsStream(format: DataFormat) throws {
        let documents: [SupportedType] = [["a": [1, 2, ["b": "c"]], "d": [:]], [3, [4]]]
        let bytes = [UInt8](try format.writeAll(documents))
        for reading in [FormatReadOptions.default, FormatReadOptions(limits: ParsingLimits(maxDepth: 2))] {
            for threshold in [0, 8, Int.max] {
                expectSameReading(
                    pieces: { () throws(DataMapperError) in
                        guard let reader = format.pieceReader(bytes: bytes, reading: reading, openingAbove: threshold) else { return [] }
                        return try assembledDocuments(from: reader)
                    },
                    stream: { () throws(DataMapperError) in
                        guard let reader = format.streamReader(reading: reading) else { return [] }
                        return try readDocuments(of: [bytes[...]], with: reader)
                    },
                    "\(format.name) opening above \(threshold), depth limit \(reading.limits.maxDepth)"
                )
            }
        }
    }

    @Test("MessagePack's piece reader knows each document's reading losses")
    func losses() throws {
        let bytes: [UInt8] = [0x81, 0x01, 0x02]
        guard var reader = DataFormat.msgpack.pieceReader(bytes: bytes, openingAbove: 0) else { return }
        #expect(reader.knowsReadingLosses)
        while try reader.nextPiece() != nil {}
        #expect(try reader.documentReadingLosses().map(\.path) == [DataPath([.key("1")])])
    }
}
