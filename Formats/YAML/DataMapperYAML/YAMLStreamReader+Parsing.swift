import DataMapperCore

// Each piece the framer cuts is parsed alone by libyaml, its lines shifted to those of
// the whole stream; pieces start at the start of a line, so columns need no shift.
extension YAMLStreamReader {
    /// The bytes of one document and what libyaml needs to read them as in the stream.
    struct Piece {
        var range: Range<Int>
        var line: Int
        let lookahead: Int
        var followsDocumentEnd: Bool

        init(_ frame: YAMLStreamFramer.Frame) {
            range = frame.range
            line = frame.line
            lookahead = frame.lookahead
            followsDocumentEnd = frame.followsDocumentEnd
        }
    }

    /// A document and its end that libyaml reads just before a piece that follows a
    /// `...`, so that the piece is read as it is after a document end in the stream.
    private static let documentEndPrefix: [UInt8] = Array("---\n...\n".utf8)

    /// Reads the document `piece` holds, if any, and where libyaml saw the next
    /// document start (in the bytes after the piece, or earlier for directives that
    /// ended the document without a `...`).
    func parse(_ piece: Piece) -> Result<(SupportedType?, SourcePosition?), DataMapperError> {
        let first = piece.range.lowerBound - dropped
        let count = piece.range.count + piece.lookahead
        guard count > 0 else { return .success((nil, nil)) }
        let options = serializer.options
        let inputBytes = piece.range.count
        return buffer.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            let bytes = UnsafeRawBufferPointer(rebasing: all[first..<first + count])
            guard piece.followsDocumentEnd else {
                return Self.read(bytes, lineOffset: piece.line - 1, skipping: 0, options: options, inputBytes: inputBytes)
            }
            let prefixed = Self.documentEndPrefix + bytes
            return prefixed.withUnsafeBytes {
                Self.read($0, lineOffset: piece.line - 3, skipping: 1, options: options, inputBytes: inputBytes)
            }
        }
    }

    /// Reads at most `skipping + 1` documents of `bytes` and keeps the last.
    private static func read(
        _ bytes: UnsafeRawBufferPointer, lineOffset: Int, skipping: Int, options: YAMLSerializer.Options, inputBytes: Int
    ) -> Result<(SupportedType?, SourcePosition?), DataMapperError> {
        do {
            let (documents, nextStart) = try LibYAMLParser.withParser(overBytes: bytes, lineOffset: lineOffset) { parser in
                var builder = YAMLTreeBuilder(options: options, inputBytes: inputBytes)
                return try builder.readDocuments(from: parser, limit: skipping + 1)
            }
            return .success((documents.dropFirst(skipping).first, nextStart))
        } catch let error as DataMapperError {
            return .failure(error)
        } catch {
            return .failure(DataMapperError(.syntax, message: "the YAML document could not be read: \(error)"))
        }
    }
}
