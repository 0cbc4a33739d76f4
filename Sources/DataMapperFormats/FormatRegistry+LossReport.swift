import DataMapperCore
import Foundation

extension FormatRegistry {
    /// Converts a document as ``convert(_:from:to:options:reading:terminateText:)`` does and
    /// adds to `report` everything the conversion loses: what reading `data` leaves out
    /// (comments, tags, ...) and what `target` cannot keep of the value read.
    ///
    /// The losses are those of the document read, numbered 1. They are added before
    /// the value is written, so a caller that wants to refuse lossy conversions can
    /// check `report` even when writing then fails on a value the target refuses.
    ///
    /// - Parameter report: Where the losses go; entries already in it stay.
    /// - Throws: ``DataMapperError`` as ``convert(_:from:to:options:reading:terminateText:)`` does.
    public func convert(
        _ data: Data,
        from source: DataFormat,
        to target: DataFormat,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true,
        report: inout ConversionReport
    ) throws -> Data {
        let value = try singleDocument(of: data, as: source, reading: reading)
        report.append(contentsOf: try lossReport(reading: data, as: source, documents: [value], to: target, options: options, reading: reading).losses)
        return try target.write(value, options: options, reading: reading, terminateText: terminateText)
    }

    /// Converts a stream as ``convertAll(_:from:to:documents:options:reading:terminateText:)``
    /// does and adds to `report` everything the conversion loses, document by document
    /// (see ``lossReport(reading:as:documents:selection:to:options:reading:)``).
    ///
    /// - Parameter report: Where the losses go; entries already in it stay. They are
    ///   added before anything is written.
    /// - Throws: ``DataMapperError`` as ``convertAll(_:from:to:documents:options:reading:terminateText:)`` does.
    public func convertAll(
        _ data: Data,
        from source: DataFormat,
        to target: DataFormat,
        documents selection: DocumentSelection = .each,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true,
        report: inout ConversionReport
    ) throws -> Data {
        let documents = try source.serializer(reading: reading).deserializeAll(data)
        report.append(contentsOf: try lossReport(
            reading: data, as: source, documents: documents, selection: selection, to: target,
            options: options, reading: reading).losses)
        let chosen = try selection.select(from: documents, into: target)
        return try target.writeAll(chosen, options: options, reading: reading, terminateText: terminateText)
    }

    /// What converting `documents`, the values read from `data` as `source` in stream
    /// order, into `target` as `selection` picks them loses: for each document written,
    /// its reading losses, then what the target cannot keep of it. Losses name their
    /// input document, from 1; wrapped documents are one array whose paths start with
    /// the document's index.
    ///
    /// For a caller that reads and writes by itself (the `datamapper` tool, a stream
    /// converted document by document). Documents `selection` leaves out report nothing.
    /// - Parameters:
    ///   - options: The options the documents are written with (see
    ///     ``DataFormat/losses(writing:document:options:)``).
    ///   - reading: The options `data` was read with.
    /// - Throws: ``DataMapperError`` when `data` cannot be read as `source`, or when
    ///   `selection` cannot pick from `documents` for `target`.
    public func lossReport(
        reading data: Data,
        as source: DataFormat,
        documents: [SupportedType],
        selection: DocumentSelection = .each,
        to target: DataFormat,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default
    ) throws -> ConversionReport {
        let written = try selection.select(from: documents, into: target)
        var dropped: [Int: [ConversionLoss]] = [:]
        for loss in try source.readingLosses(in: data, reading: reading) { dropped[loss.document, default: []].append(loss) }
        var report = ConversionReport()
        switch selection {
        case .each:
            for (offset, value) in written.enumerated() {
                report.append(contentsOf: dropped[offset + 1] ?? [])
                report.append(contentsOf: target.losses(writing: value, document: offset + 1, options: options))
            }
        case .only(let number):
            report.append(contentsOf: dropped[number] ?? [])
            report.append(contentsOf: target.losses(writing: written[0], document: number, options: options))
        case .wrapped:
            for number in documents.indices.map({ $0 + 1 }) {
                report.append(contentsOf: dropped[number] ?? [])
            }
            report.append(contentsOf: target.losses(writing: written[0], document: 1, options: options))
        }
        return report
    }
}
