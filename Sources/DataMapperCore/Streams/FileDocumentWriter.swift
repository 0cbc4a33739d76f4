import Foundation

/// Writes documents one at a time to a file, a pipe or standard output, in a plain
/// loop, holding about one document in memory whatever the length of the stream.
///
/// ```swift
/// var output = FileDocumentWriter(JSONStreamWriter(framing: .lines), writingTo: .standardOutput)
/// for record in records { try output.write(record) }
/// try output.finish()
/// ```
///
/// Each document's bytes go to the file once at least `bufferSize` bytes wait, so
/// small documents share one write; ``flush()`` and ``finish()`` write what waits.
/// Every write takes all the bytes, however many calls the descriptor needs. The file
/// handle is not closed.
public struct FileDocumentWriter<Writer: DocumentStreamWriter> {
    /// The writer the documents go through.
    public private(set) var writer: Writer
    private let handle: FileHandle
    private let bufferSize: Int
    /// Bytes made and not yet written to the file.
    private var pending: [UInt8] = []

    /// Prepares to write documents to `handle` with `writer`.
    /// - Parameters:
    ///   - writer: A writer for the output's format, usually new.
    ///   - handle: An open file, pipe or standard output, written at its current offset.
    ///   - bufferSize: How many bytes may wait before they are written (64 KiB by
    ///     default); 0 writes each document as soon as it is made.
    public init(_ writer: Writer, writingTo handle: FileHandle, bufferSize: Int = 64 * 1024) {
        self.writer = writer
        self.handle = handle
        self.bufferSize = max(0, bufferSize)
    }

    /// Writes `document` to the stream.
    /// - Throws: ``DataMapperError``: the writer's for a value the format cannot write
    ///   (naming the document's number), ``DataMapperError/Kind/io`` when the file
    ///   cannot be written. Writing again after an error is not meaningful.
    public mutating func write(_ document: SupportedType) throws(DataMapperError) {
        try writer.write(document, into: &pending)
        if pending.count >= bufferSize { try flush() }
    }

    /// Writes the bytes that wait to the file.
    /// - Throws: ``DataMapperError/Kind/io`` when the file cannot be written.
    public mutating func flush() throws(DataMapperError) {
        guard !pending.isEmpty else { return }
        let descriptor = handle.fileDescriptor
        try pending.withUnsafeBytes { bytes in
            Result { () throws(DataMapperError) in try DescriptorWriting.write(descriptor, bytes) }
        }.get()
        // Keeping the capacity lets the next documents reuse it; it is bounded by the
        // largest document plus `bufferSize`.
        pending.removeAll(keepingCapacity: true)
    }

    /// Closes the stream: writes what the format puts at its end and every byte that
    /// waits. The file handle stays open.
    /// - Throws: ``DataMapperError``: the writer's (no document for a format that
    ///   holds one), ``DataMapperError/Kind/io`` when the file cannot be written.
    public mutating func finish() throws(DataMapperError) {
        try writer.finish(into: &pending)
        try flush()
    }
}

extension FileDocumentWriter where Writer: DocumentPieceWriter {
    /// Writes one piece of a document told piece by piece (see ``DocumentPiece``),
    /// handing the bytes to the file once `bufferSize` of them are waiting, so a large
    /// document goes out as it is read.
    /// - Throws: ``DataMapperError`` from the writer, or `io` when the file refuses bytes.
    public mutating func write(piece: DocumentPiece) throws(DataMapperError) {
        try writer.write(piece, into: &pending)
        if pending.count >= bufferSize { try flush() }
    }
}

extension FileDocumentWriter {
    /// Writes each document of `documents` as it arrives, for Swift concurrency; the
    /// stream stays open, so call ``finish()`` once every document is written.
    ///
    /// ```swift
    /// try await output.write(contentsOf: records.map { $0.document })
    /// try output.finish()
    /// ```
    /// - Throws: The sequence's own errors, and those of ``write(_:)``.
    public mutating func write<Documents: AsyncSequence>(
        contentsOf documents: Documents,
        isolation: isolated (any Actor)? = #isolation
    ) async throws where Documents.Element == SupportedType {
        var iterator = documents.makeAsyncIterator()
        while let document = try await iterator.next(isolation: isolation) {
            try write(document)
        }
    }
}
