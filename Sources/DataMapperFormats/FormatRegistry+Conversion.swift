import DataMapperCore
import Foundation

extension FormatRegistry {
    /// Reads a document of one format and writes it in another (or the same one with
    /// other options).
    ///
    /// The whole document is parsed before anything is written, so a syntax error
    /// gives no output at all. Text output ends with a newline when `terminateText` is
    /// set, as files and terminals expect. Input holding several documents is an
    /// error naming ``convertAll(_:from:to:documents:options:reading:terminateText:)``; input
    /// holding none reads as the source format's single-document read does (an empty
    /// YAML stream is null, empty JSON an error).
    ///
    /// - Parameters:
    ///   - data: The input document.
    ///   - source: The format of `data`.
    ///   - target: The format to write.
    ///   - options: How the output is written: layout, and what happens to values the
    ///     target cannot hold.
    ///   - reading: How the input is read: limits, duplicate keys, YAML schema.
    ///   - terminateText: Whether to end text output with a newline when it lacks one.
    /// - Returns: The output document.
    /// - Throws: ``DataMapperError`` from reading (syntax, limits, several documents)
    ///   or writing (a value the target format cannot carry); a refusal that a setting
    ///   of `options` or `reading` resolves names it in its ``DataMapperError/remedy``.
    public func convert(
        _ data: Data,
        from source: DataFormat,
        to target: DataFormat,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true
    ) throws -> Data {
        let value = try singleDocument(of: data, as: source, reading: reading)
        return try target.write(value, options: options, reading: reading, terminateText: terminateText)
    }

    /// The one document `data` holds as `source`, read whole so that a second one is
    /// an error naming the stream API rather than left unread.
    func singleDocument(of data: Data, as source: DataFormat, reading: FormatReadOptions) throws -> SupportedType {
        let reader = source.serializer(reading: reading)
        let documents = try reader.deserializeAll(data)
        guard documents.count <= 1 else {
            throw DataMapperError(
                .syntax,
                message: "the input holds \(DataMapperError.documentCount(documents.count)); convert converts one: "
                    + "use convertAll(_:from:to:documents:) to convert a stream",
                location: documents[1].position.isKnown ? SourceLocation(position: documents[1].position) : nil
            )
        }
        return try documents.first ?? reader.deserialize(data)
    }

    /// Reads every document of a stream and writes the documents `selection` picks.
    ///
    /// With ``DocumentSelection/each`` each document stays a document: YAML `---`,
    /// JSON one text per line (pretty texts each start on a new line), JSON Lines one
    /// line each, MessagePack values back to back; XML takes exactly one. Input with no
    /// documents (an empty YAML or JSON Lines file) gives no output. The whole input is
    /// read before anything is written, so an error gives no output at all.
    ///
    /// ```swift
    /// let json = try FormatRegistry.standard.convertAll(manifest, from: .yaml, to: .json)
    /// ```
    /// - Parameters:
    ///   - data: The input stream.
    ///   - source: The format of `data`.
    ///   - target: The format to write.
    ///   - selection: Every document, all wrapped in one array, or one of them.
    ///   - options: How the output is written: layout, and what happens to values the
    ///     target cannot hold.
    ///   - reading: How the input is read: limits, duplicate keys, YAML schema.
    ///   - terminateText: Whether to end non-empty text output with a newline when it
    ///     lacks one.
    /// - Returns: The output stream.
    /// - Throws: ``DataMapperError`` from reading (the position points into the whole
    ///   input), from ``DocumentSelection/select(from:into:)``, or from writing (the
    ///   path starting with the index of the document at fault when several are written).
    public func convertAll(
        _ data: Data,
        from source: DataFormat,
        to target: DataFormat,
        documents selection: DocumentSelection = .each,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true
    ) throws -> Data {
        let documents = try source.serializer(reading: reading).deserializeAll(data)
        let chosen = try selection.select(from: documents, into: target)
        return try target.writeAll(chosen, options: options, reading: reading, terminateText: terminateText)
    }
}

extension DataFormat {
    /// Writes `value` in this format with `options`.
    ///
    /// - Parameters:
    ///   - reading: The options `value` was read with; their ``FormatReadOptions/limits``
    ///     bound the nesting written, so a document read under a raised limit can be written.
    ///   - terminateText: Whether text output gets a final newline when it lacks one.
    /// - Throws: ``DataMapperError`` when the format cannot carry a value.
    public func write(
        _ value: SupportedType,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true
    ) throws -> Data {
        var output = try serializer(options: options, reading: reading).serialize(value)
        if terminateText { terminate(&output) }
        return output
    }

    /// Writes `documents` as one stream of this format with `options`, each a document
    /// of its own (see ``Serializer/serializeAll(_:)``).
    ///
    /// - Parameters:
    ///   - reading: The options the documents were read with, as for ``write(_:options:reading:terminateText:)``.
    ///   - terminateText: Whether non-empty text output gets a final newline when it lacks one.
    /// - Throws: ``DataMapperError`` when the format cannot carry a value, or holds one
    ///   document and `documents` has another count.
    public func writeAll(
        _ documents: [SupportedType],
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true
    ) throws -> Data {
        var output = try serializer(options: options, reading: reading).serializeAll(documents)
        if terminateText { terminate(&output) }
        return output
    }

    /// Whether this format's files hold any number of documents (JSON, JSON Lines,
    /// YAML, MessagePack) rather than exactly one (XML).
    public var writesStreams: Bool { serializer().writesStreams }

    /// Ends text output with a line feed unless it is empty or ends with one already.
    private func terminate(_ output: inout Data) {
        guard isText, let last = output.last, last != UInt8(ascii: "\n") else { return }
        output.append(UInt8(ascii: "\n"))
    }
}
