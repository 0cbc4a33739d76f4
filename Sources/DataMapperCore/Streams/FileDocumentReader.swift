import Foundation

/// Reads the documents of a file, a pipe or standard input one at a time, in a plain
/// loop, holding about one document in memory whatever the length of the input.
///
/// ```swift
/// var documents = FileDocumentReader(JSONStreamReader(framing: .lines), reading: .standardInput)
/// while let document = try documents.next() { handle(document) }
/// ```
///
/// Bytes are read in chunks of a fixed size as ``next()`` needs them; a read from a
/// pipe returns what has arrived rather than waiting for a whole chunk. The file
/// handle is not closed.
public struct FileDocumentReader<Reader: DocumentStreamReader> {
    /// The reader the bytes go through.
    public private(set) var reader: Reader
    private let handle: FileHandle
    private var chunk: [UInt8]
    private var ended = false

    /// Prepares to read documents from `handle` with `reader`.
    /// - Parameters:
    ///   - reader: A reader for the input's format, usually new.
    ///   - handle: An open file, pipe or standard input, read from its current offset.
    ///   - chunkSize: How many bytes to read at a time (64 KiB by default).
    public init(_ reader: Reader, reading handle: FileHandle, chunkSize: Int = 64 * 1024) {
        self.reader = reader
        self.handle = handle
        self.chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// The next document, reading more of the input as needed; `nil` at its end.
    /// - Throws: ``DataMapperError``: the reader's for a bad document or input that
    ///   ends inside one, ``DataMapperError/Kind/io`` when the input cannot be read.
    ///   Asking again after an error is not meaningful.
    public mutating func next() throws(DataMapperError) -> SupportedType? {
        while true {
            if let document = try reader.next() { return document }
            if ended { return nil }
            let descriptor = handle.fileDescriptor
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(DataMapperError) in try DescriptorReading.read(descriptor, into: buffer) }
            }.get()
            if count == 0 {
                ended = true
                try reader.finish()
            } else {
                reader.append(chunk[..<count])
            }
        }
    }
}
