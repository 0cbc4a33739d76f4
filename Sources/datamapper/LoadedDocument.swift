import DataMapper
import DataMapperFormats
import Foundation

/// A document read from an input and parsed, with the format it was read as.
struct LoadedDocument {
    /// The parsed value.
    let value: SupportedType
    /// The format it was read as.
    let format: DataFormat
    /// Where it came from.
    let source: InputSource
    /// The bytes it was read from.
    let data: Data

    /// Reads and parses `source`; errors name the input (`<stdin>` for standard input).
    /// - Parameter format: The format from `--from`, or `nil` to detect it.
    init(source: InputSource, format: DataFormat?, selection: FormatSelection) throws {
        let data = try source.read()
        let chosen = try selection.inputFormat(named: format, source: source, data: data)
        do {
            value = try chosen.serializer().deserialize(data)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        } catch {
            throw DataMapperError(.syntax, message: "\(error)").inFile(source.displayName)
        }
        self.format = chosen
        self.source = source
        self.data = data
    }

    /// What converting the document into `target` loses; errors name the input.
    func lossReport(to target: DataFormat) throws -> ConversionReport {
        do {
            return try FormatRegistry.standard.lossReport(reading: data, as: format, documents: [value], to: target)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        }
    }

    /// Writes `value` (the document or a part of it) in `format`; a value the format
    /// cannot carry is reported against the input it came from.
    func write(_ value: SupportedType? = nil, in format: DataFormat, options: FormatWriteOptions) throws -> Data {
        do {
            return try format.write(value ?? self.value, options: options)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        }
    }
}
