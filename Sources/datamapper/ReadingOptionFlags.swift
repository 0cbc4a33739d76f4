import ArgumentParser
import DataMapperCore
import DataMapperFormats

/// The flags that change how input is read, shared by every command that reads:
/// duplicate keys, the YAML schema and the limits on untrusted input.
///
/// Each maps onto ``FormatReadOptions``; a flag left out keeps the library's default.
struct ReadingOptionFlags: ParsableArguments {
    /// `--duplicate-keys`.
    enum DuplicateKeys: String, ExpressibleByArgument, CaseIterable {
        case error, first, last
    }

    /// `--yaml-schema`.
    enum YAMLSchema: String, ExpressibleByArgument, CaseIterable {
        case yaml11 = "1.1"
        case yaml12 = "1.2"
    }

    @Option(help: ArgumentHelp(
        "What to do with a key repeated in one dictionary: refuse the input, keep the first value, or keep the last.",
        discussion: "Default: last in JSON and MessagePack, error in YAML, whose specification forbids repeated keys.",
        valueName: "error|first|last"
    ))
    var duplicateKeys: DuplicateKeys?

    @Option(help: ArgumentHelp(
        "The YAML schema for plain scalars: 1.2 (the default; yes and no are strings) or 1.1 (yes, no, on, off are booleans; 0777 is octal).",
        valueName: "1.1|1.2"
    ))
    var yamlSchema: YAMLSchema?

    @Option(help: ArgumentHelp("How deeply arrays and dictionaries may nest, in reading and writing. Default \(ParsingLimits.default.maxDepth).", valueName: "levels"))
    var maxDepth: Int?

    @Option(help: ArgumentHelp("The largest input accepted, in bytes. Default \(ParsingLimits.default.maxInputBytes) (1 GiB).", valueName: "bytes"))
    var maxInputBytes: Int?

    @Option(help: ArgumentHelp(
        "The most bytes the whole input may hold. Default: no total limit; --max-input-bytes bounds each document of a stream.",
        valueName: "bytes"
    ))
    var maxStreamBytes: Int?

    @Option(help: ArgumentHelp("How many values YAML aliases may expand to in one document, counting each copy. Default \(ParsingLimits.default.maxExpandedValues).", valueName: "count"))
    var maxExpandedValues: Int?

    @Option(help: ArgumentHelp("How many bytes YAML aliases may copy in one document. Default ten times the input, at least 16 MiB.", valueName: "bytes"))
    var maxExpandedBytes: Int?

    func validate() throws {
        for (name, value) in [
            ("--max-depth", maxDepth), ("--max-input-bytes", maxInputBytes), ("--max-stream-bytes", maxStreamBytes),
            ("--max-expanded-values", maxExpandedValues), ("--max-expanded-bytes", maxExpandedBytes),
        ] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1, not \(value)") }
        }
    }

    /// The library's reading options these flags stand for.
    var options: FormatReadOptions {
        var limits = ParsingLimits.default
        if let maxDepth { limits.maxDepth = maxDepth }
        if let maxInputBytes { limits.maxInputBytes = maxInputBytes }
        limits.maxStreamBytes = maxStreamBytes
        if let maxExpandedValues { limits.maxExpandedValues = maxExpandedValues }
        if let maxExpandedBytes { limits.maxExpandedBytes = maxExpandedBytes }
        let policy: DuplicateKeyPolicy? = switch duplicateKeys {
        case .error: .error
        case .first: .firstWins
        case .last: .lastWins
        case nil: nil
        }
        return FormatReadOptions(limits: limits, duplicateKeys: policy, yamlSchema: yamlSchema == .yaml11 ? .yaml11 : .yaml12)
    }
}
