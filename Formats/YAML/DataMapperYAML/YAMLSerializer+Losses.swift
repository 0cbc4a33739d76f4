import DataMapperCore
import Foundation

extension YAMLSerializer: ReadingLossReporting {
    /// What reading `data` loses, in every document of the stream: comments (at the
    /// path of the value after them), tags other than the standard ones this reader
    /// honours, anchors and aliases (aliases become copies), and plain keys that the
    /// schema would read as a number, boolean or null but that become string keys.
    ///
    /// A second pass over the input, made only when asked for.
    /// - Throws: ``DataMapperError`` when `data` is not YAML, as ``deserializeAll(_:)`` does.
    public func readingLosses(in data: Data) throws -> [ConversionLoss] {
        var scanner = YAMLLossScanner(options: options, bytes: [UInt8](data))
        return try scanner.scan(data)
    }
}
