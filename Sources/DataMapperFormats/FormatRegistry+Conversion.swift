import DataMapper
import Foundation

extension FormatRegistry {
    /// Reads a document of one format and writes it in another (or the same one with
    /// other options).
    ///
    /// The whole document is parsed before anything is written, so a syntax error
    /// gives no output at all. Text output ends with a newline when `terminateText` is
    /// set, as files and terminals expect.
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
    /// - Throws: ``DataMapperError`` from reading (syntax, limits) or writing (a value
    ///   the target format cannot carry); a refusal that a setting of `options` or
    ///   `reading` resolves names it in its ``DataMapperError/remedy``.
    public func convert(
        _ data: Data,
        from source: DataFormat,
        to target: DataFormat,
        options: FormatWriteOptions = .default,
        reading: FormatReadOptions = .default,
        terminateText: Bool = true
    ) throws -> Data {
        let value = try source.serializer(reading: reading).deserialize(data)
        return try target.write(value, options: options, reading: reading, terminateText: terminateText)
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
        if terminateText, isText, output.last != UInt8(ascii: "\n") {
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }
}
