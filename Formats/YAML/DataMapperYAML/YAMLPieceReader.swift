import DataMapperCore
import Foundation

/// Tells the YAML documents of an input held whole in memory piece by piece: it opens
/// only the large sequences and mappings, and hands every other node over whole, as
/// ``YAMLSerializer`` reads it.
///
/// Each document is parsed twice by libyaml. The first pass builds nothing: it counts
/// the items of every collection of more than `openingAbove` characters that can be
/// opened. The second tells the document: an opened collection becomes
/// ``DocumentPiece/beginArray(count:position:)`` or
/// ``DocumentPiece/beginDictionary(count:position:)``, its keys
/// ``DocumentPiece/key(_:position:)``, and each other child a ``DocumentPiece/value(_:)``
/// built by the tree builder. So a document `records: [100,000 records]` is told one
/// record at a time, and memory holds one record, not the tree.
///
/// ```swift
/// var pieces = YAMLPieceReader(bytes: file)
/// while let piece = try pieces.nextPiece() { try writer.write(piece, into: &output) }
/// ```
///
/// Built back with ``DocumentPieceAssembler``, the pieces give the documents and
/// positions ``YAMLStreamReader`` gives for the same bytes and options, and the reader
/// throws its errors (message, key path, line and column, `document N: `) once the
/// pieces before the fault are out. One builder reads all the children of a document,
/// so an alias may name an anchor in an earlier child, and the alias budget
/// (``ParsingLimits/maxExpandedValues``, ``ParsingLimits/maxExpandedBytes``) is the
/// document's; ``ParsingLimits/maxDepth`` counts opened levels; a key repeated in an
/// opened mapping follows ``YAMLSerializer/Options/duplicateKeys`` (under
/// ``DuplicateKeyPolicy/firstWins`` the later entries are read and left out of the
/// count).
///
/// A collection is handed over whole, however large, where opening it could change
/// what it means or cost a read ahead: one with a tag (`!!set`, `!!omap`, `!custom`),
/// one with an anchor (its aliases need the whole value), a mapping with a merge key
/// `<<`, with a key that is a collection or an alias, or, under
/// ``DuplicateKeyPolicy/lastWins``, with a repeated key (the winner is told in the
/// loser's place). A document libyaml cannot parse to its end is read whole, so its
/// error comes where the stream reader's does.
///
/// A copy of the reader shares its parsers with the original: use one copy.
public struct YAMLPieceReader: DocumentPieceReader {
    /// The size, in characters, above which collections are opened unless the caller
    /// says otherwise: 1 MiB.
    public static let defaultOpeningThreshold = 1 << 20

    /// How documents are read.
    public let options: YAMLSerializer.Options
    /// Collections of more characters than this are opened.
    public let openingThreshold: Int
    /// The input, at an address that stays put while the parsers read it.
    let input: PinnedInput
    /// The parser that tells documents, and the one a document ahead of it that counts.
    var walker: LibYAMLParser?
    var counter: LibYAMLParser?
    /// Character offsets of the input turned into byte offsets, for the loss scan.
    var offsets: YAMLCharacterOffsets
    /// What the counting pass found in the document being told.
    var plan = YAMLOpeningPlan()
    /// Reads the children of the document being told.
    var builder: YAMLTreeBuilder
    /// The collections opened and not yet closed, outermost first.
    var levels: [Level] = []
    /// A piece made with the one returned last (an entry's item after its key).
    var queued: DocumentPiece?
    /// Whether the last document's end has been read and the stream's end seen.
    var finished = false
    /// The error that stopped the reader; every later call throws it again.
    var failure: DataMapperError?
    /// What the loss scan of the document being told, or last told, reads.
    var lossRegion: LossRegion?
    /// Where the last document counted ended.
    var lastDocumentEnd: YAMLMark?

    /// How many documents have been started so far.
    public private(set) var documentCount = 0

    /// About how many bytes of the input lie behind the pieces told so far: libyaml
    /// counts characters, fewer than bytes where the text is not ASCII, which is close
    /// enough to show progress.
    public private(set) var bytesRead = 0

    /// Creates a reader over `bytes`, which hold the whole input.
    /// - Parameters:
    ///   - bytes: The input. A class instance (a mapped file) is read in place and kept
    ///     until the reader is dropped; it must lend the same bytes at the same address
    ///     for its whole life. A value (`[UInt8]`, `Data`) is copied once.
    ///   - options: How documents are read (the writing options play no part).
    ///   - openingAbove: Collections of more characters than this are opened; 0 opens
    ///     every one.
    public init(
        bytes: some ContiguousBytes & Sendable,
        options: YAMLSerializer.Options = YAMLSerializer.Options(),
        openingAbove threshold: Int = YAMLPieceReader.defaultOpeningThreshold
    ) {
        input = PinnedInput(bytes)
        self.options = options
        openingThreshold = max(0, threshold)
        offsets = YAMLCharacterOffsets(input.bytes)
        builder = YAMLTreeBuilder(options: options, inputBytes: 0)
    }

    /// The next piece, or `nil` after the last document.
    /// - Throws: ``DataMapperError`` as ``YAMLStreamReader/next()`` throws it for the
    ///   same input; the reader then stays stuck, and asking again throws again.
    public mutating func nextPiece() throws(DataMapperError) -> DocumentPiece? {
        if let failure { throw failure }
        do {
            let piece = try produce()
            if let walker { bytesRead = walker.marks.end.index }
            return piece
        } catch {
            failure = error
            throw error
        }
    }

    /// The next piece: a queued one, the next step inside the innermost opened
    /// collection, or the first piece of the next document.
    private mutating func produce() throws(DataMapperError) -> DocumentPiece? {
        if let piece = queued {
            queued = nil
            return piece
        }
        guard levels.isEmpty else {
            do {
                return try step()
            } catch {
                throw error.inDocument(documentCount)
            }
        }
        guard !finished, !input.bytes.isEmpty else { return nil }
        let (walker, counter) = try parsers()
        while true {
            let event: YAMLEventKind
            do {
                event = try walker.next()
            } catch {
                throw Self.ours(error).inDocument(documentCount + 1)
            }
            switch event {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                finished = true
                return nil
            case .documentStart:
                documentCount += 1
                try countDocument(counter)
                do {
                    return try startDocument(walker)
                } catch {
                    throw error.inDocument(documentCount)
                }
            default:
                throw Self.outOfOrder(at: walker.position).inDocument(documentCount + 1)
            }
        }
    }

    /// The parsers, made on first use.
    private mutating func parsers() throws(DataMapperError) -> (walker: LibYAMLParser, counter: LibYAMLParser) {
        if let walker, let counter { return (walker, counter) }
        do {
            let made = (try LibYAMLParser.pinned(over: input.bytes), try LibYAMLParser.pinned(over: input.bytes))
            (walker, counter) = made
            return made
        } catch {
            throw Self.ours(error)
        }
    }

    /// `error` as a ``DataMapperError``: libyaml's parser throws nothing else.
    static func ours(_ error: any Error) -> DataMapperError {
        error as? DataMapperError ?? DataMapperError(.syntax, message: "the YAML document could not be read: \(error)")
    }

    static func outOfOrder(at position: SourcePosition) -> DataMapperError {
        DataMapperError(.syntax, message: "libyaml reported an event out of order", location: SourceLocation(position: position))
    }
}

/// The bytes a piece reader parses, at an address that does not move while it lives.
final class PinnedInput: @unchecked Sendable {
    // Sendable without checks: the bytes are set in `init`, never changed, only read,
    // and freed (when owned) in `deinit`, when no other reference exists.
    /// The input; valid as long as this object.
    let bytes: UnsafeRawBufferPointer
    /// The class instance lending the bytes, kept alive; `nil` when they were copied.
    private let lender: (any ContiguousBytes & Sendable)?

    init(_ source: some ContiguousBytes & Sendable) {
        if type(of: source) is AnyClass {
            // A class owns its storage: the address it lends stays put while it lives.
            lender = source
            bytes = source.withUnsafeBytes { $0 }
        } else {
            // A value may lend a temporary copy (small `Data` lives inline): copy it once.
            lender = nil
            bytes = source.withUnsafeBytes { lent in
                let owned = UnsafeMutableRawBufferPointer.allocate(byteCount: lent.count, alignment: 1)
                owned.copyMemory(from: lent)
                return UnsafeRawBufferPointer(owned)
            }
        }
    }

    deinit {
        if lender == nil { UnsafeMutableRawBufferPointer(mutating: bytes).deallocate() }
    }
}
