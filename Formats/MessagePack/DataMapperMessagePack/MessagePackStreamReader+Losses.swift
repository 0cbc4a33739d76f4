import DataMapperCore

extension MessagePackStreamReader: StreamReadingLossReporting {
    /// The map keys of the value ``next()`` returned last that are not `str` and
    /// became string keys, each at its key path and its byte offset in the stream.
    public func lastDocumentReadingLosses() throws(DataMapperError) -> [ConversionLoss] {
        let number = documentCount
        let options = serializer.options
        let losses = try withLastValueBytes { (bytes, streamOffset) throws(DataMapperError) -> [ConversionLoss] in
            guard let base = bytes.baseAddress else { return [] }
            var scanner = MessagePackLossScanner(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, options: options)
            return try scanner.scan().map { loss in
                var moved = loss
                moved.document = number
                if let offset = loss.position.byteOffset { moved.position = .byteOffset(streamOffset + offset) }
                return moved
            }
        }
        return losses ?? []
    }
}
