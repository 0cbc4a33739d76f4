import DataMapperCore
import Foundation

extension MessagePackSerializer: ReadingLossReporting {
    /// What reading `data` loses, for every value of the stream: map keys that are
    /// not `str` (integers, booleans, nil, floats, bin) and become string keys, each
    /// at its key path and byte offset.
    ///
    /// A walk of the headers of its own, made only when asked for.
    /// - Throws: ``DataMapperError`` when `data` is not MessagePack, as ``deserializeAll(_:)`` does.
    public func readingLosses(in data: Data) throws -> [ConversionLoss] {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws(DataMapperError) -> [ConversionLoss] in
            guard let base = buffer.baseAddress else { return [] }
            // The bytes are only read, and only during this call.
            var scanner = MessagePackLossScanner(bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count, options: options)
            return try scanner.scan()
        }
    }
}
