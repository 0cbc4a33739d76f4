import ArgumentParser
import DataMapperCore
import DataMapperFormats

/// The flags that say what happens to a value the output format cannot hold, shared
/// by every command that writes.
///
/// Each choice defaults to `error`: the conversion is refused with a message naming
/// the flag, so nothing changes in silence unless asked.
struct ConversionOptionFlags: ParsableArguments {
    /// `--big-numbers`.
    enum BigNumbers: String, ExpressibleByArgument, CaseIterable {
        case string, nearest, error
    }

    /// `--non-finite`.
    enum NonFinite: String, ExpressibleByArgument, CaseIterable {
        case string, null, error
    }

    /// `--ext`.
    enum Ext: String, ExpressibleByArgument, CaseIterable {
        case base64, error
    }

    @Option(help: ArgumentHelp(
        "A number the output format cannot hold exactly (more digits than 64 bits or a double, going to MessagePack): write its text as a string, write the nearest double, or refuse.",
        valueName: "string|nearest|error"
    ))
    var bigNumbers: BigNumbers = .error

    @Option(help: ArgumentHelp(
        "NaN and infinities going to JSON: write the strings \"NaN\", \"Infinity\", \"-Infinity\", write null, or refuse.",
        valueName: "string|null|error"
    ))
    var nonFinite: NonFinite = .error

    @Option(help: ArgumentHelp(
        "MessagePack ext values going to JSON, YAML or XML: write the payload as base64 (the type code is lost), or refuse.",
        valueName: "base64|error"
    ))
    var ext: Ext = .error

    /// `layout` with these flags' choices.
    func applying(to layout: FormatWriteOptions) -> FormatWriteOptions {
        var options = layout
        options.bigNumbers = switch bigNumbers {
        case .string: .string
        case .nearest: .nearest
        case .error: .error
        }
        options.nonFiniteNumbers = switch nonFinite {
        case .string: .string
        case .null: .null
        case .error: .error
        }
        options.extValues = ext == .base64 ? .base64 : .error
        return options
    }
}
