import DataMapperCore
import Foundation

/// Tells the MessagePack values of an input held whole in memory (a ``MappedFile`` or a
/// buffer), written back to back, piece by piece: it opens only the large arrays and
/// maps, and hands every other value over whole, as ``MessagePackSerializer`` reads it.
///
/// A value, and any array or map inside an opened one, is opened when its bytes are
/// more than `openingAbove`; its count comes from its header, and where each item ends
/// from a walk of the headers. Built back with ``DocumentPieceAssembler``, the pieces
/// give the values and byte offsets ``MessagePackStreamReader`` gives for the same
/// bytes and options, and the reader throws the errors it throws, once the pieces
/// before the fault are out. ``ParsingLimits/maxDepth`` counts the opened levels, and
/// a key repeated in an opened map follows ``MessagePackSerializer/Options/duplicateKeys``
/// (the entry that loses is not told, and the count leaves it out; under
/// ``DuplicateKeyPolicy/lastWins`` the winning value is told in the first entry's
/// place). When the reader throws, counts announced before may not have been reached.
///
/// ```swift
/// var pieces = MessagePackPieceReader(bytes: try MappedFile(path: "big.msgpack"))
/// while let piece = try pieces.nextPiece() { try writer.write(piece, into: &output) }
/// ```
public struct MessagePackPieceReader: DocumentPieceReader, Sendable {
    /// The size above which containers are opened unless the caller says otherwise: 1 MiB.
    public static let defaultOpeningThreshold = 1 << 20

    /// The input, whole; the reader keeps it alive.
    let bytes: any ContiguousBytes & Sendable
    /// How values are read.
    public let options: MessagePackSerializer.Options
    /// Containers of more bytes than this are opened.
    public let openingThreshold: Int
    /// Where the next value starts.
    var nextDocument = 0
    /// The bytes of the value being told, or told last.
    var document = 0..<0
    /// The containers opened and not yet closed, outermost first.
    var levels: [Level] = []
    /// A piece made with the one returned last (an entry's item after its key).
    var queued: DocumentPiece?
    /// The error that stopped the reader; every later call throws it again.
    var failure: DataMapperError?
    /// Checks the pieces told.
    var cursor = DocumentPieceCursor()

    /// How many values have been started so far.
    public private(set) var documentCount = 0

    /// How many bytes of the input lie behind the pieces told so far.
    public var bytesRead: Int { levels.last?.next ?? nextDocument }

    /// Creates a reader over `bytes`, which hold the whole input.
    /// - Parameters:
    ///   - bytes: The input: a ``MappedFile``, `[UInt8]`, `Data`. Kept until the reader is dropped.
    ///   - options: How values are read.
    ///   - openingAbove: Containers of more bytes than this are opened; 0 opens every one.
    public init(
        bytes: some ContiguousBytes & Sendable,
        options: MessagePackSerializer.Options = MessagePackSerializer.Options(),
        openingAbove threshold: Int = MessagePackPieceReader.defaultOpeningThreshold
    ) {
        self.bytes = bytes
        self.options = options
        self.openingThreshold = max(0, threshold)
    }

    /// The next piece, or `nil` after the last value.
    /// - Throws: ``DataMapperError`` as ``MessagePackStreamReader`` throws it for the same
    ///   input, read whole and finished; the reader then stays stuck, and asking again
    ///   throws again.
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

    /// The next piece: a queued one, the start of the next value, or the next step
    /// inside the innermost open container.
    private mutating func produce(in bytes: UnsafeBufferPointer<UInt8>) throws(DataMapperError) -> DocumentPiece? {
        if let piece = queued {
            queued = nil
            return piece
        }
        guard let base = bytes.baseAddress else { return nil }
        guard levels.isEmpty else {
            do {
                return try step(in: base)
            } catch {
                throw error.inDocument(documentCount)
            }
        }
        guard nextDocument < bytes.count else { return nil }
        documentCount += 1
        let start = nextDocument
        guard let end = try documentEnd(from: start, in: bytes) else {
            // As the stream reader's `finish()`: reading the rest names the fault.
            throw DataMapperError(
                .syntax,
                message: "the stream ends inside a value: \(bytes.count - start) bytes from byte \(start) on do not make a whole value",
                location: SourceLocation(position: .byteOffset(start))
            )
        }
        document = start..<end
        nextDocument = end
        do {
            return try item(at: start, depth: 0, path: DataPath(), in: base)
        } catch {
            throw error.inDocument(documentCount)
        }
    }

    /// Where the value at `start` ends; `nil` when the input ends inside it and reading
    /// it finds no other fault.
    private func documentEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(DataMapperError) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count - start
        let scanner = MessagePackScanner(bytes: base + start, count: count, maxDeclared: options.limits.maxInputBytes, origin: start)
        do throws(DataMapperError) {
            let outcome: MessagePackScanner.Outcome
            do {
                outcome = try scanner.scan(from: 0)
            } catch where error.kind == .syntax {
                try readWhole(base + start, count: count, origin: start)
                throw error
            }
            guard case .complete(let length) = outcome else {
                try readWhole(base + start, count: count, origin: start)
                return nil
            }
            return start + length
        } catch {
            throw error.inDocument(documentCount)
        }
    }

    /// Reads the value at `bytes` for its errors, as the stream reader does to name a
    /// fault's key path.
    private func readWhole(_ bytes: UnsafePointer<UInt8>, count: Int, origin: Int) throws(DataMapperError) {
        // The bytes are only read, and only during this call.
        var reader = MessagePackReader(bytes: bytes, count: count, origin: origin, options: options)
        _ = try reader.readValue()
    }
}

extension MessagePackPieceReader: PieceReadingLossReporting {
    /// The map keys of the value the last piece belongs to that are not `str` and
    /// became string keys, each at its full key path and its byte offset in the input.
    public func documentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        guard !document.isEmpty else { return [] }
        let range = document
        let number = documentCount
        let options = options
        return try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) -> [ConversionLoss] in
                guard let base = raw.baseAddress, range.upperBound <= raw.count else { return [] }
                // The bytes are only read, and only during this call.
                var scanner = MessagePackLossScanner(
                    bytes: base.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count, options: options)
                return try scanner.scan().map { loss in
                    var moved = loss
                    moved.document = number
                    if let offset = loss.position.byteOffset { moved.position = .byteOffset(range.lowerBound + offset) }
                    return moved
                }
            }
        }.get()
    }
}
