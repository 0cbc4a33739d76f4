import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// The reading losses of `chunks` through a new YAML stream reader: each document's,
/// asked as soon as it is read, then those after the last one.
func streamedYAMLLosses(_ chunks: [ArraySlice<UInt8>]) throws(DataMapperError) -> [ConversionLoss] {
    var reader = YAMLStreamReader()
    var losses: [ConversionLoss] = try reader.lastDocumentReadingLosses()
    for chunk in chunks {
        reader.append(chunk)
        while try reader.next() != nil { losses += try reader.lastDocumentReadingLosses() }
    }
    try reader.finish()
    while try reader.next() != nil { losses += try reader.lastDocumentReadingLosses() }
    return losses + (try reader.readingLossesAfterLastDocument())
}

/// Checks that the losses of reading `bytes` as a stream, in `chunks`, are those of
/// the whole-input scan, when the whole input reads.
func expectStreamLossesMatchWhole(
    _ bytes: [UInt8], chunks: [ArraySlice<UInt8>], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    guard (try? YAMLSerializer().deserializeAll(Data(bytes))) != nil else { return }
    let whole = try YAMLSerializer().readingLosses(in: Data(bytes))
    let cut = "\(String(decoding: bytes, as: UTF8.self).debugDescription) cut into \(chunks.map(\.count))"
    let streamed = Result { () throws(DataMapperError) in try streamedYAMLLosses(chunks) }
    switch streamed {
    case .success(let losses):
        #expect(losses == whole, "\(cut)", sourceLocation: sourceLocation)
    case .failure(let error):
        Issue.record("\(cut): \(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct YAMLStreamReaderLossTests {
    @Test("each document's losses are listed as it is read, at its number, path and line in the stream")
    func perDocument() throws {
        let text = "a: 1\n---\n# about b\nb: !custom 2\n---\nbase: &x {k: v}\ncopy: *x\n"
        var reader = YAMLStreamReader()
        reader.append(Array(text.utf8))
        try reader.finish()
        var found: [[ConversionLoss]] = []
        while try reader.next() != nil { found.append(try reader.lastDocumentReadingLosses()) }
        #expect(found.count == 3)
        #expect(found.first == [])
        let second = try #require(found.dropFirst().first)
        #expect(second.map(\.kind) == [.comment, .customTag])
        #expect(second.map(\.document) == [2, 2])
        #expect(second.map(\.path) == [DataPath([.key("b")]), DataPath([.key("b")])])
        #expect(second.map(\.position) == [.text(line: 3, column: 1), .text(line: 4, column: 4)])
        let third = try #require(found.last)
        #expect(third.map(\.kind) == [.anchor, .anchor])
        #expect(third.map(\.document) == [3, 3])
        #expect(third.map(\.path) == [DataPath([.key("base")]), DataPath([.key("copy")])])
        #expect(third.map(\.position) == [.text(line: 6, column: 7), .text(line: 7, column: 7)])
        #expect(found.flatMap { $0 } == (try YAMLSerializer().readingLosses(in: Data(text.utf8))))
    }

    @Test("comments after a `...` go to the next document, or to the last at the end, as in the whole scan")
    func afterDocumentEnd() throws {
        let text = "a: 1\n... # after one\n# before two\n---\nb: 2\n... # after two\n# at the end\n"
        let streamed = try streamedYAMLLosses([Array(text.utf8)[...]])
        #expect(streamed.map(\.document) == [2, 2, 2, 2])
        #expect(streamed.map(\.position) == [
            .text(line: 2, column: 5), .text(line: 3, column: 1), .text(line: 6, column: 5), .text(line: 7, column: 1),
        ])
        #expect(streamed == (try YAMLSerializer().readingLosses(in: Data(text.utf8))))
    }

    @Test("a stream with comments, tags and anchors in many documents, cut at every byte, reports the whole scan's losses")
    func everyCut() throws {
        let bytes = Array(YAMLStreamReaderTests.stream.utf8)
        #expect(try YAMLSerializer().readingLosses(in: Data(bytes)).count > 5, "the stream has losses to compare")
        for chunks in chunkings(of: bytes) {
            try expectStreamLossesMatchWhole(bytes, chunks: chunks)
        }
    }

    @Test("streams at the edges of the framing rule report the whole scan's losses", arguments: [
        "# only\n  # comments\n", "# c\n...\n", "a # x\n...\nb # y\n", "a\n... # e\n...\n---\nb\n",
        "a: 1\n# c\n%YAML 1.2\n# d\n---\nb: 2 # e\n", "--- !t a\n%x\n---\n&b b\n", "a\n...\n# c\n",
        "a\n...\n\t# tab\n---\nb\n", "%YAML 1.2\n# c\n---\na\n...\n%YAML 1.2\n# d\n---\nb\n", "a\n--- # c\n...\n",
        "---\n&a x # c\n---\n*a\n", "a: 1\n# c\n%TAG !e! tag:e.org,2000:\n---\n!e!t b\n", "\u{FEFF}# bom\na\n---\n# c\nb\n",
        "a\n... # c\n", "a\n...", "a\n... # c", "k: | # header\n  text\n--- # start\nb\n",
    ])
    func edges(text: String) throws {
        let bytes = Array(text.utf8)
        for chunks in chunkings(of: bytes) {
            try expectStreamLossesMatchWhole(bytes, chunks: chunks)
        }
    }

    @Test("random streams of markers, comments and content report the whole scan's losses")
    func randomStreams() throws {
        var random = SplitMix64(seed: 2728)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                text += YAMLStreamReaderRandomTests.lines.randomElement(using: &random)!
                    + YAMLStreamReaderRandomTests.breaks.randomElement(using: &random)!
            }
            if Bool.random(using: &random) { text.removeLast() }
            let bytes = Array(text.utf8)
            try expectStreamLossesMatchWhole(bytes, chunks: [bytes[...]])
            let cut = Int.random(in: 0...bytes.count, using: &random)
            try expectStreamLossesMatchWhole(bytes, chunks: [bytes[..<cut], bytes[cut...]])
        }
    }
}
