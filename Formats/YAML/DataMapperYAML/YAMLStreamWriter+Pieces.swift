import DataMapperCore

extension YAMLStreamWriter {
    /// Writes `piece`, the next piece of a document told piece by piece (see
    /// ``DocumentPiece``), giving the bytes of writing the whole document with
    /// ``write(_:into:)-(SupportedType,_)``: the events of opened collections go to
    /// libyaml as they come, and a `value` piece's as for a whole value. Only the open
    /// collections are remembered, never what was written in them.
    ///
    /// Bytes are appended as libyaml hands them over, except the first document's:
    /// its `---`, and so its first line, depends on whether a second document follows,
    /// so its bytes wait (as bytes, not as values) until the second document starts or
    /// ``finish(into:)``. A `---` in front moves the first line of a flow collection
    /// four columns on, which folds its lines elsewhere when
    /// ``YAMLSerializer/Options/lineWidth`` is set: such a first document is gathered
    /// whole from its pieces and written when it ends.
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
        if case .assemblingFirst(var assembler) = state {
            // Moved out of `state`, the assembler grows without being copied.
            state = .empty
            let document = try Self.numbered(number) { () throws in try assembler.add(piece) }
            guard let document else {
                state = .assemblingFirst(assembler)
                return
            }
            return try write(document, into: &output)
        }
        var writer: YAMLWriter
        if starts {
            guard let started = try startDocument(piece, into: &output) else {
                return try startGathering(piece)
            }
            writer = started
        } else {
            switch state {
            case .firstFromPieces(let stream, _), .several(let stream): writer = stream
            case .empty, .first, .assemblingFirst:
                throw DataMapperError(.invalidValue, message: "a document told piece by piece was not started").inDocument(number)
            }
        }
        do {
            try write(piece, with: &writer)
            if pieces.isBetweenDocuments {
                try writer.endDocument()
                documentCount = number
            }
        } catch {
            let failure = error as? DataMapperError ?? DataMapperError(.unsupported, message: "cannot write YAML: \(error)")
            throw failure.inDocument(number)
        }
        switch state {
        case .firstFromPieces(_, let prefix): state = .firstFromPieces(writer, prefix: prefix)
        default:
            state = .several(writer)
            // A document's end hands over all its bytes.
            output.append(contentsOf: pieces.isBetweenDocuments ? writer.takeBytes() : writer.takeCompleteBytes())
        }
    }

    /// Starts gathering the first document whole, from its accepted first `piece`.
    private mutating func startGathering(_ piece: DocumentPiece) throws(DataMapperError) {
        var assembler = DocumentPieceAssembler()
        _ = try Self.numbered(documentCount + 1) { () throws in try assembler.add(piece) }
        state = .assemblingFirst(assembler)
    }

    /// Starts a document whose root `piece` opens a collection: the writer that takes
    /// its pieces, or `nil` when the first document is to be gathered whole.
    private mutating func startDocument(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) -> YAMLWriter? {
        let number = documentCount + 1
        guard case .empty = state else {
            let stream = try streamOfSeveral(into: &output)
            try Self.numbered(number) { () throws in try stream.startDocument(implicit: false) }
            state = .several(stream)
            return stream
        }
        switch piece {
        case .beginArray(let count, _), .beginDictionary(let count, _):
            return try startFirstDocument(count: count)
        case .key, .value, .end:
            // The cursor lets only a container open a document here.
            return nil
        }
    }

    /// Starts the first document, whose root collection announces `count` entries: the
    /// writer that takes its pieces, or `nil` when it is to be gathered whole.
    private mutating func startFirstDocument(count: Int) throws(DataMapperError) -> YAMLWriter? {
        let number = documentCount + 1
        let options = serializer.options
        // What `---` puts in front: a block collection starts on the next line, and
        // the rest is the same; a flow one (or an empty one, which is always flow)
        // follows on the same line, the same bytes as long as no line is folded.
        let prefix: [UInt8]
        if options.outputStyle == .block, count > 0 {
            prefix = Array("---\n".utf8)
        } else if count == 0 || options.lineWidth == nil {
            prefix = Array("--- ".utf8)
        } else {
            return nil
        }
        let alone = try Self.numbered(number) { () throws in
            let alone = try YAMLWriter(options: options)
            try alone.startStream()
            try alone.startDocument(implicit: true)
            return alone
        }
        state = .firstFromPieces(alone, prefix: prefix)
        return alone
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
