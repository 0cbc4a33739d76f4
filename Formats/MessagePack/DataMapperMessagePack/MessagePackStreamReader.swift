import DataMapperCore
import Foundation

/// Reads a stream of MessagePack values that arrives in pieces of any size.
///
/// Append bytes as they arrive and ask for values until ``next()`` says it needs more:
///
/// ```swift
/// var stream = MessagePackStreamReader()
/// for await chunk in socket.chunks {
///     stream.append(chunk)
///     while let value = try stream.next() { handle(value) }
/// }
/// try stream.finish()   // fails if the stream ended inside a value
/// ```
///
/// Positions and error offsets count from the first byte ever appended. Consumed
/// bytes are dropped as values are read, so memory stays about the size of the
/// largest value. A value that has not fully arrived is only checked for
/// completeness (by its headers), not parsed, until its last byte is there; that check
/// goes on from where the last one stopped, so a value arriving in many small pieces
/// costs time linear in its size.
public struct MessagePackStreamReader: Sendable, DocumentStreamReader {
    /// The options values are read with; ``ParsingLimits/maxInputBytes`` also bounds
    /// what a single header may declare, so a hostile length cannot make the reader
    /// wait for ever.
    public let serializer: MessagePackSerializer
    /// Bytes appended and not yet consumed start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes consumed before `buffer[0]`.
    private var dropped = 0
    /// Where the value ``next()`` returned last starts in `buffer`; its bytes are kept
    /// until the next value is read, for ``lastDocumentReadingLosses()``.
    private var lastStart: Int?

    /// How many values have been read so far.
    public private(set) var documentCount = 0
    /// Where the scan of the value being read stopped, in bytes from its first byte,
    /// when the buffer ended inside it.
    private var scanResume: MessagePackScanner.Resume?
    /// How many bytes the completeness scans have stepped over, from where each began
    /// to where it stopped: about the bytes appended, however small the pieces they
    /// came in, where scans from each value's start would make it grow with the
    /// square of a value's size (for tests).
    package private(set) var scannedByteCount = 0

    /// Creates a reader with an empty buffer.
    public init(options: MessagePackSerializer.Options = MessagePackSerializer.Options()) {
        serializer = MessagePackSerializer(options: options)
    }

    /// How many bytes of the stream have been consumed by the values read so far.
    public var consumedByteCount: Int { dropped + start }

    /// How many appended bytes wait to be read.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes that arrived.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
    }

    /// The next value, or `nil` when the bytes so far end inside a value (or there are
    /// none); append more and ask again.
    /// - Throws: ``DataMapperError`` for bytes that can never make a valid value; the
    ///   reader is then stuck at that value, and asking again throws again.
    public mutating func next() throws(DataMapperError) -> SupportedType? {
        guard buffer.count > start else { return nil }
        let origin = consumedByteCount
        let from = start
        let resume = scanResume
        let serializer = serializer
        let step = try buffer.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) -> Step in
                guard let base = all.baseAddress else { return .wait(resume, scanned: 0) }
                return try Self.step(
                    bytes: base.assumingMemoryBound(to: UInt8.self) + from, count: all.count - from,
                    origin: origin, resume: resume, serializer: serializer)
            }.mapError { $0.inDocument(documentCount + 1) }
        }.get()
        switch step {
        case .wait(let resume, let scanned):
            scannedByteCount += scanned
            scanResume = resume
            return nil
        case .value(let value, let consumed, let scanned):
            scannedByteCount += scanned
            scanResume = nil
            lastStart = start
            start += consumed
            documentCount += 1
            return value
        }
    }

    /// What one look at the buffered bytes found.
    private enum Step {
        /// The value is not whole yet; its scan goes on from here when more bytes come.
        case wait(MessagePackScanner.Resume?, scanned: Int)
        /// A whole value and the bytes it took.
        case value(SupportedType, consumed: Int, scanned: Int)
    }

    /// Scans the value at `bytes` on from `resume`, and reads it once it is whole.
    ///
    /// Each byte is scanned once however the value arrives, since a scan stopped by the
    /// end of the bytes resumes where it stopped; the value is parsed once, when whole.
    private static func step(
        bytes: UnsafePointer<UInt8>, count: Int, origin: Int, resume: MessagePackScanner.Resume?, serializer: MessagePackSerializer
    ) throws(DataMapperError) -> Step {
        let options = serializer.options
        let scanner = MessagePackScanner(bytes: bytes, count: count, maxDeclared: options.limits.maxInputBytes, origin: origin)
        let outcome: MessagePackScanner.Outcome
        let scanStart = resume?.offset ?? 0
        do {
            outcome = try scanner.scan(from: scanStart, resume: resume)
        } catch where error.kind == .syntax {
            // The reader finds the same fault and also names its key path.
            var reader = MessagePackReader(bytes: bytes, count: count, origin: origin, options: options)
            _ = try reader.readValue()
            throw error
        }
        switch outcome {
        case .incomplete(_, let resume):
            return .wait(resume, scanned: resume.offset - scanStart)
        case .complete(let end):
            var reader = MessagePackReader(bytes: bytes, count: end, origin: origin, options: options)
            return .value(try reader.readValue(), consumed: end, scanned: end - scanStart)
        }
    }

    /// Checks that the stream ended between values.
    /// - Throws: ``DataMapperError/Kind/syntax`` naming the offset of the value that was
    ///   cut short, when bytes remain.
    public func finish() throws(DataMapperError) {
        guard bufferedByteCount == 0 else {
            // Reading the rest as a value says where it was cut short, and its path.
            let from = start
            let origin = consumedByteCount
            let options = serializer.options
            try buffer.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
                Result { () throws(DataMapperError) in
                    guard let base = all.baseAddress else { return }
                    // The bytes are only read, and only during this call.
                    var reader = MessagePackReader(
                        bytes: base.assumingMemoryBound(to: UInt8.self) + from, count: all.count - from, origin: origin, options: options)
                    _ = try reader.readValue()
                }.mapError { $0.inDocument(documentCount + 1) }
            }.get()
            throw DataMapperError(
                .syntax,
                message: "the stream ends inside a value: \(bufferedByteCount) bytes from byte \(consumedByteCount) on do not make a whole value",
                location: SourceLocation(position: .byteOffset(consumedByteCount))
            )
        }
    }

    /// Drops consumed bytes once they are at least half the buffer, so each byte is
    /// moved a bounded number of times.
    private mutating func compactIfWorthwhile() {
        let removable = lastStart ?? start
        guard removable > 0, removable * 2 >= buffer.count else { return }
        buffer.removeFirst(removable)
        dropped += removable
        start -= removable
        lastStart = lastStart.map { $0 - removable }
    }

    /// The bytes of the value ``next()`` returned last, and where they start in the
    /// stream; `nil` before the first value.
    func withLastValueBytes<Value>(
        _ body: (UnsafeRawBufferPointer, _ streamOffset: Int) throws(DataMapperError) -> Value
    ) throws(DataMapperError) -> Value? {
        guard let lastStart else { return nil }
        let range = lastStart..<start
        let offset = dropped + lastStart
        return try buffer.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try body(UnsafeRawBufferPointer(rebasing: all[range]), offset) }
        }.get()
    }
}
