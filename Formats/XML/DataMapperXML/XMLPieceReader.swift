import DataMapperCore
import Foundation

/// Tells an XML document held whole in memory (a ``MappedFile`` or a buffer) piece by
/// piece: it opens only the large elements, and hands every other element over whole,
/// as ``XMLSerializer`` reads it.
///
/// The document is parsed twice by libxml2. The first pass builds nothing: it finds
/// each element of more than `openingAbove` bytes of content that has child elements
/// and can be opened, and counts its entries. The second pass feeds the document to
/// libxml2's push parser a chunk at a time and tells it: an opened element becomes a
/// ``DocumentPiece/beginDictionary(count:position:)`` whose entries are its attributes
/// (`"@name"`), one key per child name (a ``DocumentPiece/beginArray(count:position:)``
/// of the children when the name repeats or is in ``XMLSerializer/Options/forceList``)
/// and its text (``XMLSerializer/Options/textKey``), and every other child a
/// ``DocumentPiece/value(_:)`` built by the tree builder. So a document
/// `<records><record>…</record> ×100,000</records>` is told one record at a time, and
/// memory holds one record, not the tree.
///
/// ```swift
/// let file = try MappedFile(path: "big.xml")
/// var pieces = XMLPieceReader(bytes: file)
/// while let piece = try pieces.nextPiece() { try writer.write(piece, into: &output) }
/// ```
///
/// Built back with ``DocumentPieceAssembler``, the pieces give the value and positions
/// ``XMLSerializer/deserialize(_:)`` gives for the same bytes and options, and the
/// reader throws its errors (kind, message, key path, line and column). An element is
/// handed over whole, however large, where telling its entries one after another could
/// not give the tree's dictionary: when elements of one name are not all next to each
/// other, or a child's key is also an attribute's or the text's. A document libxml2
/// reads through an encoding converter (one declared in another encoding than UTF-8)
/// is read whole, and so is a document no larger than `openingAbove`. A malformed
/// document fails in the first pass, before any piece.
///
/// A copy of the reader shares its parser with the original: use one copy.
public struct XMLPieceReader: DocumentPieceReader {
    /// The size above which elements are opened unless the caller says otherwise: 1 MiB.
    public static let defaultOpeningThreshold = 1 << 20

    /// How the document is read (the writing options play no part).
    public let options: XMLSerializer.Options
    /// Elements of more bytes of content than this are opened.
    public let openingThreshold: Int
    /// The input, whole; the reader keeps it alive.
    let bytes: any ContiguousBytes & Sendable
    /// How many bytes the push parser is fed at a time.
    let chunkSize: Int

    enum Stage {
        case notStarted
        /// Telling the opened elements; `plan` for the losses.
        case walking(XMLPushParser, plan: XMLOpeningPlan)
        /// Told; `plan` when the counting pass ran.
        case finished(plan: XMLOpeningPlan?)
    }

    private(set) var stage = Stage.notStarted
    /// Whether the last chunk has been fed.
    private var fedAll = false
    /// The error that stopped the reader; every later call throws it again.
    private var failure: DataMapperError?

    /// How many bytes of the input lie behind the pieces told so far.
    public private(set) var bytesRead = 0

    /// Creates a reader over `bytes`, which hold the whole input.
    /// - Parameters:
    ///   - bytes: The input: a ``MappedFile``, `[UInt8]`, `Data`. Kept until the reader is dropped.
    ///   - options: How the document is read.
    ///   - openingAbove: Elements of more bytes than this are opened; 0 opens every
    ///     element that has child elements.
    public init(
        bytes: some ContiguousBytes & Sendable,
        options: XMLSerializer.Options = XMLSerializer.Options(),
        openingAbove threshold: Int = XMLPieceReader.defaultOpeningThreshold
    ) {
        self.init(bytes: bytes, options: options, openingAbove: threshold, chunkSize: 256 << 10)
    }

    /// A reader feeding its push parser `chunkSize` bytes at a time.
    init(bytes: some ContiguousBytes & Sendable, options: XMLSerializer.Options, openingAbove threshold: Int, chunkSize: Int) {
        self.bytes = bytes
        self.options = options
        self.openingThreshold = max(0, threshold)
        self.chunkSize = max(1, chunkSize)
    }

    /// The next piece, or `nil` after the document.
    /// - Throws: ``DataMapperError`` as ``XMLSerializer/deserialize(_:)`` throws it for
    ///   the same input; the reader then stays stuck, and asking again throws again.
    public mutating func nextPiece() throws(DataMapperError) -> DocumentPiece? {
        if let failure { throw failure }
        do {
            return try produce()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func produce() throws(DataMapperError) -> DocumentPiece? {
        switch stage {
        case .notStarted:
            return try start()
        case .walking(let parser, let plan):
            while true {
                if let piece = parser.nextPiece() { return piece }
                guard !fedAll else {
                    stage = .finished(plan: plan)
                    return nil
                }
                try feed(parser)
            }
        case .finished:
            return nil
        }
    }

    /// The first piece: the whole document, or the opening of its root element.
    private mutating func start() throws(DataMapperError) -> DocumentPiece? {
        let input = bytes
        let count = input.withUnsafeBytes { $0.count }
        guard count > openingThreshold else {
            let value = try Self.reading { () throws in
                try input.withUnsafeBytes { bytes in try LibXML2Reader.read(bytes: bytes, options: options, notingMarkup: false).value }
            }
            stage = .finished(plan: nil)
            bytesRead = count
            return .value(value)
        }
        let plan = try Self.reading { () throws in
            try input.withUnsafeBytes { bytes in try LibXML2Reader.openingPlan(of: bytes, options: options, threshold: openingThreshold) }
        }
        guard plan.openings[1] != nil else {
            let value = try Self.reading { () throws in
                try input.withUnsafeBytes { bytes in try LibXML2Reader.read(bytes: bytes, options: options, notingMarkup: false).value }
            }
            stage = .finished(plan: plan)
            bytesRead = count
            return .value(value)
        }
        let parser = try input.withUnsafeBytes { bytes in
            Result { () throws(DataMapperError) in
                try XMLPushParser(plan: plan, options: options, head: UnsafeRawBufferPointer(rebasing: bytes.prefix(4)))
            }
        }.get()
        bytesRead = min(4, count)
        stage = .walking(parser, plan: plan)
        return try produce()
    }

    /// Feeds `parser` the next chunk of the input, the last one with the end.
    private mutating func feed(_ parser: XMLPushParser) throws(DataMapperError) {
        let start = bytesRead
        let size = chunkSize
        let end = try bytes.withUnsafeBytes { input in
            Result { () throws(DataMapperError) -> Int in
                let end = min(input.count, start + size)
                try parser.feed(UnsafeRawBufferPointer(rebasing: input[start..<end]), of: input, terminate: end == input.count)
                return end
            }
        }.get()
        let last = end == bytes.withUnsafeBytes { $0.count }
        bytesRead = end
        fedAll = last
    }

    /// Runs `body`, whose errors are libxml2 reader's ``DataMapperError``s.
    private static func reading<Result>(_ body: () throws -> Result) throws(DataMapperError) -> Result {
        do {
            return try body()
        } catch let error as DataMapperError {
            throw error
        } catch {
            throw DataMapperError(.syntax, message: "the XML document could not be read: \(error)")
        }
    }
}
