import DataMapperCore

extension MessagePackStreamWriter {
    /// Appends the bytes of `piece`, the next piece of a value told piece by piece (see
    /// ``DocumentPiece``): what writing the whole value with
    /// ``write(_:into:)-(SupportedType,_)`` gives. An opened container's header is
    /// written from the count its piece announces; only the open containers are
    /// remembered, never what was written in them.
    /// - Throws: ``DataMapperError`` as ``write(_:into:)-(SupportedType,_)`` does, with
    ///   the value's full path from the root; `invalidValue` for pieces out of order.
    ///   The message starts with the value's number. The bytes of the pieces before
    ///   it are out, so the stream cannot go on.
    public mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        var writer = MessagePackWriter(options: serializer.options, capacity: 64)
        do {
            try pieces.accept(piece)
            try write(piece, with: &writer)
        } catch {
            throw error.inDocument(documentCount + 1)
        }
        writer.buffer.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        if pieces.isBetweenDocuments { documentCount += 1 }
    }

    /// Writes the accepted `piece`.
    private func write(_ piece: DocumentPiece, with writer: inout MessagePackWriter) throws(DataMapperError) {
        do throws(DataMapperError) {
            switch piece {
            case .beginArray(let count, _), .beginDictionary(let count, _):
                let isMap = pieces.open.last?.isDictionary ?? false
                try writer.openContainer(isMap: isMap, count: count, depth: pieces.depth)
            case .key(let key, _):
                try writer.writeString(key)
            case .value(let value):
                do throws(DataMapperError) {
                    try writer.write(value, depth: pieces.depth)
                } catch {
                    throw pieces.locating(error, in: value)
                }
            case .end:
                break
            }
        } catch {
            // A value's error is located already; a header's is at the container.
            if case .value = piece { throw error }
            throw pieces.locating(error)
        }
    }
}
