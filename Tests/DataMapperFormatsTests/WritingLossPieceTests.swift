import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// The loss report made piece by piece: the losses of the whole-document walk.
@Suite struct WritingLossPieceTests {
    /// Documents that lose something in one target or another.
    static let documents: [SupportedType] = [
        ["doc": [
            "n": 42, "f": 1.5, "t": true, "e": "", "w": " x ", "s": "   ",
            "empty": [], "one": ["x"], "nested": [["a"], []],
            "@attr": "", "@pad": " y ", "ok": "text", "none": nil,
        ]],
        ["doc": [
            "b": .binary(Data([1])), "big": .bigNumber("1e400"), "nan": .double(.nan),
            "time": .timestamp(seconds: 0, nanoseconds: 0), "ext": .ext(type: 3, data: Data()),
        ]],
        ["doc": ["bad key": "v", "@id": "1", "#text": "t", "@bad attr": "2", "a:b:c": "3", "ok": "4"]],
        [
            "b": .binary(Data([1, 2])), "t": .timestamp(seconds: 0, nanoseconds: 5), "inf": .double(-.infinity),
            "x": .ext(type: 1, data: Data()), "big": .bigNumber("123456789012345678901234567890"), "n": 1, "e": [], "s": "",
        ],
        ["big": .bigNumber("18446744073709551616"), "u": .uint64(.max), "b": .binary(Data([1])), "x": .ext(type: 1, data: Data())],
        .array(["a"]), ["a": 1, "b": 2], ["a": ["x", "y"]], ["@a": "x"], .string("text"), ["a": ["b": "x"]], ["a": nil],
        [], [:], [[]], ["": [:]], ["records": [["id": 1, "tags": []], ["id": 2, "tags": ["x"]]]],
    ]

    static let permissive = FormatWriteOptions(bigNumbers: .string, nonFiniteNumbers: .string, extValues: .base64)

    /// The losses of `documents` told piece by piece down to `depth`, numbered from 1.
    static func pieceLosses(_ documents: [SupportedType], openingTo depth: Int, format: DataFormat, options: FormatWriteOptions) throws -> [ConversionLoss] {
        var tracker = format.writingLossTracker(options: options)
        var losses: [ConversionLoss] = []
        for (index, document) in documents.enumerated() {
            for piece in document.pieces(openingTo: depth) {
                losses += try tracker.losses(adding: piece, document: index + 1)
            }
        }
        return losses
    }

    static func wholeLosses(_ documents: [SupportedType], format: DataFormat, options: FormatWriteOptions) -> [ConversionLoss] {
        documents.enumerated().flatMap { format.losses(writing: $1, document: $0 + 1, options: options) }
    }

    static func expectSameLosses(_ documents: [SupportedType], _ comment: String) throws {
        for format in FormatRegistry.standard.formats {
            for options in [FormatWriteOptions.default, Self.permissive] {
                let whole = Self.wholeLosses(documents, format: format, options: options)
                for depth in 0...5 {
                    let pieced = try Self.pieceLosses(documents, openingTo: depth, format: format, options: options)
                    #expect(pieced == whole, "\(format.name), depth \(depth): \(comment)")
                    #expect(pieced.map(\.position) == whole.map(\.position), "\(format.name), depth \(depth): \(comment)")
                }
            }
        }
    }

    @Test("losses via pieces at every depth are the losses of the whole document, in every target")
    func piecesMatchWholeWalk() throws {
        for document in Self.documents {
            try Self.expectSameLosses([document], "\(document)")
        }
        try Self.expectSameLosses(Self.documents, "all as a stream")
        for seed in UInt64(1)...30 {
            var random = RandomValues(seed: seed, leaves: [.null, .bool, .int, .uint, .double, .string, .binary, .bigNumber, .ext, .timestamp])
            try Self.expectSameLosses((0..<3).map { _ in random.value(depth: 5) }, "seed \(seed)")
        }
    }

    @Test("losses come as their pieces do; under a root rule, once every child of the root has begun")
    func lossesComeEarly() throws {
        var json = DataFormat.json.writingLossTracker()
        #expect(try json.losses(adding: .beginArray(count: 2, position: .unknown), document: 1).isEmpty)
        let first = try json.losses(adding: .value(.binary(Data([1]))), document: 1)
        #expect(first.map(\.kind) == [.binary])
        #expect(first.first?.path == DataPath([.index(0)]))

        var xml = DataFormat.xml.writingLossTracker()
        #expect(try xml.losses(adding: .beginDictionary(count: 1, position: .unknown), document: 1).isEmpty)
        #expect(try xml.losses(adding: .key("records", position: .unknown), document: 1).isEmpty)
        // The root's one child is an array: the root is wrapped, known now.
        let opened = try xml.losses(adding: .beginArray(count: 2, position: .unknown), document: 1)
        #expect(opened.map(\.kind) == [.wrappedRoot])
        let item = try xml.losses(adding: .value(["n": 1]), document: 1)
        #expect(item.map(\.kind) == [.scalarType])
        #expect(item.first?.path == DataPath([.key("records"), .index(0), .key("n")]))
    }

    @Test("pieces out of order are refused")
    func outOfOrder() throws {
        var tracker = DataFormat.json.writingLossTracker()
        _ = try expectError(kind: .invalidValue) { try tracker.losses(adding: .end, document: 1) }
    }
}

/// A format's stream writer takes pieces where the format's writer does.
@Suite struct FormatStreamWriterPieceTests {
    static let documents: [SupportedType] = [
        ["records": [["id": 1, "b": .binary(Data([1]))], [:]], "n": []],
        [1, "two", [3]],
    ]

    @Test("every streaming format writes pieces as it writes documents, with text's final line feed")
    func piecesMatchDocuments() throws {
        for format in FormatRegistry.standard.formats {
            guard let writer = format.streamWriter() else { continue }
            #expect(writer.writesPieces, "\(format.name)")
            let documents = format.name == "xml" ? [Self.documents[0]] : Self.documents
            expectPiecesWriteLikeDocuments(documents, maxDepth: 3, "\(format.name)") { writer }
        }
    }

    @Test("sorted keys: MessagePack sorts values given whole and refuses a dictionary opened as pieces")
    func sortedKeys() throws {
        let options = FormatWriteOptions(sortKeys: true)
        let writer = try #require(DataFormat.msgpack.streamWriter(options: options))
        let array: SupportedType = [["b": 1, "a": 2]]
        #expect(try writtenInPieces([array], openingTo: 1, with: writer).get() == writtenWhole([array], with: writer).get())
        let refusal = try #require(writtenInPieces([["list": array]], openingTo: 1, with: writer).failureValue)
        #expect(refusal.kind == .unsupported)
        #expect(refusal.problem.hasPrefix("document 1: "))
        for name in ["json", "yaml"] {
            let sorted = try #require(FormatRegistry.standard.format(named: name).streamWriter(options: options))
            #expect(writtenInPieces([["b": 1, "a": 2]], openingTo: 1, with: sorted).failureValue?.kind == .unsupported, "\(name)")
        }
    }
}
