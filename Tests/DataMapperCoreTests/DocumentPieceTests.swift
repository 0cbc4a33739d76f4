import DataMapperCore
import DataMapperTestSupport
import Testing

/// The rules of documents told piece by piece: the cursor that checks them and names
/// paths, and the assembler that builds trees back from pieces.
@Suite struct DocumentPieceTests {
    private let document: SupportedType = [
        "name": "probe",
        "readings": [1, 2, ["at": 3]],
        "empty": [:],
    ]

    @Test func assemblingThePiecesAtEveryDepthGivesTheDocumentBack() throws {
        for depth in 0...4 {
            var assembler = DocumentPieceAssembler()
            var documents: [SupportedType] = []
            for piece in document.pieces(openingTo: depth) + SupportedType(7).pieces(openingTo: depth) {
                if let whole = try assembler.add(piece) { documents.append(whole) }
            }
            #expect(documents == [document, 7], "opening to depth \(depth)")
            #expect(assembler.isBetweenDocuments)
        }
    }

    @Test func theCursorNamesThePathOfEachValue() throws {
        var cursor = DocumentPieceCursor()
        var paths: [String] = []
        for piece in document.pieces(openingTo: 3) {
            if case .value = piece { paths.append(cursor.path.description) }
            try cursor.accept(piece)
        }
        #expect(paths == ["name", "readings[0]", "readings[1]", "readings[2].at"])
        #expect(cursor.documentsEnded == 1)
        #expect(cursor.isBetweenDocuments)
    }

    @Test(arguments: [
        ([DocumentPiece.key("a", position: .unknown)], "a key outside a dictionary"),
        ([.beginDictionary(count: 1, position: .unknown), .value(1)], "an item where a dictionary key is due"),
        ([.beginArray(count: 1, position: .unknown), .value(1), .value(2)], "more items than the array announced"),
        ([.beginArray(count: 2, position: .unknown), .value(1), .end], "an end after 1 of 2 items"),
        ([.end], "an end with no container open"),
        ([.beginDictionary(count: 1, position: .unknown), .key("a", position: .unknown), .key("b", position: .unknown)],
         "where its item is due"),
    ])
    func piecesOutOfOrderAreRefused(pieces: [DocumentPiece], problem: String) {
        var cursor = DocumentPieceCursor()
        var refusal: DataMapperError?
        for piece in pieces {
            do { try cursor.accept(piece) } catch {
                refusal = error
                break
            }
        }
        #expect(refusal?.kind == .invalidValue)
        #expect(refusal?.problem.contains(problem) == true, "\(String(describing: refusal))")
    }

    @Test func theAssemblerRefusesARepeatedKey() {
        let pieces: [DocumentPiece] = [
            .beginDictionary(count: 2, position: .unknown),
            .key("a", position: .unknown), .value(1),
            .key("a", position: .unknown), .value(2),
            .end,
        ]
        var assembler = DocumentPieceAssembler()
        #expect(throws: DataMapperError.self) {
            for piece in pieces { _ = try assembler.add(piece) }
        }
    }
}
