import DataMapperCore
import DataMapperFormats
import Foundation

extension StreamingConversion {
    /// Containers of more bytes than this are opened and converted a child at a time.
    static let openingThreshold = 1 << 20

    /// How far reading goes past the pages last handed back before those behind the
    /// last whole document are handed back too.
    static let releaseStep = 8 << 20

    /// A piece reader over the input file mapped into memory, when the input is a named
    /// regular file, the source format has a piece reader and the writer takes pieces;
    /// `nil` otherwise, and the input is read document by document instead.
    ///
    /// Pieces let one document too large to hold as a tree convert with its large
    /// containers opened, one child at a time. Under `--sort-keys` nothing is opened,
    /// since a dictionary is sorted whole.
    static func pieceReader(
        of input: OpenedInput, from source: DataFormat, to target: DataFormat, writer: FormatStreamWriter,
        options: FormatWriteOptions, reading: FormatReadOptions, losses: LossReportOptions
    ) -> (FormatPieceReader, MappedFile)? {
        // A file that cannot be mapped is read as it would be otherwise, with its errors.
        // A file no larger than the threshold opens nothing, so pieces would only cost
        // the piece reader's counting; it goes document by document, unless the target
        // holds one document (XML), which only the piece path streams.
        guard writer.writesPieces, let path = input.source.path, let size = input.size,
              size > openingThreshold || !target.writesStreams,
              let file = try? MappedFile(path: path)
        else { return nil }
        let threshold = options.sortKeys ? Int.max : openingThreshold
        guard let reader = source.pieceReader(bytes: file, reading: reading, openingAbove: threshold),
              reader.knowsReadingLosses || !losses.isWanted
        else { return nil }
        return (reader, file)
    }

    /// Reads, checks and writes piece by piece every document `selection` picks; the
    /// losses found, each document's reading losses before its writing losses as when
    /// documents are converted whole.
    mutating func convert(pieces reader: FormatPieceReader, of file: MappedFile, into handle: FileHandle) throws -> ConversionReport {
        var pieces = reader
        var output = FileDocumentWriter(writer, writingTo: handle)
        var tracker = losses.isWanted ? target.writingLossTracker(options: options) : nil
        var cursor = DocumentPieceCursor()
        var report = ConversionReport()
        var writingLosses: [ConversionLoss] = []
        let wantedNumber: Int? = if case .only(let number) = selection { number } else { nil }
        var releasedUpTo = 0
        while wantedNumber.map({ cursor.documentsEnded < $0 }) ?? true, let piece = try nextPiece(from: &pieces) {
            let number = cursor.documentsEnded + 1
            if number == 2, wantedNumber == nil, !target.writesStreams {
                throw try severalDocuments(after: piece, from: &pieces, cursor: cursor)
            }
            do {
                try cursor.accept(piece)
                if let wantedNumber, number != wantedNumber { continue }
                if tracker != nil { writingLosses += try tracker?.losses(adding: piece, document: number) ?? [] }
                try output.write(piece: piece)
            } catch {
                throw written(error, alone: number == 1)
            }
            if tracker != nil, cursor.isBetweenDocuments {
                do { report.append(contentsOf: try pieces.documentReadingLosses()) } catch {
                    throw withoutFirstNumber(error).inFile(inputName)
                }
                report.append(contentsOf: writingLosses)
                writingLosses.removeAll()
            }
            let read = pieces.bytesRead
            progress?.update { read }
            // The pages of documents already converted are not read again; mapped, they
            // would stay resident and memory would grow with a long stream.
            if cursor.isBetweenDocuments, read - releasedUpTo >= Self.releaseStep {
                file.releasePages(before: read)
                releasedUpTo = read
            }
        }
        if tracker != nil, wantedNumber == nil {
            do { report.append(contentsOf: try pieces.readingLossesAfterLastDocument()) } catch {
                throw withoutFirstNumber(error).inFile(inputName)
            }
        }
        try finish(&output, documents: cursor.documentsEnded, wanted: wantedNumber)
        return report
    }

    /// The refusal of a second document for a target that holds one (XML), naming how
    /// many the input holds, as when the whole input is read: the rest is read to count.
    private func severalDocuments(
        after piece: DocumentPiece, from pieces: inout FormatPieceReader, cursor: DocumentPieceCursor
    ) throws -> DataMapperError {
        var cursor = cursor
        var next: DocumentPiece? = piece
        while let piece = next {
            do { try cursor.accept(piece) } catch { throw error.inFile(inputName) }
            next = try nextPiece(from: &pieces)
        }
        return DataMapperError(.invalidValue, message: LoadedStream.severalDocuments(into: target, count: cursor.documentsEnded))
            .inFile(inputName)
    }

    /// The next piece of the input, `nil` at its end.
    private func nextPiece(from pieces: inout FormatPieceReader) throws -> DocumentPiece? {
        do {
            return try pieces.nextPiece()
        } catch {
            throw withoutFirstNumber(error).inFile(inputName)
        }
    }
}
