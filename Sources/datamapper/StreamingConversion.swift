import DataMapperCore
import DataMapperFormats
import Foundation

/// `convert` document by document, or piece by piece: each document (or each piece of
/// a large one) is read, checked for losses and written before the next is read, so
/// memory stays about the size of the largest document, or of the input file mapped,
/// whatever the length of the stream.
///
/// Taken without `--wrap` when the output format has a stream writer and either the
/// input is a file over 1 MiB (or any file, going to XML) whose format has a piece
/// reader, or the output holds streams (so not XML) and the input format has a stream
/// reader that can make the loss report, if wanted, document by document. The loss
/// report is printed after the conversion; a refusal (`--strict`) or an error leaves
/// the output as it was.
struct StreamingConversion {
    let input: OpenedInput
    let source: DataFormat
    let target: DataFormat
    /// Where the documents come from.
    enum Documents {
        /// The input file mapped, told piece by piece.
        case pieces(FormatPieceReader, MappedFile)
        /// The open input, read document by document.
        case stream(FormatStreamReader)
    }

    /// Where the documents come from: pieces where the formats allow, which a format
    /// holding one document (XML) needs, else whole documents.
    private(set) var documents: Documents
    var writer: FormatStreamWriter
    /// ``DocumentSelection/each`` or ``DocumentSelection/only(_:)``.
    let selection: DocumentSelection
    let options: FormatWriteOptions
    let reading: FormatReadOptions
    let losses: LossReportOptions
    let outputPath: String?
    var progress: ProgressBar?

    /// The conversion of `input` from `source` to `target`, or `nil` when it must read
    /// the whole input (see the type's description).
    init?(
        input: OpenedInput, source: DataFormat, target: DataFormat, selection: DocumentSelection,
        options: FormatWriteOptions, reading: FormatReadOptions, losses: LossReportOptions, outputPath: String?
    ) {
        guard selection != .wrapped, let writer = target.streamWriter(options: options, reading: reading) else { return nil }
        self.input = input
        self.source = source
        self.target = target
        self.writer = writer
        self.selection = selection
        self.options = options
        self.reading = reading
        self.losses = losses
        self.outputPath = outputPath
        if let (pieces, file) = Self.pieceReader(
            of: input, from: source, to: target, writer: writer, options: options, reading: reading, losses: losses) {
            documents = .pieces(pieces, file)
        } else if target.writesStreams, let reader = source.streamReader(reading: reading),
                  reader.knowsReadingLosses || !losses.isWanted {
            documents = .stream(reader)
        } else {
            return nil
        }
    }

    var inputName: String { input.source.displayName }

    /// Converts the whole stream, then delivers the loss report.
    /// - Throws: ``DataMapperError`` naming the input for a bad document or one the
    ///   target cannot hold, `ExitCode.failure` for a refusal under `--strict`.
    mutating func run() throws {
        let output = try StreamedOutput(path: outputPath, holdingBack: losses.strict)
        do {
            let report = switch documents {
            case .pieces(let pieces, let file): try convert(pieces: pieces, of: file, into: output.handle)
            case .stream(let reader): try convert(reading: reader, into: output.handle)
            }
            progress?.clear()
            if losses.isWanted {
                try LossReportDelivery(options: losses, inputName: inputName, source: source, target: target)
                    .deliver(report)
            }
            try output.commit()
        } catch {
            progress?.clear()
            output.discard()
            throw error
        }
    }

    /// Reads, checks and writes every document `selection` picks; the losses found.
    private mutating func convert(reading reader: FormatStreamReader, into handle: FileHandle) throws -> ConversionReport {
        var streamReader = reader
        if input.prefixIsConsumed { streamReader.append(input.prefix) }
        var documents = FileDocumentReader(streamReader, reading: input.handle)
        var output = FileDocumentWriter(writer, writingTo: handle)
        var report = ConversionReport()
        let wanted = losses.isWanted
        let wantedNumber: Int? = if case .only(let number) = selection { number } else { nil }

        // One document is read ahead, so that a lone document's errors read as the
        // whole-input path's, without a document number.
        var number = 0
        var next = try read(from: &documents, wantingLosses: wanted)
        while let (document, readingLosses) = next {
            number += 1
            if number == wantedNumber {
                next = nil
            } else {
                next = try read(from: &documents, wantingLosses: wanted)
                if wantedNumber != nil { continue }
            }
            if wanted {
                report.append(contentsOf: readingLosses)
                report.append(contentsOf: target.losses(writing: document, document: number, options: options))
            }
            do {
                try output.write(document)
            } catch {
                throw written(error, alone: wantedNumber != nil || (number == 1 && next == nil))
            }
            let opened = input
            progress?.update { opened.bytesRead }
        }
        if wanted, wantedNumber == nil {
            do {
                report.append(contentsOf: try documents.reader.readingLossesAfterLastDocument())
            } catch {
                throw withoutFirstNumber(error).inFile(inputName)
            }
        }
        try finish(&output, documents: number, wanted: wantedNumber)
        return report
    }

    /// Ends the output once the input has given `documents` documents, or refuses a
    /// `--document` past them.
    func finish(_ output: inout FileDocumentWriter<FormatStreamWriter>, documents: Int, wanted: Int?) throws {
        if let wanted, documents < wanted {
            throw DataMapperError(.invalidValue, message: "--document \(wanted): the input holds \(DataMapperError.documentCount(documents))")
                .inFile(inputName)
        }
        do {
            try output.finish()
        } catch {
            throw error.inFile(inputName)
        }
    }

    /// The next document and what reading it lost, `nil` at the end of the input.
    private func read(
        from documents: inout FileDocumentReader<FormatStreamReader>, wantingLosses: Bool
    ) throws -> (SupportedType, [ConversionLoss])? {
        do {
            guard let document = try documents.next() else { return nil }
            return (document, wantingLosses ? try documents.reader.lastDocumentReadingLosses() : [])
        } catch {
            throw withoutFirstNumber(error).inFile(inputName)
        }
    }

    /// A writer's error, named after the input; a document written alone loses the
    /// number the stream writer gave it, as when the whole input is converted.
    func written(_ error: DataMapperError, alone: Bool) -> DataMapperError {
        (alone ? withoutFirstNumber(error) : error).inFile(inputName)
    }

    /// `error` without the `document 1: ` a stream reader or writer starts it with:
    /// the first document's errors read as for a lone document, its position says where.
    func withoutFirstNumber(_ error: DataMapperError) -> DataMapperError {
        var error = error
        let numbered = "document 1: "
        if error.problem.hasPrefix(numbered) { error.problem.removeFirst(numbered.count) }
        return error
    }
}
