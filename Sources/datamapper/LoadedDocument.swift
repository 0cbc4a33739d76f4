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
    /// How it was read; its limits also bound writing it.
    let reading: FormatReadOptions

    /// Reads and parses `source`; errors name the input (`<stdin>` for standard input).
    /// - Parameters:
    ///   - format: The format from `--from`, or `nil` to detect it.
    ///   - reading: Limits and choices from the reading flags.
    init(source: InputSource, format: DataFormat?, selection: FormatSelection, reading: FormatReadOptions = .default) throws {
        let data = try source.read(limit: reading.limits.maxInputBytes)
        let chosen = try selection.inputFormat(named: format, source: source, data: data)
        do {
            value = try chosen.serializer(reading: reading).deserialize(data)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        } catch {
            throw DataMapperError(.syntax, message: "\(error)").inFile(source.displayName)
        }
        self.format = chosen
        self.source = source
        self.reading = reading
    }

    /// Writes `value` (the document or a part of it) in `format`; a value the format
    /// cannot carry is reported against the input it came from.
    func write(_ value: SupportedType? = nil, in format: DataFormat, options: FormatWriteOptions) throws -> Data {
        do {
            return try format.write(value ?? self.value, options: options, reading: reading)
        } catch let error as DataMapperError {
            throw error.inFile(source.displayName)
        }
    }
}
