import DataMapperCore
import DataMapperFormats
import Foundation

/// The documents read from an input and parsed, every one of them, with the format
/// they were read as.
///
/// A YAML stream, several JSON texts, JSON Lines and MessagePack values back to back
/// hold several documents; a file of another format holds one. An empty YAML or JSON
/// Lines file holds none.
struct LoadedStream {
    /// The parsed documents, in order.
    let documents: [SupportedType]
    /// The format they were read as.
    let format: DataFormat
    /// Where they came from.
    let source: InputSource
    /// The bytes they were read from.
    let data: Data
    /// How they were read; the limits also bound writing them.
    let reading: FormatReadOptions

    /// Reads and parses `source`; errors name the input (`<stdin>` for standard input).
    /// - Parameters:
    ///   - format: The format from `--from`, or `nil` to detect it.
    ///   - reading: Limits and choices from the reading flags.
    init(source: InputSource, format: DataFormat?, selection: FormatSelection, reading: FormatReadOptions = .default) throws {
        let data = try WholeInputLimit.read(reading.limits, inputName: source.displayName) { try source.read(limit: $0) }
        try self.init(source: source, data: data, format: selection.inputFormat(named: format, source: source, data: data), reading: reading)
    }

    /// Parses `data`, read from `source`, as `chosen`; errors name the input.
    init(source: InputSource, data: Data, format chosen: DataFormat, reading: FormatReadOptions) throws {
        do {
            documents = try chosen.serializer(reading: reading).deserializeAll(data)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        } catch {
            throw DataMapperError(.syntax, message: "\(error)").inFile(source.displayName)
        }
        self.format = chosen
        self.source = source
        self.data = data
        self.reading = reading
    }

    /// What converting the documents `selection` picks into `target` loses; errors
    /// name the input.
    func lossReport(selecting selection: DocumentSelection, to target: DataFormat, options: FormatWriteOptions) throws -> ConversionReport {
        do {
            return try FormatRegistry.standard.lossReport(
                reading: data, as: format, documents: documents, selection: selection, to: target, options: options, reading: reading)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        }
    }

    /// "1 document", "35 documents", "no documents".
    var countDescription: String { DataMapperError.documentCount(documents.count) }

    /// The documents `selection` picks to write into `target`.
    /// - Throws: ``DataMapperError`` naming the input and the option that resolves it:
    ///   `--wrap` or `--document` when several documents go to a format that holds one,
    ///   the count when `--document` is out of range.
    func select(_ selection: DocumentSelection, into target: DataFormat) throws -> [SupportedType] {
        switch selection {
        case .each where documents.count != 1 && !target.writesStreams:
            throw failure(Self.severalDocuments(into: target, count: documents.count))
        case .only(let number) where number < 1 || number > documents.count:
            throw failure("--document \(number): the input holds \(countDescription)")
        default:
            return try selection.select(from: documents, into: target)
        }
    }

    /// Writes `documents` as one stream in `format`; a value the format cannot carry
    /// is reported against the input it came from, with its document's number when
    /// there are several.
    func write(_ documents: [SupportedType], in format: DataFormat, options: FormatWriteOptions) throws -> Data {
        do {
            return try format.writeAll(documents, options: options, reading: reading)
        } catch var error as DataMapperError {
            // A stream writer's paths start with the document's index; the number reads better.
            if format.writesStreams, case .index(let index)? = error.path.components.first {
                error.path = DataPath(Array(error.path.components.dropFirst()))
                if documents.count > 1 { error.problem = "document \(index + 1): " + error.problem }
            }
            throw error.inFile(source.displayName)
        }
    }

    /// An error about the input as a whole.
    /// The refusal of `count` documents (not one) going to `target`, which holds one.
    static func severalDocuments(into target: DataFormat, count: Int) -> String {
        "\(target.name) holds one document and the input holds \(DataMapperError.documentCount(count)); "
            + "--wrap writes them as one array, --document N picks one"
    }

    func failure(_ message: String) -> DataMapperError {
        DataMapperError(.invalidValue, message: message).inFile(source.displayName)
    }
}
