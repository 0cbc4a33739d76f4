import DataMapper
import DataMapperTestSupport
@testable import DataMapperXML
import Foundation
import Testing

/// What the pieces of `bytes` assemble into, the containers opened, and the error.
private func assembledXML(
    _ bytes: [UInt8], options: XMLSerializer.Options, threshold: Int, chunkSize: Int
) -> (document: SupportedType?, opened: Int, error: DataMapperError?) {
    var reader = XMLPieceReader(bytes: bytes, options: options, openingAbove: threshold, chunkSize: chunkSize)
    var assembler = DocumentPieceAssembler()
    var document: SupportedType?
    var opened = 0
    do {
        while let piece = try reader.nextPiece() {
            switch piece {
            case .beginArray, .beginDictionary: opened += 1
            default: break
            }
            if let done = try assembler.add(piece) {
                #expect(document == nil, "a second document")
                document = done
            }
        }
        #expect(assembler.isBetweenDocuments)
        #expect(reader.bytesRead == bytes.count)
        return (document, opened, nil)
    } catch {
        return (document, opened, error)
    }
}

/// The keys of every dictionary in `value`, in order, depth first.
private func allKeys(_ value: SupportedType) -> [[String]] {
    switch value.kind {
    case .array(let array): array.elements.flatMap(allKeys)
    case .dictionary(let map): [map.keys] + map.values.flatMap(allKeys)
    default: []
    }
}

/// Checks that the pieces of `text`, at each threshold and chunk size, assemble into
/// the value (keys in order, positions) or the error of ``XMLSerializer`` over the same
/// bytes; returns the containers opened at threshold 0.
@discardableResult
private func expectPiecesMatchTree(
    _ text: String, options: XMLSerializer.Options = .init(), thresholds: [Int] = [0, 1, 12, 40, .max],
    chunkSizes: [Int] = [1 << 18, 7, 1], failing: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Int {
    expectPiecesMatchTree(Array(text.utf8), options: options, thresholds: thresholds, chunkSizes: chunkSizes, failing: failing, sourceLocation: sourceLocation)
}

@discardableResult
private func expectPiecesMatchTree(
    _ bytes: [UInt8], options: XMLSerializer.Options = .init(), thresholds: [Int] = [0, 1, 12, 40, .max],
    chunkSizes: [Int] = [1 << 18, 7, 1], failing: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Int {
    let label = String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription
    var expected: SupportedType?
    var expectedError: DataMapperError?
    do {
        expected = try XMLSerializer(options: options).deserialize(Data(bytes))
    } catch {
        expectedError = error as? DataMapperError
    }
    #expect((expectedError != nil) == failing, "\(label): \(String(describing: expectedError))", sourceLocation: sourceLocation)
    var openedAtZero = 0
    for threshold in thresholds {
        for chunkSize in chunkSizes {
            let (document, opened, error) = assembledXML(bytes, options: options, threshold: threshold, chunkSize: chunkSize)
            if threshold == 0 { openedAtZero = opened }
            if threshold == .max { #expect(opened == 0, sourceLocation: sourceLocation) }
            let at = "\(label) at \(threshold), chunks of \(chunkSize)"
            #expect(document == expected, "\(at)", sourceLocation: sourceLocation)
            #expect(document.map(allKeys) == expected.map(allKeys), "\(at)", sourceLocation: sourceLocation)
            #expect(document.map(allPositions) == expected.map(allPositions), "\(at)", sourceLocation: sourceLocation)
            #expect(error?.kind == expectedError?.kind, "\(at): \(String(describing: error)) vs \(String(describing: expectedError))", sourceLocation: sourceLocation)
            #expect(error?.problem == expectedError?.problem, "\(at)", sourceLocation: sourceLocation)
            #expect(error?.path == expectedError?.path, "\(at)", sourceLocation: sourceLocation)
            #expect(error?.location == expectedError?.location, "\(at)", sourceLocation: sourceLocation)
        }
    }
    return openedAtZero
}

@Suite struct XMLPieceReaderTests {
    static func options(_ change: (inout XMLSerializer.Options) -> Void) -> XMLSerializer.Options {
        var options = XMLSerializer.Options()
        change(&options)
        return options
    }

    @Test("a document of records opens to its records, each told whole")
    func records() throws {
        let text = #"<records><record id="1"><name>a</name></record><record id="2"><name>b</name></record></records>"#
        var reader = XMLPieceReader(bytes: Array(text.utf8), openingAbove: 30)
        var pieces: [DocumentPiece] = []
        while let piece = try reader.nextPiece() { pieces.append(piece) }
        guard pieces.count == 10 else { Issue.record("pieces: \(pieces)"); return }
        guard case .beginDictionary(1, let rootPosition) = pieces[0], case .key("records", _) = pieces[1],
              case .beginDictionary(1, let recordsPosition) = pieces[2], case .key("record", _) = pieces[3],
              case .beginArray(2, let arrayPosition) = pieces[4],
              case .value(let first) = pieces[5], case .value(let second) = pieces[6],
              case .end = pieces[7], case .end = pieces[8], case .end = pieces[9]
        else { Issue.record("pieces: \(pieces)"); return }
        #expect(rootPosition == .text(line: 1, column: 1))
        #expect(recordsPosition == .text(line: 1, column: 1))
        #expect(arrayPosition == .text(line: 1, column: 10))
        #expect(first == ["@id": "1", "name": "a"])
        #expect(first.position == .text(line: 1, column: 10))
        #expect(second == ["@id": "2", "name": "b"])
        #expect(second.position == .text(line: 1, column: 48))
        #expect(try reader.nextPiece() == nil)
    }

    @Test("attributes, namespaces, repeated and single children assemble into the tree's value")
    func shapes() {
        let documents = [
            #"<feed xmlns="urn:a" xmlns:x="urn:x" id="1"><x:entry a="1">t</x:entry><x:entry/><title>T</title></feed>"#,
            "<r><a>1</a><a>2</a><a>3</a><b>only</b><c><d>x</d><d>y</d></c></r>",
            "<p>Hello <b>world</b> and <i>more</i> text</p>",
            #"<r id="7"> <a>1</a> tail </r>"#,
            "<r><list><item><a>1</a><a>2</a></item><item><a>3</a></item></list><n>x</n></r>",
            "<r><a/><b></b><c> </c><d><e/></d></r>",
            "<r><a><![CDATA[<raw>]]></a><a>x<!-- dropped -->y</a><?pi data?><b>&amp;&#65;</b></r>",
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE r>\n<r>\n  <a>é</a>\n  <a>ü</a>\n</r>\n",
            "<r/>",
            "<r>text only</r>",
        ]
        for document in documents {
            expectPiecesMatchTree(document)
            expectPiecesMatchTree(document, options: Self.options { $0.unwrapsRoot = true })
        }
    }

    @Test("whitespace is trimmed or preserved as the tree reader does")
    func whitespace() {
        let text = "<r>\n  <a>  padded  </a>\n  <b> </b>\n  <c x=\"1\">  in c  <d/>  </c>\n  loose text \n</r>"
        for mode in XMLSerializer.Options.Whitespace.allCases {
            expectPiecesMatchTree(text, options: Self.options { $0.whitespace = mode })
        }
    }

    @Test("forced lists are arrays, attributes and text too")
    func forcedLists() {
        let text = #"<r id="1"><a>1</a><b x="2"><c>3</c>t</b><b><c>4</c></b></r>"#
        let opened = expectPiecesMatchTree(text, options: Self.options { $0.forceList = ["a", "c", "@id", "#text"] })
        // r's wrapper and dictionary, the arrays of a and of b, b twice, the array of
        // c in each b, the arrays of @id and #text are values.
        #expect(opened == 8)
    }

    @Test("elements whose entries cannot be told in order are handed over whole, and still equal")
    func unopenable() {
        let documents = [
            "<r><a>1</a><b/><a>2</a></r>",
            "<r><x><a>1</a><b/><a>2</a></x><y><a/><a/></y></r>",
            #"<r a="1"><_x0040_a>2</_x0040_a><z/></r>"#,
            "<r><_x0023_text>1</_x0023_text>loose</r>",
            #"<r><a b="1" _x0062_="2"><c/></a></r>"#,
        ]
        for document in documents { expectPiecesMatchTree(document) }
        // r's children of one name are apart, so r, the root, is told whole.
        #expect(expectPiecesMatchTree("<r><a>1</a><b/><a>2</a></r>", thresholds: [0]) == 0)
    }

    @Test("at threshold 0 every element with children opens; at .max none")
    func counts() {
        #expect(expectPiecesMatchTree("<r><a>1</a><a>2</a><b><c/></b></r>") == 4)  // wrapper, r, a's array, b
        #expect(expectPiecesMatchTree("<r><a>1</a><a>2</a><b><c/></b></r>", options: Self.options { $0.unwrapsRoot = true }) == 3)
        #expect(expectPiecesMatchTree("<r>x</r>") == 0)
        #expect(expectPiecesMatchTree(#"<r a="1"/>"#) == 0)
    }

    @Test("a long document, fed in small chunks, keeps the positions of long lines and tags over several lines")
    func longLines() {
        var text = "<records>"
        for number in 0..<400 {
            text += "<record id=\"\(number)\" name=\"record number \(number) with a long attribute\"><v>\(number)</v><w>x</w></record>"
            if number % 50 == 0 {
                text += "<record\n   id=\"m\(number)\"\n   note=\"\(String(repeating: "n", count: 120))\"><v>\(number)</v></record>\n"
            }
        }
        text += "</records>"
        expectPiecesMatchTree(text, thresholds: [0, 100, 10_000], chunkSizes: [1 << 18, 4096, 97])
    }

    @Test("a document in another encoding than UTF-8 is read whole, as the tree reader reads it")
    func otherEncoding() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r><a>".utf8)
        bytes.append(0xE9)
        bytes += Array("</a><a>b</a></r>".utf8)
        #expect(expectPiecesMatchTree(bytes) == 0)
    }

    @Test("malformed documents fail with the tree reader's error")
    func malformed() {
        let documents = [
            "<r><a></b></r>", "<r>", "not xml", #"{"a": 1}"#, "", "<r></r><x/>", "<r><a>&undefined;</a></r>",
            "<r><a>1</a>\n<a x='1' x='2'/></r>", "<r>\u{0001}</r>",
        ]
        for document in documents { expectPiecesMatchTree(document, failing: true) }
    }

    @Test("a document cut at every byte fails, or reads, as the tree reader does")
    func everyPrefix() {
        let text = "<?xml version=\"1.0\"?>\n<r a=\"1\">\n <b>x</b>\n <b><c>y</c></b>\n t\n</r>"
        let bytes = Array(text.utf8)
        for end in 0...bytes.count {
            let prefix = Array(bytes[..<end])
            expectPiecesMatchTree(prefix, thresholds: [0, 12], chunkSizes: [1 << 18, 5], failing: end < bytes.count)
        }
    }

    @Test("the depth limit counts the opened elements above")
    func depthLimit() {
        let options = Self.options { $0.limits.maxDepth = 3 }
        expectPiecesMatchTree("<r><a><b>x</b></a><a><b><c/></b></a></r>", options: options, failing: true)
        expectPiecesMatchTree("<r><a><b>x</b></a><a><b><c/></b></a></r>", options: Self.options {
            $0.limits.maxDepth = 3
            $0.unwrapsRoot = true
        }, failing: true)
        expectPiecesMatchTree("<r><a><b>x</b></a><a><b>y</b></a></r>", options: options)
    }

    @Test("entity declarations and crowded start tags are refused as in reading")
    func refusals() {
        expectPiecesMatchTree(#"<!DOCTYPE r [<!ENTITY e "x">]><r><a/><a/></r>"#, failing: true)
        expectPiecesMatchTree(#"<r><a x="1" y="2" z="3"/><a/></r>"#, options: Self.options { $0.maxAttributesPerElement = 2 }, failing: true)
    }

    @Test("comments and processing instructions are the reading losses of the tree reader")
    func losses() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- before -->
            <r><a>1<!-- in a --></a><a><b/><?pi x?></a><c><!-- in c --><d/></c><c/>
            <e><f><!-- deep --></f></e></r>
            <!-- after -->
            """
        let bytes = Array(text.utf8)
        for unwraps in [false, true] {
            let options = Self.options { $0.unwrapsRoot = unwraps; $0.forceList = ["f"] }
            let expected = try XMLSerializer(options: options).readingLosses(in: Data(bytes))
            #expect(expected.count == 6)
            for threshold in [0, 10, .max] {
                var reader = XMLPieceReader(bytes: bytes, options: options, openingAbove: threshold)
                #expect(try reader.documentReadingLosses().isEmpty)
                while try reader.nextPiece() != nil {}
                #expect(try reader.documentReadingLosses() == expected, "at \(threshold), unwrapped: \(unwraps)")
            }
        }
    }
}
