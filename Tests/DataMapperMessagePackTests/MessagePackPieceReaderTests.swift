import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct MessagePackPieceReaderTests {
    /// Opens every container, those of more than 8 or 64 bytes, none.
    static let thresholds = [0, 8, 64, Int.max]
    static let leaves: RandomValues.Leaves = [.null, .bool, .int, .uint, .double, .string, .binary, .ext, .timestamp]

    func expectSameAsStream(
        _ bytes: [UInt8], options: MessagePackSerializer.Options = .init(), thresholds: [Int] = thresholds,
        _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for threshold in thresholds {
            expectSameReading(
                pieces: { () throws(DataMapperError) in
                    try assembledDocuments(from: MessagePackPieceReader(bytes: bytes, options: options, openingAbove: threshold))
                },
                stream: { () throws(DataMapperError) in
                    try readDocuments(of: [bytes[...]], with: MessagePackStreamReader(options: options))
                },
                "\(comment), opening above \(threshold)", sourceLocation: sourceLocation
            )
        }
    }

    /// A map of `entries`, keys and values already encoded, for maps the writer will not make.
    func map(_ entries: [([UInt8], [UInt8])]) -> [UInt8] {
        [0x80 | UInt8(entries.count)] + entries.flatMap { $0.0 + $0.1 }
    }

    func str(_ text: String) -> [UInt8] { [0xA0 | UInt8(text.utf8.count)] + Array(text.utf8) }

    @Test("random values read as the stream reader reads them, at every threshold")
    func randomValues() throws {
        for seed in 0..<80 as Range<UInt64> {
            var random = RandomValues(seed: seed, leaves: Self.leaves)
            let bytes = [UInt8](try MessagePackSerializer().serializeAll((0..<3).map { _ in random.value(depth: 5) }))
            expectSameAsStream(bytes, "seed \(seed)")
        }
    }

    @Test("counts come from the headers; long headers open too")
    func counts() throws {
        let value: SupportedType = ["list": .array(SupportedArray((0..<20).map { SupportedType(.int($0)) })), "x": [1, [2]]]
        let bytes = [UInt8](try MessagePackSerializer().serialize(value))
        var reader = MessagePackPieceReader(bytes: bytes, openingAbove: 0)
        var pieces: [DocumentPiece] = []
        while let piece = try reader.nextPiece() { pieces.append(piece) }
        guard case .beginDictionary(2, .byteOffset(0)) = pieces[0], case .key("list", .byteOffset(1)) = pieces[1],
              case .beginArray(20, .byteOffset(6)) = pieces[2] else {
            Issue.record("\(pieces)")
            return
        }
        #expect(pieces.count == 1 + 2 + 20 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1)
        expectSameAsStream(bytes, "array 16")
    }

    @Test("repeated keys in opened maps follow each policy", arguments: [DuplicateKeyPolicy.lastWins, .firstWins, .error])
    func repeatedKeys(policy: DuplicateKeyPolicy) throws {
        let options = MessagePackSerializer.Options(duplicateKeys: policy)
        let inner = map([(str("k"), [0x93, 1, 2, 3])])
        let documents = [
            map([(str("a"), [1]), (str("b"), [0x91, 2]), (str("a"), inner), (str("c"), [5]), (str("a"), [0x92, 6, 7])]),
            map([(str("a"), [0x91, 0xC1]), (str("a"), [1])]),
            map([(str("a"), [1]), (str("b"), [0x91, 0xC1]), (str("a"), [2])]),
            [0x92] + map([(str("a"), [1]), (str("a"), [2])]) + map([(str("b"), inner), (str("b"), [0x90])]),
        ]
        for document in documents { expectSameAsStream(document, options: options, "\(document)") }
        expectSameAsStream(documents.flatMap { $0 }, options: options, "all")
    }

    @Test("maxDepth counts the opened levels and the values inside them")
    func depth() throws {
        var deep: SupportedType = 1
        for _ in 0..<6 { deep = [deep] }
        let bytes = [UInt8](try MessagePackSerializer().serialize(["a": deep, "b": [deep]]))
        for maxDepth in 0...9 {
            let options = MessagePackSerializer.Options(limits: ParsingLimits(maxDepth: maxDepth))
            expectSameAsStream(bytes, options: options, thresholds: [0, 3, 12, 40], "limit \(maxDepth)")
        }
    }

    @Test("broken input gives the stream reader's error, cut or spoiled at every byte")
    func brokenInput() throws {
        let value: SupportedType = ["list": [1, -2.5, "aé", true, nil, [], [:]], "obj": ["k": [false, ["deep": ["x"]]]], "s": .binary(Data([1, 2]))]
        let bytes = [UInt8](try MessagePackSerializer().serializeAll([value, [7, 8]]))
        for cut in 0...bytes.count {
            expectSameAsStream(Array(bytes[..<cut]), "cut at \(cut)")
        }
        for index in bytes.indices {
            for junk: UInt8 in [0xC1, 0xFF, 0x00, 0x80, 0x91, 0xA5, 0xDE, 0xC0, 0xD9] {
                var spoiled = bytes
                spoiled[index] = junk
                expectSameAsStream(spoiled, thresholds: [0, 8], "byte \(index) spoiled with \(junk)")
            }
        }
    }

    @Test("reading losses of each value name their full paths and offsets, as the stream reader's")
    func losses() throws {
        let document = map([(str("a"), map([(str("b"), map([([0x01], [2]), ([0xC3], [3])]))])), ([0x05], [0x91, 1])])
        let bytes = document + [0x07] + document
        var pieces = MessagePackPieceReader(bytes: bytes, openingAbove: 0)
        var stream = MessagePackStreamReader()
        stream.append(bytes)
        var assembler = DocumentPieceAssembler()
        var documents = 0
        while let piece = try pieces.nextPiece() {
            guard try assembler.add(piece) != nil else { continue }
            documents += 1
            _ = try stream.next()
            #expect(try pieces.documentReadingLosses() == stream.lastDocumentReadingLosses())
        }
        #expect(documents == 3)
        var check = MessagePackPieceReader(bytes: bytes, openingAbove: 0)
        _ = try check.nextPiece()
        let losses = try check.documentReadingLosses()
        #expect(losses.map(\.path) == [DataPath([.key("a"), .key("b"), .key("1")]), DataPath([.key("a"), .key("b"), .key("true")]), DataPath([.key("5")])])
        #expect(losses.first?.position == .byteOffset(7))
    }
}
