import ArgumentParser
import DataMapperFormats

/// The mutually exclusive `--pretty` / `--compact` flags.
enum LayoutFlag: String, EnumerableFlag {
    case pretty
    case compact

    static func help(for value: LayoutFlag) -> ArgumentHelp? {
        switch value {
        case .pretty: "Lay the output out for people: one entry per line, indented."
        case .compact: "Write the smallest output (the default)."
        }
    }

    /// The library's style for this flag.
    var style: FormatWriteOptions.Style {
        switch self {
        case .pretty: .pretty
        case .compact: .compact
        }
    }
}
