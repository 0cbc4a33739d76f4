import ArgumentParser
import DataMapper
import DataMapperFormats
import Foundation

/// `datamapper get`: prints the value at a key path.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at a key path, such as servers[2].port.",
        discussion: """
            A string prints as its raw text, without quotes or escapes, so that shell \
            scripts can use it directly; with --to it is written in that format instead \
            (--to json prints it quoted). Any other value prints as JSON, or in the --to \
            format. An empty key path means the whole document. A path that leads nowhere \
            exits with status 1 and a message naming it.
            """
    )

    @Argument(help: "The key path, for example 'database.pool.max' or 'upstreams[0].host'.")
    var keyPath: String

    @Argument(help: "The input file; standard input when omitted or '-'.")
    var input: String?

    @Option(name: .long, help: "The input format (see 'datamapper formats').")
    var from: String?

    @Option(name: .long, help: "The output format; JSON when omitted.")
    var to: String?

    @Flag(name: .long, help: "Lay the output out for people: one entry per line, indented.")
    var pretty = false

    @OptionGroup(title: "Conversion options")
    var conversion: ConversionOptionFlags

    @OptionGroup(title: "Reading options")
    var reading: ReadingOptionFlags

    func validate() throws {
        let selection = FormatSelection(registry: .standard)
        if let from { _ = try selection.named(from, option: "--from") }
        if let to { _ = try selection.named(to, option: "--to") }
        do {
            _ = try DataPath(parsing: keyPath)
        } catch let error as DataMapperError {
            throw ValidationError("KEYPATH '\(keyPath.escapingControlCharacters)': \(error.message.escapingControlCharacters) at column \(error.location?.column ?? 1)")
        }
    }

    func run() throws {
        let selection = FormatSelection(registry: .standard)
        let fromFormat = try from.map { try selection.named($0, option: "--from") }
        let toFormat = try to.map { try selection.named($0, option: "--to") }
        let path = try DataPath(parsing: keyPath)
        try reportingFailures {
            let document = try LoadedDocument(source: InputSource(argument: input), format: fromFormat, selection: selection, reading: reading.options)
            let value: SupportedType
            do {
                value = try document.value.value(at: path)
            } catch let error as DataMapperError {
                throw error.inFile(document.source.displayName)
            }
            if toFormat == nil, case .string(let text) = value.kind {
                try OutputSink(argument: nil).write(Data((text + "\n").utf8))
                return
            }
            let options = conversion.applying(to: FormatWriteOptions(style: pretty ? .pretty : .compact))
            try OutputSink(argument: nil).write(try document.write(value, in: toFormat ?? .json, options: options))
        }
    }
}
