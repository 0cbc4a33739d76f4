import DataMapperCore

extension YAMLStreamWriter {
    /// Writes `piece`, the next piece of a document told piece by piece (see
    /// ``DocumentPiece``), giving the bytes of writing the whole document with
    /// ``write(_:into:)-(SupportedType,_)``: the events of opened collections go to
    /// libyaml as they come, and a `value` piece's as for a whole value. Only the open
    /// collections are remembered, never what was written in them.
    ///
    /// Bytes are appended as libyaml hands them over: a document's first line does
    /// not depend on what follows it (see ``YAMLStreamWriter``).
    ///
    /// With ``YAMLSerializer/Options/sortKeys`` a mapping cannot be opened piece by
    /// piece, since its first key to write may be its last to arrive: such a
    /// `beginDictionary` is refused. Mappings inside `value` pieces are sorted as usual.
    /// - Throws: ``DataMapperError`` as ``write(_:into:)-(SupportedType,_)`` does, with
    ///   the value's full path from the document's root; `invalidValue` for pieces out
    ///   of order, `unsupported` for a mapping opened under sorted keys. The message
    ///   starts with the document's number; the stream cannot go on.
    public mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        let number = documentCount + 1
        let starts = pieces.isBetweenDocuments
        do {
            try pieces.accept(piece)
        } catch {
            throw error.inDocument(number)
        }
        if starts, case .value(let document) = piece {
            // A document given whole.
            return try write(document, into: &output)
        }
        var writer = try startedStream(number)
        do {
            if starts { try writer.startDocument(implicit: number == 1) }
            try write(piece, with: &writer)
            if pieces.isBetweenDocuments {
                try writer.endDocument()
                documentCount = number
            }
        } catch {
            let failure = error as? DataMapperError ?? DataMapperError(.unsupported, message: "cannot write YAML: \(error)")
            throw failure.inDocument(number)
        }
        stream = writer
        // A document's end hands over all its bytes.
        output.append(contentsOf: pieces.isBetweenDocuments ? writer.takeBytes() : writer.takeCompleteBytes())
    }

    /// Sends the events of the accepted `piece`, not the first of a document given whole.
    private func write(_ piece: DocumentPiece, with writer: inout YAMLWriter) throws(DataMapperError) {
        do {
            switch piece {
            case .beginArray, .beginDictionary:
                let isMapping = pieces.open.last?.isDictionary ?? false
                if isMapping, serializer.options.sortKeys {
                    throw DataMapperError(
                        .unsupported,
                        message: "a mapping told piece by piece cannot be written with sorted keys, since its keys are not all known when it opens; write the document whole, or turn sortKeys off"
                    )
                }
                try writer.openCollection(isMapping: isMapping, depth: pieces.depth - 1)
            case .key(let key, _):
                try writer.key(key)
            case .value(let value):
                do {
                    try writer.writeItem(value, depth: pieces.depth)
                } catch {
                    throw pieces.locating(Self.failure(error), in: value)
                }
            case .end:
                try writer.closeCollection(isMapping: pieces.closed?.isDictionary ?? false)
            }
        } catch {
            if case .value = piece { throw Self.failure(error) }
            throw pieces.locating(Self.failure(error))
        }
    }

    /// The YAML writer throws only ``DataMapperError``.
    private static func failure(_ error: any Error) -> DataMapperError {
        error as? DataMapperError ?? DataMapperError(.unsupported, message: "cannot write YAML: \(error)")
    }
}
