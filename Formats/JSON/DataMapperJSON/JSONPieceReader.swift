import DataMapperCore
import Foundation

/// Tells the JSON documents of an input held whole in memory (a ``MappedFile`` or a
/// buffer) piece by piece: it opens only the large arrays and objects, and hands every
/// other value over whole, as ``JSONSerializer`` reads it.
///
/// A document, and any array or object inside an opened one, is opened when its bytes
/// are more than `openingAbove`; its items are counted first by a scan that steps over
/// strings and brackets without building anything. So a 200 MB document of 100,000
/// records becomes a ``DocumentPiece/beginDictionary(count:position:)``, an opened
/// array of 100,000 records, each a ``DocumentPiece/value(_:)``, and the ends, and
/// memory holds one record at a time.
///
/// ```swift
/// let file = try MappedFile(path: "big.json")
/// var pieces = JSONPieceReader(bytes: file)
/// while let piece = try pieces.nextPiece() { try writer.write(piece, into: &output) }
/// ```
///
/// Built back with ``DocumentPieceAssembler``, the pieces give the documents and
/// positions ``JSONStreamReader`` gives for the same bytes and options, and the reader
/// throws the errors it throws (message, key path, line and column, `document N: `),
/// once the pieces before the fault are out: the options keep their meaning across
/// opened levels (``ParsingLimits/maxDepth`` counts them, ``ParsingLimits/maxInputBytes``
/// bounds each document, and a key repeated in an opened object follows
/// ``JSONSerializer/Options/duplicateKeys``: the entry that loses is not told, and the
/// count leaves it out). Under ``DuplicateKeyPolicy/lastWins`` the winning value is
/// told in the place of the key's first entry, as a tree holds it. When the reader
/// throws, counts announced before may not have been reached.
///
/// Lines of ``JSONStreamReader/Framing/lines`` are never opened: each is a document,
/// read whole.
public struct JSONPieceReader: DocumentPieceReader, Sendable {
    /// The size above which containers are opened unless the caller says otherwise: 1 MiB.
    public static let defaultOpeningThreshold = 1 << 20

    /// The input, whole; the reader keeps it alive.
    let bytes: any ContiguousBytes & Sendable
    /// How documents are read.
    public let options: JSONSerializer.Options
    /// How the documents of the input are laid out.
    public let framing: JSONStreamReader.Framing
    /// Containers of more bytes than this are opened.
    public let openingThreshold: Int
    /// Finds where each document ends.
    var framer: JSONStreamFramer
    /// Where the document being told ends (exclusive), once one is opened.
    var documentEnd = 0
    /// The containers opened and not yet closed, outermost first.
    var levels: [Level] = []
    /// A piece made with the one returned last (an entry's item after its key).
    var queued: DocumentPiece?
    /// The error that stopped the reader; every later call throws it again.
    var failure: DataMapperError?
    /// Checks the pieces told.
    var cursor = DocumentPieceCursor()

    /// How many documents have been started so far.
    public private(set) var documentCount = 0

    /// How many bytes of the input lie behind the pieces told so far.
    public var bytesRead: Int { levels.last?.place.offset ?? framer.position }

    /// Creates a reader over `bytes`, which hold the whole input.
    /// - Parameters:
    ///   - bytes: The input: a ``MappedFile``, `[UInt8]`, `Data`. Kept until the reader is dropped.
    ///   - framing: How documents are laid out; JSON texts by default.
    ///   - options: How values are read (``JSONSerializer/Options/outputStyle`` plays no part).
    ///   - openingAbove: Containers of more bytes than this are opened; 0 opens every one.
    public init(
        bytes: some ContiguousBytes & Sendable,
        framing: JSONStreamReader.Framing = .texts,
        options: JSONSerializer.Options = JSONSerializer.Options(),
        openingAbove threshold: Int = JSONPieceReader.defaultOpeningThreshold
    ) {
        self.bytes = bytes
        self.framing = framing
        self.options = options
        self.openingThreshold = max(0, threshold)
        self.framer = JSONStreamFramer(framing: framing)
    }

    /// The next piece, or `nil` after the last document.
    /// - Throws: ``DataMapperError`` as ``JSONStreamReader/next()`` throws it for the same
    ///   input; the reader then stays stuck, and asking again throws again.
    public mutating func nextPiece() throws(DataMapperError) -> DocumentPiece? {
        if let failure { throw failure }
        let input = bytes
        do {
            let piece = try input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                Result { () throws(DataMapperError) -> DocumentPiece? in
                    try produce(in: raw.bindMemory(to: UInt8.self))
                }
            }.get()
            if let piece { try cursor.accept(piece) }
            return piece
        } catch {
            failure = error
            throw error
        }
    }

    /// The next piece: a queued one, the start of the next document, or the next step
    /// inside the innermost open container.
    private mutating func produce(in bytes: UnsafeBufferPointer<UInt8>) throws(DataMapperError) -> DocumentPiece? {
        if let piece = queued {
            queued = nil
            return piece
        }
        guard levels.isEmpty else {
            do {
                return try step(in: bytes)
            } catch {
                throw error.inDocument(documentCount)
            }
        }
        guard let frame = framer.nextFrame(in: bytes, base: 0, ended: true) else {
            if documentCount == 0, framing == .texts { throw JSONStreamReader.noDocument(after: framer) }
            return nil
        }
        documentCount += 1
        let limit = options.limits.maxInputBytes
        guard frame.range.count <= limit else {
            throw JSONStreamReader.tooLarge(
                limit: limit, startingAt: frame.range.lowerBound, line: frame.line, column: frame.column, number: documentCount)
        }
        do {
            return try startDocument(frame, in: bytes)
        } catch {
            throw error.inDocument(documentCount)
        }
    }

    /// The first piece of the document `frame` holds: its opening when it is a large
    /// container, else the whole document.
    private mutating func startDocument(
        _ frame: JSONStreamFramer.Frame, in bytes: UnsafeBufferPointer<UInt8>
    ) throws(DataMapperError) -> DocumentPiece {
        let start = frame.range.lowerBound
        guard let base = bytes.baseAddress, frame.range.upperBound <= bytes.count, !frame.range.isEmpty else {
            throw JSONStreamReader.missingDocument(frame)
        }
        let first = base[start]
        if framing == .texts, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"), frame.range.count > openingThreshold {
            documentEnd = frame.range.upperBound
            let at = Place(offset: start, line: frame.line, lineStart: start - (frame.column - 1))
            return try open(at: at, depth: 1, path: DataPath(), handsBackEnd: true, in: base)
        }
        return .value(try JSONStreamReader.read(frame, at: base + start, options: options, framing: framing))
    }
}
