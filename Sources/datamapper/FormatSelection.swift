import ArgumentParser
import DataMapperCore
import DataMapperFormats
import Foundation

/// How the tool picks formats from the command line, the file names and the content.
struct FormatSelection {
    let registry: FormatRegistry

    /// The format a `--from`/`--to` value names: a format name or alias (`yml`), a file
    /// extension (`.mpk`) or a media type (`application/yaml; charset=utf-8`), read as
    /// the registry reads a setting.
    /// - Throws: `ValidationError` (a usage error) listing the known names when no format
    ///   answers to it.
    func named(_ name: String, option: String) throws -> DataFormat {
        do {
            return try registry.format(fromSetting: name)
        } catch let error as DataMapperError {
            throw ValidationError("\(option): \(error.message.escapingControlCharacters)")
        }
    }

    /// The input's format: `--from`, else the file's extension, else its content.
    /// - Throws: ``DataMapperError`` naming the input when neither tells.
    func inputFormat(named name: DataFormat?, source: InputSource, data: Data) throws -> DataFormat {
        if let name { return name }
        if let path = source.path, let format = try? registry.format(forPath: path) { return format }
        if let format = try? registry.format(sniffing: data) { return format }
        let known = registry.names.joined(separator: ", ")
        let reason = data.isEmpty ? "the input is empty" : "cannot tell the format from the file name or the content"
        throw DataMapperError(.unsupported, message: "\(reason); name it with --from (known formats: \(known))")
            .inFile(source.displayName)
    }

    /// The output's format: `--to`, else the output file's extension, else the input's.
    /// - Throws: `ValidationError` when the output file has an extension no format uses.
    func outputFormat(named name: DataFormat?, outputPath: String?, inputFormat: DataFormat) throws -> DataFormat {
        if let name { return name }
        guard let outputPath, outputPath != "-",
              let fileExtension = FormatRegistry.fileExtension(ofPath: outputPath)
        else { return inputFormat }
        do {
            return try registry.format(forExtension: fileExtension)
        } catch let error as DataMapperError {
            throw ValidationError("cannot tell the output format of \(outputPath.escapingControlCharacters): \(error.message.escapingControlCharacters); name it with --to")
        }
    }
}
