import DataMapperCore

extension JSONStreamWriter {
    /// Appends the bytes of `piece`, the next piece of a document told piece by piece
    /// (see ``DocumentPiece``): what writing the whole document with
    /// ``write(_:into:)-(SupportedType,_)`` gives, laid out as the document's pieces
    /// arrive. Only the containers the pieces opened are remembered, never what was
    /// written in them.
    ///
    /// With ``JSONSerializer/Options/sortKeys`` a dictionary cannot be opened piece by
    /// piece, since its first key to write may be its last to arrive: such a
    /// `beginDictionary` is refused. Dictionaries inside `value` pieces are sorted as usual.
    /// - Throws: ``DataMapperError`` as ``write(_:into:)-(SupportedType,_)`` does, with
    ///   the value's full path from the document's root; `invalidValue` for pieces out
    ///   of order, and `unsupported` for a dictionary opened under sorted keys. The
    ///   message starts with the document's number. The bytes of the pieces before it
    ///   are out, so the stream cannot go on.
    public mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        let starts = pieces.isBetweenDocuments
        var writer = JSONWriter(options: serializer.options, capacity: 256)
        do {
            try pieces.accept(piece)
            if starts, framing == .texts, documentCount > 0 { writer.output.append(UInt8(ascii: "\n")) }
            try write(piece, with: &writer)
        } catch {
            throw error.inDocument(documentCount + 1)
        }
        writer.output.storage.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        if pieces.isBetweenDocuments {
            if framing == .lines { output.append(UInt8(ascii: "\n")) }
            documentCount += 1
        }
    }

    /// Writes the accepted `piece` where the open containers stand.
    private func write(_ piece: DocumentPiece, with writer: inout JSONWriter) throws(DataMapperError) {
        switch piece {
        case .beginArray(let count, _), .beginDictionary(let count, _):
            let isDictionary = pieces.open.last?.isDictionary ?? false
            let level = pieces.depth - 1
            if isDictionary, serializer.options.sortKeys {
                throw pieces.locating(DataMapperError(
                    .unsupported,
                    message: "a dictionary told piece by piece cannot be written with sorted keys, since its keys are not all known when it opens; write the document whole, or turn sortKeys off"
                ))
            }
            separateItem(with: &writer, level: level)
            do {
                try writer.checkDepth(level)
            } catch {
                throw pieces.locating(error.error)
            }
            writer.openContainer(isDictionary: isDictionary, isEmpty: count == 0)
        case .key(let key, _):
            guard let top = pieces.open.last else { return }
            writer.writeKey(key, index: top.started - 1, level: pieces.depth)
        case .value(let value):
            separateItem(with: &writer, level: pieces.depth)
            do {
                try writer.write(value, level: pieces.depth)
            } catch {
                throw pieces.locating(error.error, in: value)
            }
        case .end:
            // The container just closed was inside the `depth` still open.
            guard let closed = pieces.closed, closed.count > 0 else { return }
            writer.closeContainer(isDictionary: closed.isDictionary, level: pieces.depth)
        }
    }

    /// Writes what comes before an item of an array at stack index `level - 1`,
    /// the item just started; nothing in a dictionary, where the key came before.
    private func separateItem(with writer: inout JSONWriter, level: Int) {
        guard level > 0 else { return }
        let parent = pieces.open[level - 1]
        if !parent.isDictionary { writer.separate(index: parent.started - 1, level: level) }
    }
}
